// RUN: amanda-opt %s --print-port-names | FileCheck %s --check-prefix=PORTS
// RUN: amanda-opt %s --pass=materialize-default-attrs | FileCheck %s --check-prefix=FULL
// RUN: amanda-opt %s --pass=strip-default-attrs | FileCheck %s --check-prefix=STRIP
// RUN: amanda-opt %s --pass=materialize-default-attrs | amanda-opt - --pass=strip-default-attrs | FileCheck %s --check-prefix=STRIP
// Ports by name come from the schema (a number_attr port covers N operands); defaults come
// from the schema too: materialized, or stripped where an attribute equals its default.

module attributes {amanda.namespace = "amanda/tensorflow/2.21"} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<*>} : () -> (tensor<2x2xf32>)
    %axis, %ctl_0 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %c, %ctl_1 = ConcatV2(%x, %x, %axis) [%ctl] name("c") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<i32>) -> (tensor<4x2xf32>)
    %m, %ctl_2 = MatMul(%c, %x) name("m") {T = f32, transpose_a = false, transpose_b = true} : (tensor<4x2xf32>, tensor<2x2xf32>) -> (tensor<4x2xf32>)
  }
}

// PORTS:      // ports: () -> (output)
// PORTS-NEXT: %x, %ctl = Placeholder
// PORTS:      // ports: (values#0, values#1, axis) -> (output)
// PORTS-NEXT: %c, %ctl_1 = ConcatV2
// PORTS:      // ports: (a, b) -> (product)
// PORTS-NEXT: %m, %ctl_2 = MatMul

// FULL: ConcatV2(%x, %x, %axis) [%ctl] name("c") {N = 2 : i64, T = f32, Tidx = i32} :
// FULL: MatMul(%c, %x) name("m") {T = f32, transpose_a = false, transpose_b = true, grad_a = false, grad_b = false} :

// STRIP: Placeholder name("x") {dtype = f32} :
// STRIP: ConcatV2(%x, %x, %axis) [%ctl] name("c") {N = 2 : i64, T = f32} :
// STRIP: MatMul(%c, %x) name("m") {T = f32, transpose_b = true} :
