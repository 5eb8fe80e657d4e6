// RUN: %amanda_opt %s | FileCheck %s --check-prefix=PRINT
// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Op names inside a graph may carry the dialect prefix (`tfg.Add`) or not (`Add`, also
// lower-case `placeholder`); the printer elides the prefix, as TensorFlow does.
//
// PRINT:      %a, %ctl = Placeholder : () -> (tensor<f32>)
// PRINT-NEXT: %b, %ctl_0 = Add(%a, %a) : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
// PRINT-NEXT: %c, %ctl_1 = placeholder : () -> (tensor<f32>)

// CHECK:     module {
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
// CHECK-NEXT:    %Placeholder, %ctl = Placeholder : () -> (tensor<f32>)
// CHECK-NEXT:    %Add, %ctl_0 = Add(%Placeholder, %Placeholder) : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
// CHECK-NEXT:    %placeholder, %ctl_1 = placeholder : () -> (tensor<f32>)
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %a, %ctl = tfg.Placeholder : () -> (tensor<f32>)
  %b, %ctl_0 = tfg.Add(%a, %a) : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %c, %ctl_1 = placeholder : () -> (tensor<f32>)
}
