// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A string literal without its closing quote: the error points at the opening quote.

// UNTOUCHED: previous output
// CHECK: unterminated-string.mlir:[[@LINE+2]]:16: error: expected '"' in string literal
// CHECK-NOT: error:
"foo.a"() {s = "abc} : () -> ()
