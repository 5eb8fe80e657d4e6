// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A type missing its closing `>`.

// UNTOUCHED: previous output
// CHECK: malformed-type.mlir:[[@LINE+1]]:28: error: expected '>'
"foo.a"() {t = tensor<2xf32} : () -> ()
