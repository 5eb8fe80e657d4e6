// RUN: not %amanda_opt %s 2>&1 | FileCheck %s

// PENDING: a `module` may only carry attributes whose names have a dialect prefix; mlir-opt
// rejects `x` with "'builtin.module' op can only contain attributes with dialect-prefixed
// names, found: 'x'", amanda-opt accepts it.
// Repro: echo 'module attributes {x = 1 : i32} {}' | amanda-opt

// CHECK: module-attr-dialect-prefix.mlir:[[@LINE+1]]:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'x'
module attributes {x = 1 : i32} {
}
