// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// An attribute dictionary without its closing brace: `: () -> ()` is then read as the
// type of the attribute `2`; the error is at that type (where mlir-opt reports "integer
// literal not valid for specified type"), and says a `}` may be missing.

// UNTOUCHED: previous output
// CHECK: unclosed-dictionary.mlir:[[@LINE+1]]:23: error: expected '}' or ',' after the attribute value{{.*}}is a '}' missing?
"foo.a"() {a = 1, b = 2 : () -> ()
