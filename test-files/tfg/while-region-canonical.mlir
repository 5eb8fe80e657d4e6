// RUN: %amanda_opt --canonical %s | FileCheck %s

// The --canonical output of a WhileRegion, as TensorFlow prints it (`parallel_iterations = 10 : i64`).

// CHECK:      module {
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CHECK-NEXT:    %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xi32>)
// CHECK-NEXT:    %WhileRegion:2, %ctl_0 = WhileRegion(%Op#0, %Op#1) [%ctl] {
// CHECK-NEXT:    ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
// CHECK-NEXT:      %Less, %ctl_3 = Less(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi1>)
// CHECK-NEXT:      condition %Less : tensor<*xi1> (%arg0, %arg1) [%ctl_3] : tensor<*xf32>, tensor<*xi32>
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
// CHECK-NEXT:      %Fwd:2, %ctl_3 = Fwd(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
// CHECK-NEXT:      yield(%Fwd#0, %Fwd#1) [%ctl_3, %arg3] : tensor<*xf32>, tensor<*xi32>
// CHECK-NEXT:    } {parallel_iterations = 10 : i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
// CHECK-NEXT:    %WhileRegion_1, %ctl_2 = WhileRegion(%Op#0) {
// CHECK-NEXT:    ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
// CHECK-NEXT:      %True, %ctl_3 = True : () -> (tensor<i1>)
// CHECK-NEXT:      condition %True : tensor<i1> (%arg0) : tensor<*xf32>
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
// CHECK-NEXT:      yield(%arg0) : tensor<*xf32>
// CHECK-NEXT:    } {parallel_iterations = 1 : i64} : (tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xi32>)
  %While:2, %ctl_0 = WhileRegion(%Op#0, %Op#1) [%ctl] {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    %Less, %ctl_1 = Less(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi1>)
    condition %Less : tensor<*xi1> (%arg0, %arg1) [%ctl_1] : tensor<*xf32>, tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    %Fwd:2, %ctl_1 = Fwd(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
    yield(%Fwd#0, %Fwd#1) [%ctl_1, %arg3] : tensor<*xf32>, tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
  %While2, %ctl_2 = WhileRegion(%Op#0) {
  ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
    %True, %ctl_3 = True : () -> (tensor<i1>)
    condition %True : tensor<i1> (%arg0) : tensor<*xf32>
  } do {
  ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<*xf32>
  } {parallel_iterations = 1 : i64} : (tensor<*xf32>) -> tensor<*xf32>
}
