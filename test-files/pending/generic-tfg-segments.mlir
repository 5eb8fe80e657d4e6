// RUN: %amanda_opt --print-op-generic %s | FileCheck %s

// PENDING: the generic form of tfg region ops and terminators must be one TensorFlow reads
// back. TensorFlow rejects `"tfg.yield"(...)` without its `operandSegmentSizes` property
// ("operand count (3) does not match with the total size (0) specified in attribute
// 'operandSegmentSizes'") and `"tfg.return"(...)` without `control_ret_attrs` ("requires
// attribute 'control_ret_attrs'"); amanda-opt --print-op-generic prints neither.
// Repro: amanda-opt --print-op-generic on this file, fed to TensorFlow's parser.

// CHECK:      "tfg.IfRegion"(%cond, %ctl, %ctl_0) <{operandSegmentSizes = array<i32: 1, 2>}> ({
// CHECK-NEXT:   "tfg.yield"(%x, %ctl_0) <{operandSegmentSizes = array<i32: 1, 1>}> : (tensor<*xf32>, !tf_type.control) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT:   "tfg.yield"(%x) <{operandSegmentSizes = array<i32: 1, 0>}> : (tensor<*xf32>) -> ()
// CHECK:      "tfg.WhileRegion"(%x, %ctl) <{operandSegmentSizes = array<i32: 1, 1>}>
// CHECK:        "tfg.condition"(%t, %a0) <{operandSegmentSizes = array<i32: 1, 1, 0>}>
// CHECK:        "tfg.yield"(%a1) <{operandSegmentSizes = array<i32: 1, 0>}>
// CHECK:      "tfg.return"(%a, %ctl, %a.ctl) {control_ret_attrs = [{}, {}]} : (tensor<i32>, !tf_type.control, !tf_type.control) -> ()

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %x, %ctl = Op : () -> (tensor<*xf32>)
  %cond, %ctl_0 = Cond : () -> (tensor<*xi1>)
  %if, %ctl_1 = IfRegion %cond [%ctl, %ctl_0] then {
    yield(%x) [%ctl_0] : tensor<*xf32>
  } else {
    yield(%x) : tensor<*xf32>
  } : (tensor<*xi1>) -> tensor<*xf32>
  %w, %ctl_2 = WhileRegion(%x) [%ctl] {
  ^bb0(%a0: tensor<*xf32>, %c0: !tf_type.control):
    %t, %ctl_3 = True : () -> (tensor<i1>)
    condition %t : tensor<i1> (%a0) : tensor<*xf32>
  } do {
  ^bb0(%a1: tensor<*xf32>, %c1: !tf_type.control):
    yield(%a1) : tensor<*xf32>
  } {parallel_iterations = 10 : i64} : (tensor<*xf32>) -> tensor<*xf32>
}
tfg.func @ctl(%a: tensor<i32> {tfg.name = "a"})
     -> (tensor<i32>)
 {
  %ctl = NoOp [%a.ctl]
  return(%a) [%ctl, %a.ctl] : tensor<i32>
}
