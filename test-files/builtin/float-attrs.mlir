// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Float attributes keep their spelling when printed (decimal, exponent, hex bit patterns,
// negative zero, untyped = f64). `--canonical` prints them as mlir-opt does: `%e` form when
// that reads back exactly, else the hex bit pattern (f16 values: float-f16-canonical.mlir).

// CHECK:     module {
// CHECK-NEXT:  "foo.floats"() {a = 1.000000e+00 : f32, b = 1.500000e+00 : f32, c = -2.500000e+03 : f64, d = 0x7FC00000 : f32, e = 0.000000e+00 : f16, f = 3.000000e+00 : bf16, g = 1.000000e-01 : f64, h = 1.000000e+02 : f32, i = 0.000000e+00 : f32, j = -0.000000e+00 : f32, k = 0x419D6F3454000000 : f64, l = 0x7FF0000000000000 : f64, m = 1.000000e+02 : f32, n = 2.500000e+00 : f64, o = -1.000000e+300 : f64, p = 5.000000e-01 : f80} : () -> ()
// CHECK-NEXT:}

"foo.floats"() {a = 1.0 : f32, b = 1.5 : f32, c = -2.5e3 : f64, d = 0x7FC00000 : f32, e = 1.0e-10 : f16, f = 3.0 : bf16, g = 0.1 : f64, h = 100.0 : f32, i = 0.0 : f32, j = -0.0 : f32, k = 123456789.0 : f64, l = 0x7FF0000000000000 : f64, m = 1.0E+2 : f32, n = 2.5, o = -1.0e+300 : f64, p = 0.5 : f80} : () -> ()
