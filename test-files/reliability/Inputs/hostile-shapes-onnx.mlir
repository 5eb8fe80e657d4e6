"builtin.module"() ({
  "func.func"() ({
  ^bb0_0(%arg0: tensor<100000x100000x100000xf32>):
    %Constant = "onnx.Constant"() {value = dense<1.0> : tensor<100000x100000x100000xf32>, onnx.initializer, onnx.outputs = ["w"]} : () -> tensor<100000x100000x100000xf32>
    %Add = "onnx.Add"(%arg0, %Constant) {onnx_node_name = "add", onnx.outputs = ["y"]} : (tensor<100000x100000x100000xf32>, tensor<100000x100000x100000xf32>) -> tensor<100000x100000x100000xf32>
    "onnx.Return"(%Add) : (tensor<100000x100000x100000xf32>) -> ()
  }) {sym_name = "main_graph", function_type = (tensor<100000x100000x100000xf32>) -> tensor<100000x100000x100000xf32>, arg_attrs = [{onnx.name = "x"}], res_attrs = [{onnx.name = "y"}], onnx.graph_name = "g"} : () -> ()
}) {amanda.namespace = ["amanda/onnx/opset-21"], onnx.ir_version = 10 : i64, onnx.opset_import = [["", 21 : i64]], onnx.producer_name = "lit"} : () -> ()
