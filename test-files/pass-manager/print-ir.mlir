// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark), verify)' --print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark), verify)' --mlir-print-ir-before-all 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(verify, tfg.func(test-mark))' --print-ir-before=test-mark --print-ir-after=verify,test-mark 2>&1 >/dev/null | FileCheck %s --check-prefix=SOME
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark{dry-run}), verify, tfg.func(test-mark))' --print-ir-after-all --mlir-print-ir-after-change 2>&1 >/dev/null | FileCheck %s --check-prefix=CHANGE
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark, test-fail))' --print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=FAILURE
// RUN: %amanda_opt %s --test-mark-func --print-ir-after-all --print-ir-module-scope 2>&1 >/dev/null | FileCheck %s --check-prefix=SCOPE
// RUN: %amanda_opt %s --test-mark-func --print-ir-after-change 2>&1 >/dev/null | count 0

// IR dumps on stderr as mlir-opt writes them: a header naming the pass (the CamelCase of
// its name stands for MLIR's C++ class name, then the name), the op the pass ran on (each
// tfg.func for a nested pass, the module for a module pass; the whole module with
// --print-ir-module-scope, whose header names the op), and a blank line.
// --print-ir-after-change only filters the dumps after passes (it prints nothing alone), as
// mlir-opt; --print-ir-after-failure prints the op a pass failed on.

//      AFTER:// -----// IR Dump After TestMark (test-mark) //----- //
// AFTER-NEXT:tfg.func @f
// AFTER-NEXT:  -> (tensor<i32>)
// AFTER-NEXT:  attributes {test.mark = "0"} {
//      AFTER:}
// AFTER-EMPTY:
// AFTER-NEXT:// -----// IR Dump After TestMark (test-mark) //----- //
// AFTER-NEXT:tfg.func @g
//      AFTER:// -----// IR Dump After Verify (verify) //----- //
// AFTER-NEXT:tfg.graph
//      AFTER:tfg.func @f
//      AFTER:tfg.func @g

//      BEFORE:// -----// IR Dump Before TestMark (test-mark) //----- //
// BEFORE-NEXT:tfg.func @f
//  BEFORE-NOT:test.mark
//      BEFORE:// -----// IR Dump Before TestMark (test-mark) //----- //
// BEFORE-NEXT:tfg.func @g
//      BEFORE:// -----// IR Dump Before Verify (verify) //----- //
//      BEFORE:test.mark = "1"

//      SOME:// -----// IR Dump After Verify (verify) //----- //
//      SOME:// -----// IR Dump Before TestMark (test-mark) //----- //
// SOME-NEXT:tfg.func @f
//      SOME:// -----// IR Dump After TestMark (test-mark) //----- //
// SOME-NEXT:tfg.func @f
//      SOME:// -----// IR Dump Before TestMark (test-mark) //----- //
// SOME-NEXT:tfg.func @g
//      SOME:// -----// IR Dump After TestMark (test-mark) //----- //
// SOME-NEXT:tfg.func @g
//  SOME-NOT:IR Dump

//     CHANGE-NOT:IR Dump
//         CHANGE:// -----// IR Dump After TestMark (test-mark) //----- //
//    CHANGE-NEXT:tfg.func @f
//         CHANGE:// -----// IR Dump After TestMark (test-mark) //----- //
//    CHANGE-NEXT:tfg.func @g
//     CHANGE-NOT:IR Dump

//     FAILURE-NOT:IR Dump
//         FAILURE:// -----// IR Dump After TestFail Failed (test-fail) //----- //
//    FAILURE-NEXT:tfg.func @f
//         FAILURE:  attributes {test.mark = "0"} {
//         FAILURE:error: test-fail: failing on 'tfg.func' op
//     FAILURE-NOT:IR Dump

//      SCOPE:// -----// IR Dump After TestMarkFunc (test-mark-func) ('tfg.func' operation: @f) //----- //
// SCOPE-NEXT:tfg.graph
//      SCOPE:// -----// IR Dump After TestMarkFunc (test-mark-func) ('tfg.func' operation: @g) //----- //
// SCOPE-NEXT:tfg.graph

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %A, %ctl = A : () -> (tensor<i32>)
}
tfg.func @f(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
tfg.func @g(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
