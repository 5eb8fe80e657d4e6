// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// `array<T: ...>` dense array attributes: empty, integers of several widths (also hex and
// negative), i1 booleans, floats (printed in %e form by --canonical).

// CHECK:     module {
// CHECK-NEXT:  "foo.arrays"() {a = array<i32>, b = array<i64: 1, 2, 3>, c = array<f32: 1.000000e+00, 2.500000e+00>, d = array<i1: true, false>, e = array<i8: -1>, f = array<f64: -5.000000e-01>, g = array<i16: 16>} : () -> ()
// CHECK-NEXT:}

"foo.arrays"() {a = array<i32>, b = array<i64: 1, 2, 3>, c = array<f32: 1.0, 2.5>, d = array<i1: true, false>, e = array<i8: -1>, f = array<f64: -0.5>, g = array<i16: 0x10>} : () -> ()
