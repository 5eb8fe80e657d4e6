// One node of each op type of passes/convert-tf-to-torch.yaml that the other tests of this
// folder do not use, in a graph TensorFlow built (Inputs/make_rules_graph.py wrote
// Inputs/rules-graph.pbtxt): each converts to its aten op. Identity-like ops (Snapshot,
// StopGradient, PreventGradient, EnsureShape, PlaceholderWithDefault) forward their input;
// Size and Rank of a static shape (and their Cast) are folded; Inv is a reciprocal; FusedBatchNorm(V2) in
// inference mode is aten.batch_norm (epsilon 1e-4, TensorFlow's default).
// RUN: %amanda_opt %S/Inputs/rules-graph.pbtxt --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %S/Inputs/rules-graph.pbtxt --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// RUN: %amanda_opt %S/Inputs/rules-graph.pbtxt --convert-tf-to-torch --verify-namespace > /dev/null

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[2,3],f32>, %arg2: !torch.vtensor<[2,3,4],f32>, %arg3: !torch.vtensor<[2,4,5],f32>, %arg4: !torch.vtensor<[1,2,2,3],f32>)
// CHECK-DAG: torch.aten.sqrt %arg0 :
// CHECK-DAG: torch.aten.exp %arg0 :
// CHECK-DAG: torch.aten.log %arg0 :
// CHECK-DAG: torch.aten.neg %arg0 :
// CHECK-DAG: torch.aten.abs %arg0 :
// CHECK-DAG: torch.aten.square %arg0 :
// CHECK-DAG: torch.aten.reciprocal %arg0 :
// CHECK-DAG: torch.aten.floor %arg0 :
// CHECK-DAG: torch.aten.ceil %arg0 :
// CHECK-DAG: torch.aten.round %arg0 :
// CHECK-DAG: torch.aten.sin %arg0 :
// CHECK-DAG: torch.aten.cos %arg0 :
// CHECK-DAG: torch.aten.add.Tensor %arg0, %arg1, %int1 :
// CHECK-DAG: torch.aten.div.Tensor_mode %arg0, %arg1, %str :
// CHECK-DAG: %str = torch.constant.str "floor"
// CHECK-DAG: torch.aten.remainder.Tensor %arg0, %arg1 :
// CHECK-DAG: torch.aten.pow.Tensor_Tensor %arg0, %arg1 :
// CHECK-DAG: torch.aten.le.Tensor %arg0, %arg1 :
// CHECK-DAG: torch.aten.gt.Tensor %arg0, %arg1 :
// CHECK-DAG: torch.aten.ge.Tensor %arg0, %arg1 :
// CHECK-DAG: torch.aten.eq.Tensor %arg0, %arg1 :
// CHECK-DAG: torch.aten.ne.Tensor %arg0, %arg1 :
// CHECK-DAG: torch.aten.logical_and
// CHECK-DAG: torch.aten.logical_or
// CHECK-DAG: torch.aten.logical_not
// CHECK-DAG: torch.aten.argmin %arg0, %int1, %false : {{.*}} -> !torch.vtensor<[2],si64>
// CHECK-DAG: torch.aten.matmul %arg2, %arg3 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,4,5],f32> -> !torch.vtensor<[2,3,5],f32>
// CHECK-DAG: torch.aten.batch_norm {{.*}}, %false, %float1.000000e-01, %float1.000000e-04, %false : !torch.vtensor<[1,3,2,2],f32>
// CHECK-DAG: torch.aten.constant_pad_nd %arg0, {{.*}}, %float5.000000e-01 : {{.*}} -> !torch.vtensor<[3,5],f32>
// The identity-like ops return their input; Size (6) and Rank (2) are literals.
// CHECK-DAG: torch.vtensor.literal(dense<6.000000e+00> : tensor<f32>)
// CHECK-DAG: torch.vtensor.literal(dense<2.000000e+00> : tensor<f32>)
// CHECK: return {{.*}}, %arg0, %arg0, %arg0, %arg0, %arg0, {{.*}}
