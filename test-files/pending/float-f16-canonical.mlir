// RUN: %amanda_opt --canonical %s | FileCheck %s

// PENDING: `--canonical` prints f16/bf16 values as mlir-opt does (APFloat's shortest
// digits at the precision of the type, padded with zeros): 0.1 : f16 is `9.997550e-02`,
// amanda-opt prints `9.997560e-02` (the other values here already agree).
// Repro: amanda-opt --canonical on this file.

// CHECK:     module {
// CHECK-NEXT:  "foo.floats"() {a = 6.499020e-01 : f16, b = 9.997550e-02 : f16, c = 3.007810e-01 : bf16, d = 1.099610e+00 : f16} : () -> ()
// CHECK-NEXT:}

"foo.floats"() {a = 6.5e-1 : f16, b = 0.1 : f16, c = 0.3 : bf16, d = 1.1 : f16} : () -> ()
