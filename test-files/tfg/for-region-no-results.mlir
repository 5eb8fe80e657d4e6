// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// A ForRegion without data operands or results: its type is `: (index types)`, no arrow
// (TensorFlow's corpus, region-invalid-ops.mlir, uses it).

// CHECK:     module {
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CHECK-NEXT:    %Index, %ctl = Index : () -> (tensor<i32>)
// CHECK-NEXT:    %ctl_0 = ForRegion [%ctl] from %Index to %Index by %Index {
// CHECK-NEXT:    ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
// CHECK-NEXT:      yield
// CHECK-NEXT:    } : (tensor<i32>, tensor<i32>, tensor<i32>)
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %ctl_0 = ForRegion [%ctl] from %Index to %Index by %Index {
  ^bb0(%i: tensor<i32>, %c: !tf_type.control):
    yield
  } : (tensor<i32>, tensor<i32>, tensor<i32>)
}
