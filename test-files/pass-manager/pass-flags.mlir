// RUN: %amanda_opt %s -test-mark-func --test-mark-graph '--test-mark-func=name=second' | FileCheck %s
// RUN: %amanda_opt %s --pass=test-mark-func --pass test-mark-graph '--pass=test-mark-func{name=second}' | FileCheck %s
// RUN: %amanda_opt %s '--test-mark-func=name="second"' --test-mark-graph --test-mark-func | FileCheck %s --check-prefix=ORDER
// RUN: %amanda_opt %s --test-mark-func --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=IMPLICIT
// RUN: %amanda_opt %s --test-mark | FileCheck %s --check-prefix=MODULE
// RUN: %amanda_opt %s --test-mark-func='name=x start=7' | FileCheck %s --check-prefix=QUOTED
// RUN: not %amanda_opt %s --test-mark --pass-pipeline='builtin.module(test-mark)' 2>&1 | FileCheck %s --check-prefix=MIXED

// Every registered pass is a flag: `-NAME`, `--NAME`, `--NAME=OPTIONS` (mlir-opt's form,
// the value is the whole option string), `--pass=NAME{OPTIONS}`, `--pass NAME`. Passes
// given this way form one pipeline in command-line order; a pass anchored on an op
// (test-mark-func: tfg.func) runs on each such op (implicit nesting). A pass for any op
// given at the top level runs once, on the module. As mlir-opt, --pass-pipeline cannot be
// combined with passes given separately.

// CHECK:       "tfg.graph"
// CHECK:       }) {version = {{.*}}, test.mark = "0"}
// CHECK:       tfg.func @f
// CHECK:       attributes {test.mark = "0", second = "0"}
// CHECK:       tfg.func @g
// CHECK:       attributes {test.mark = "1", second = "1"}

// ORDER:       tfg.func @f
// ORDER:       attributes {second = "0", test.mark = "0"}

// IMPLICIT:      builtin.module(
// IMPLICIT-NEXT:   tfg.func(
// IMPLICIT-NEXT:     test-mark-func
// IMPLICIT-NEXT:   )
// IMPLICIT-NEXT: )

// MODULE:      tfg.func @f
// MODULE-NOT:  test.mark

// QUOTED:     tfg.func @f
// QUOTED:     attributes {x = "7"}

// MIXED: amanda-opt: error: '--pass-pipeline' option can't be used with individual pass options

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %A, %ctl = A : () -> (tensor<i32>)
}
tfg.func @f(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
tfg.func @g(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
