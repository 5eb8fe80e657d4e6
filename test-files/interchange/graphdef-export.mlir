// RUN: %amanda_opt %s -mlir-to-graphdef | FileCheck %s
// RUN: %amanda_opt %s --emit=pbtxt | FileCheck %s

// tfg text → GraphDef: data inputs by index, control inputs, devices, function outputs by
// their op's output arg names, locations back to experimental_debug_info.

tfg.graph #tf_type.version<producer = 3, min_consumer = 1> {
  %a:2, %ctl = Unpack(%p) name("unpack") {T = f32, axis = 0 : i64, num = 2 : i64} : (tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %p, %ctl_0 = Placeholder device("/device:CPU:0") name("p") {dtype = f32, shape = #tf_type.shape<2x?>} : () -> (tensor<*xf32>) loc("p_orig")
  %ctl_1 = NoOp [%ctl, %ctl_0] name("n") : () -> ()
  %s, %ctl_2 = AddV2(%a#1, %a#0) [%ctl_1] name("sum") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: name: "unpack"
// CHECK-NEXT:  op: "Unpack"
// CHECK-NEXT:  input: "p"
// CHECK:       name: "p"
// CHECK-NEXT:  op: "Placeholder"
// CHECK-NEXT:  device: "/device:CPU:0"
// CHECK:           dim {
// CHECK-NEXT:        size: 2
// CHECK:           dim {
// CHECK-NEXT:        size: -1
// CHECK:       experimental_debug_info {
// CHECK-NEXT:    original_node_names: "p_orig"
// CHECK:       name: "n"
// CHECK-NEXT:  op: "NoOp"
// CHECK-NEXT:  input: "^unpack"
// CHECK-NEXT:  input: "^p"
// CHECK:       name: "sum"
// CHECK-NEXT:  op: "AddV2"
// CHECK-NEXT:  input: "unpack:1"
// CHECK-NEXT:  input: "unpack"
// CHECK-NEXT:  input: "^n"
// CHECK:       versions {
// CHECK-NEXT:    producer: 3
// CHECK-NEXT:    min_consumer: 1
