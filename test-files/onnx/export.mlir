// RUN: %amanda_opt %s --emit=onnx -o %t.onnx
// RUN: %amanda_opt %t.onnx | FileCheck %s

// IR written by hand (no onnx.* bookkeeping) exports to a complete model: the opset and IR
// version from the declared namespace, the graph named after its function, values named by
// the outputs they feed or freshly, a splat expanded, attribute types from their IR form.

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: tensor<2x3xf32>):
    %w = "onnx.Constant"() {value = dense<1.5> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %a = "onnx.Add"(%x, %w) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %r = "onnx.LeakyRelu"(%a) {alpha = 0.2 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "onnx.Return"(%r) : (tensor<2x3xf32>) -> ()
  }) {sym_name = "main_graph", function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, arg_attrs = [{onnx.name = "x"}], res_attrs = [{onnx.name = "y"}]} : () -> ()
}) {amanda.namespace = "amanda/onnx/opset-13"} : () -> ()

// CHECK:      ^{{.*}}(%[[X:.*]]: tensor<2x3xf32>):
// CHECK-NEXT:   %[[W:.*]] = "onnx.Constant"() {value = dense<{{\[\[}}1.5e0, 1.5e0, 1.5e0], [1.5e0, 1.5e0, 1.5e0]]> : tensor<2x3xf32>, onnx.outputs = ["amanda_1"]}
// CHECK-NEXT:   %[[A:.*]] = "onnx.Add"(%[[X]], %[[W]]) {onnx.outputs = ["amanda_2"]}
// CHECK-NEXT:   %[[R:.*]] = "onnx.LeakyRelu"(%[[A]]) {alpha = 2.0e-1 : f32, onnx.outputs = ["y"]}
// CHECK-NEXT:   "onnx.Return"(%[[R]])
// CHECK-NEXT: }) {sym_name = "main_graph", function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, arg_attrs = [{onnx.name = "x"}], res_attrs = [{onnx.name = "y"}], onnx.graph_name = "main_graph"}
// CHECK-NEXT: }) {amanda.namespace = ["amanda/onnx/opset-13"], onnx.ir_version = 7 : i64, onnx.opset_import = {{\[\[}}"", 13 : i64]]}
