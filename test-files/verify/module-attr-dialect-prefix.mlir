// RUN: not %amanda_opt --split-input-file %s 2>&1 | FileCheck %s

// A `module`'s attribute names must be dialect-prefixed (but sym_name, sym_visibility).

// CHECK: module-attr-dialect-prefix.mlir:[[@LINE+1]]:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'x'
module attributes {x = 1 : i32} {
}

// -----
// CHECK: module-attr-dialect-prefix.mlir:[[@LINE+2]]:3: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'a'
module @outer attributes {sym_visibility = "private", tf.ok = 1 : i32} {
  module attributes {b = 1 : i32, a = 2 : i32} {
  }
}
// CHECK-NOT: error
