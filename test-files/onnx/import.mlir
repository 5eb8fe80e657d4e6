// RUN: %amanda_opt %S/Inputs/small.onnx | FileCheck %s
// RUN: %amanda_opt %S/Inputs/small.onnx --print-op-generic | %amanda_opt | FileCheck %s

// An ONNX model (Inputs/make_models.py) imports in onnx-mlir's form, declared against the ONNX
// namespaces of its opsets (and verified against them), with what a re-export needs kept as
// onnx.* attributes.

// CHECK:      "func.func"() ({
// CHECK-NEXT: ^{{.*}}(%[[X:.*]]: tensor<?x3xf32>):
// CHECK-NEXT:   %[[NONE:.*]] = "onnx.NoValue"() {value} : () -> none
// CHECK-NEXT:   %[[W:.*]] = "onnx.Constant"() {value = dense<"0x000000000000803E{{[0-9A-F]*}}"> : tensor<3x4xf32>, onnx.initializer, onnx.outputs = ["W"]} : () -> tensor<3x4xf32>
// CHECK-NEXT:   %[[ZERO:.*]] = "onnx.Constant"() {value = dense<"0x00000000"> : tensor<f32>, onnx.initializer, onnx.outputs = ["zero"]}
// CHECK-NEXT:   %[[MM:.*]] = "onnx.MatMul"(%[[X]], %[[W]]) {onnx_node_name = "matmul", onnx.outputs = ["mm"], onnx.doc_string = "X times W"} : (tensor<?x3xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:   %[[R:.*]] = "onnx.Relu"(%[[MM]])
// CHECK-NEXT:   %[[HI:.*]] = "onnx.Constant"() {onnx_node_name = "const", value = dense<6.0e0> : tensor<f32>, onnx.outputs = ["hi"], onnx.tensor_name.value = "hi_value"}
// CHECK-NEXT:   "onnx.Clip"(%[[R]], %[[NONE]], %[[HI]])
// CHECK:        "onnx.ReduceSum"({{.*}}) {onnx_node_name = "sum", keepdims = 0 : si64, onnx.outputs = ["s"]}
// CHECK:        %[[IF:.*]] = "onnx.If"(%{{.*}}) ({
// CHECK-NEXT:     "onnx.Neg"(%[[R]])
// CHECK-NEXT:     "onnx.Yield"
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "onnx.Identity"(%[[R]])
// CHECK-NEXT:     "onnx.Yield"
// CHECK-NEXT:   }) {onnx_node_name = "if", else_branch = {onnx.region = 1 : i64, onnx.graph_name = "else_graph", {{.*}}}, then_branch = {onnx.region = 0 : i64, onnx.graph_name = "then_graph", {{.*}}}, onnx.outputs = ["y"]}
// CHECK-NEXT:   %[[B:.*]] = "onnx.ml.Binarizer"(%[[IF]]) {onnx_node_name = "bin", threshold = 5.0e-1 : f32, onnx.outputs = ["b"], onnx.domain = "ai.onnx.ml"}
// CHECK-NEXT:   %[[Z:.*]] = "onnx.Custom"(%[[B]]) {onnx_node_name = "call", domain_name = "local", function_name = "Twice", onnx.outputs = ["z"]}
// CHECK-NEXT:   "onnx.Return"(%[[Z]]) : (tensor<?x4xf32>) -> ()
// CHECK-NEXT: }) {sym_name = "main_graph", function_type = (tensor<?x3xf32>) -> tensor<?x4xf32>, arg_attrs = [{onnx.name = "X", onnx.dim_params = ["N", ""]}], res_attrs = [{onnx.name = "z", onnx.dim_params = ["N", ""]}], onnx.graph_name = "small", onnx.doc_string = "a small model", onnx.value_info = [{onnx.name = "mm", onnx.dim_params = ["N", ""], type = tensor<?x4xf32>}]}
// CHECK:        "onnx.Add"(%[[A:.*]], %[[A]]) {onnx_node_name = "add", onnx.outputs = ["b"]}
// CHECK:      }) {sym_name = "local.Twice", function_type = (!onnx.Any) -> !onnx.Any, sym_visibility = "private", arg_attrs = [{onnx.name = "a", onnx.no_type}], res_attrs = [{onnx.name = "b", onnx.no_type}], amanda.namespace = ["amanda/onnx/opset-17"], onnx.function, onnx.name = "Twice", onnx.domain = "local", onnx.opset_import = {{\[\[}}"", 17 : i64]]}
// CHECK-NEXT: }) {amanda.namespace = ["amanda/onnx/opset-17", "amanda/onnx/ml/opset-3"], onnx.ir_version = 8 : i64, onnx.opset_import = {{\[\[}}"", 17 : i64], ["ai.onnx.ml", 3 : i64], ["local", 1 : i64]], onnx.producer_name = "make_models.py", onnx.producer_version = "1", onnx.metadata_props = {{\[\["author", "amanda-opt tests"\]\]}}}
