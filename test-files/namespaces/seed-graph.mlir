// REQUIRES: seeds
// RUN: %seed_yaml namespace amanda/tensorflow/1.13.1 > %t.yaml
// RUN: amanda-opt %s --namespace-file %t.yaml | FileCheck %s
// RUN: amanda-opt %s --namespace-file %t.yaml --pass=verify-namespace | FileCheck %s
// The single-layer network of the Amanda design document (section "A realistic example"),
// written as a tfg graph that declares the design's TensorFlow 1.13.1 namespace: it verifies
// against the design's YAML namespace schema.

// CHECK: module attributes {amanda.namespace = "amanda/tensorflow/1.13.1"}
// CHECK: MatMul(%Placeholder, %VariableV2) name("dense/MatMul")
module attributes {amanda.namespace = "amanda/tensorflow/1.13.1"} {
  tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
    %Placeholder, %ctl = Placeholder name("Placeholder") {dtype = f32, shape = #tf_type.shape<1x784>} : () -> (tensor<1x784xf32>)
    %VariableV2, %ctl_0 = VariableV2 name("dense/kernel") {container = "", dtype = f32, shape = #tf_type.shape<784x10>, shared_name = ""} : () -> (tensor<784x10x!tf_type.f32ref>)
    %MatMul, %ctl_1 = MatMul(%Placeholder, %VariableV2) name("dense/MatMul") {T = f32, transpose_a = false, transpose_b = false} : (tensor<1x784xf32>, tensor<784x10x!tf_type.f32ref>) -> (tensor<1x10xf32>)
    %Relu, %ctl_2 = Relu(%MatMul) name("dense/Relu") {T = f32} : (tensor<1x10xf32>) -> (tensor<1x10xf32>)
  }
}
