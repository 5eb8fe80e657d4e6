// RUN: %roundtrip %s
// RUN: %amanda_opt %s | FileCheck %s
// RUN: %amanda_opt --canonical %s | FileCheck %s --check-prefix=CANON

// tfg.graph: a version attribute, an unordered body (a use may come before its
// definition) and an empty graph.

// CHECK-LABEL: tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CHECK-NEXT:    %Sum, %ctl = AddV2(%a, %b) : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
// CHECK-NEXT:    %a, %ctl_0 = Const : () -> (tensor<f32>)
// CHECK-NEXT:    %b, %ctl_1 = Const : () -> (tensor<f32>)
// CHECK-NEXT:  }
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 1, min_consumer = 1, bad_consumers = [1, 2, 5, 12]> {
// CHECK-NEXT:  }

// CANON:      module {
// CANON-NEXT:   tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CANON-NEXT:     %AddV2, %ctl = AddV2(%Const, %Const_1) : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
// CANON-NEXT:     %Const, %ctl_0 = Const : () -> (tensor<f32>)
// CANON-NEXT:     %Const_1, %ctl_2 = Const : () -> (tensor<f32>)
// CANON-NEXT:   }
// CANON-NEXT:   tfg.graph #tf_type.version<producer = 1, min_consumer = 1, bad_consumers = [1, 2, 5, 12]> {
// CANON-NEXT:   }
// CANON-NEXT: }

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Sum, %ctl = AddV2(%a, %b) : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %a, %ctl_0 = Const : () -> (tensor<f32>)
  %b, %ctl_1 = Const : () -> (tensor<f32>)
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 1, bad_consumers = [1, 2, 5, 12]> {
}
