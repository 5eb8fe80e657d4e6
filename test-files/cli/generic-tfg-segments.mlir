// RUN: %amanda_opt --print-op-generic %s | FileCheck %s
// RUN: %amanda_opt --print-op-generic %s -o %t.generic
// RUN: %amanda_opt --canonical %t.generic -o %t.from-generic
// RUN: %amanda_opt --canonical %s -o %t.from-custom
// RUN: diff %t.from-custom %t.from-generic
// RUN: %roundtrip %t.generic --print-op-generic

// --print-op-generic spells the operandSegmentSizes of tfg's ops with several variadic
// operand groups (yield, condition, the WhileRegion ops, ForRegion; not IfRegion or
// CaseRegion, whose ODS has one) and return's control_ret_attrs, as TensorFlow prints
// and requires them; read back, the generic form is the same IR.

// CHECK:      "tfg.IfRegion"(%cond, %ctl, %ctl_0) ({
// CHECK-NEXT:   "tfg.yield"(%x, %ctl_0) <{operandSegmentSizes = array<i32: 1, 1>}> : (tensor<*xf32>, !tf_type.control) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT:   "tfg.yield"(%x) <{operandSegmentSizes = array<i32: 1, 0>}> : (tensor<*xf32>) -> ()
// CHECK:      "tfg.WhileRegion"(%x, %ctl) <{operandSegmentSizes = array<i32: 1, 1>}>
// CHECK:        "tfg.condition"(%t, %a0) <{operandSegmentSizes = array<i32: 1, 1, 0>}>
// CHECK:        "tfg.yield"(%a1) <{operandSegmentSizes = array<i32: 1, 0>}>
// CHECK:      "tfg.CaseRegion"(%i, %ctl) ({
// CHECK-NEXT:   "tfg.yield"(%x, %ctl_0) <{operandSegmentSizes = array<i32: 1, 1>}>
// CHECK:      "tfg.StatelessWhileRegion"(%x, %ctl, %ctl_0) <{operandSegmentSizes = array<i32: 1, 2>}>
// CHECK:        "tfg.condition"(%t2, %b0, %c2) <{operandSegmentSizes = array<i32: 1, 1, 1>}>
// CHECK:        "tfg.yield"(%b1, %c3) <{operandSegmentSizes = array<i32: 1, 1>}>
// CHECK:      "tfg.ForRegion"(%i, %i, %i, %x, %ctl) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}>
// CHECK:        "tfg.yield"(%f1) <{operandSegmentSizes = array<i32: 1, 0>}>
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
  %i, %ctl_4 = Idx : () -> (tensor<i32>)
  %case, %ctl_5 = CaseRegion %i [%ctl] {
    yield(%x) [%ctl_0] : tensor<*xf32>
  }, {
    yield(%x) : tensor<*xf32>
  } : (tensor<i32>) -> tensor<*xf32>
  %w2, %ctl_6 = StatelessWhileRegion(%x) [%ctl, %ctl_0] {
  ^bb0(%b0: tensor<*xf32>, %c2: !tf_type.control):
    %t2, %ctl_7 = True : () -> (tensor<i1>)
    condition %t2 : tensor<i1> (%b0) [%c2] : tensor<*xf32>
  } do {
  ^bb0(%b1: tensor<*xf32>, %c3: !tf_type.control):
    yield(%b1) [%c3] : tensor<*xf32>
  } {parallel_iterations = 10 : i64} : (tensor<*xf32>) -> tensor<*xf32>
  %for, %ctl_8 = ForRegion(%x) [%ctl] from %i to %i by %i {
  ^bb0(%n: tensor<i32>, %f1: tensor<*xf32>, %cn: !tf_type.control, %cf: !tf_type.control):
    yield(%f1) : tensor<*xf32>
  } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @ctl(%a: tensor<i32> {tfg.name = "a"})
     -> (tensor<i32>)
 {
  %ctl = NoOp [%a.ctl]
  return(%a) [%ctl, %a.ctl] : tensor<i32>
}
