// RUN: %amanda_opt %S/Inputs/small-graph.pbtxt --emit=pbtxt | FileCheck %s
// RUN: %amanda_opt %S/Inputs/small-graph.pbtxt --emit=graphdef -o %t.pb
// RUN: %amanda_opt %t.pb --emit=pbtxt | FileCheck %s
// RUN: %amanda_opt %S/Inputs/small-graph.pbtxt -o %t.mlir
// RUN: %amanda_opt %t.mlir -mlir-to-graphdef | FileCheck %s

// GraphDef → IR → GraphDef, through text, binary (.pb) and the printed IR: what was read
// comes back (plus the op's default attributes, as TensorFlow's importer adds them), in
// TensorFlow's pbtxt layout (fields by tag, map entries by key, C escapes).

// CHECK-LABEL: node {
// CHECK-NEXT:   name: "x"
// CHECK-NEXT:   op: "Placeholder"
// CHECK-NEXT:   device: "/job:localhost/replica:0/task:0/device:CPU:0"
// CHECK:      name: "c"
// CHECK:          tensor_content: "\000\000\200?\000\000\000@\000\000@@"
// CHECK:      name: "split"
// CHECK-NEXT: op: "Split"
// CHECK-NEXT: input: "dim"
// CHECK-NEXT: input: "x"
// CHECK:      name: "call"
// CHECK-NEXT: op: "scale"
// CHECK-NEXT: input: "split:1"
// CHECK-NEXT: input: "^c"
// CHECK:            s: "a\tb"
// CHECK-NEXT:       i: 4
// CHECK-NEXT:       f: 0.5
// CHECK-NEXT:       b: true
// CHECK-NEXT:       type: DT_INT64
// CHECK:      experimental_type {
// CHECK-NEXT:   type_id: TFT_PRODUCT
// CHECK-NEXT:   args {
// CHECK-NEXT:     type_id: TFT_TENSOR
// CHECK:      library {
// CHECK-NEXT:   function {
// CHECK-NEXT:     signature {
// CHECK-NEXT:       name: "scale"
// CHECK:            is_stateful: true
// CHECK-NEXT:       control_output: "side"
// CHECK:            input: "two:output:0"
// CHECK:          ret {
// CHECK-NEXT:       key: "out"
// CHECK-NEXT:       value: "mul:z:0"
// CHECK:          control_ret {
// CHECK-NEXT:       key: "side"
// CHECK-NEXT:       value: "two"
// CHECK:          arg_attr {
// CHECK-NEXT:       key: 0
// CHECK:          resource_arg_unique_id {
// CHECK-NEXT:       key: 0
// CHECK-NEXT:       value: 7
// CHECK:        gradient {
// CHECK-NEXT:     function_name: "scale"
// CHECK-NEXT:     gradient_func: "scale_grad"
// CHECK:      versions {
// CHECK-NEXT:   producer: 1234
// CHECK-NEXT:   min_consumer: 12
// CHECK-NEXT:   bad_consumers: 5
