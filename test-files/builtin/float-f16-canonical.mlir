// RUN: %amanda_opt --canonical %s | FileCheck %s

// f16/bf16 values print as mlir-opt prints them (APFloat's shortest digits at the type's precision).

// CHECK:     module {
// CHECK-NEXT:  "foo.floats"() {a = 6.499020e-01 : f16, b = 9.997550e-02 : f16, c = 3.007810e-01 : bf16, d = 1.099610e+00 : f16} : () -> ()
// CHECK-NEXT:}

"foo.floats"() {a = 6.5e-1 : f16, b = 0.1 : f16, c = 0.3 : bf16, d = 1.1 : f16} : () -> ()
