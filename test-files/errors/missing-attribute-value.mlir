// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A key with `=` but no value: the error points at what stands in its place.

// UNTOUCHED: previous output
// CHECK: missing-attribute-value.mlir:[[@LINE+1]]:16: error: expected {{.*}}found ','
"foo.a"() {a = , b = 2} : () -> ()
