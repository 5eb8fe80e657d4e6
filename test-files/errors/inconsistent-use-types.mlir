// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A value used with another type than it was defined with (mlir-opt: same place, same
// words).

// UNTOUCHED: previous output
%0 = "foo.a"() : () -> i32
// CHECK: inconsistent-use-types.mlir:[[@LINE+1]]:9: error: use of value '%0' expects different type than prior uses: 'f32' vs 'i32'
"foo.b"(%0) : (f32) -> ()
