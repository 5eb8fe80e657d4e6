// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A region never closed: the error is at the end of the file.

// UNTOUCHED: previous output
// CHECK: missing-brace.mlir:[[@LINE+2]]:23: error: expected {{.*}}found end of file
"foo.a"() ({
  "foo.b"() : () -> ()
