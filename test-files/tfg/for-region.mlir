// RUN: %amanda_opt %s | FileCheck %s
// RUN: %idempotent %s

// ForRegion: loop-carried operands, control operands, `from %a to %b by %c` bounds, a body
// whose entry block takes the index, the carried values and their control tokens and ends
// in `yield`, an attribute dictionary, the full function type. (See also
// tfg/for-region-type.mlir and, for the form without results, tfg/for-region-no-results.mlir.)

// CHECK-LABEL: tfg.graph
// CHECK:         %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index#0 to %Index#1 by %Index#2 {
// CHECK-NEXT:    ^bb0(%i: tensor<i32>, %x: tensor<*xf32>, %c0: !tf_type.control, %c1: !tf_type.control):
// CHECK-NEXT:      %Next, %ctl_2 = Next(%x) [%c1] : (tensor<*xf32>) -> (tensor<*xf32>)
// CHECK-NEXT:      yield(%Next) [%c0] : tensor<*xf32>
// CHECK-NEXT:    } {T = [f32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index:3, %ctl = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index#0 to %Index#1 by %Index#2 {
  ^bb0(%i: tensor<i32>, %x: tensor<*xf32>, %c0: !tf_type.control, %c1: !tf_type.control):
    %Next, %ctl_2 = Next(%x) [%c1] : (tensor<*xf32>) -> (tensor<*xf32>)
    yield(%Next) [%c0] : tensor<*xf32>
  } {T = [f32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}
