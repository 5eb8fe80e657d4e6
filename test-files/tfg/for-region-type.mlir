// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// A ForRegion's trailing type `(index types, carried types) -> (result types)` prints as
// written and as TensorFlow prints it.

// CHECK:     module {
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CHECK-NEXT:    %Index:3, %ctl = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
// CHECK-NEXT:    %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
// CHECK-NEXT:    %ForRegion, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index#0 to %Index#1 by %Index#2 {
// CHECK-NEXT:    ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
// CHECK-NEXT:      %Next, %ctl_2 = Next(%arg1) [%arg3] : (tensor<*xf32>) -> (tensor<*xf32>)
// CHECK-NEXT:      yield(%Next) [%arg2] : tensor<*xf32>
// CHECK-NEXT:    } {T = [f32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index:3, %ctl = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index#0 to %Index#1 by %Index#2 {
  ^bb0(%i: tensor<i32>, %x: tensor<*xf32>, %c0: !tf_type.control, %c1: !tf_type.control):
    %Next, %ctl_2 = Next(%x) [%c1] : (tensor<*xf32>) -> (tensor<*xf32>)
    yield(%Next) [%c0] : tensor<*xf32>
  } {T = [f32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}
