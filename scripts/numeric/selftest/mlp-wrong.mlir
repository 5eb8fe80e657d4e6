// A wrong twin of mlp.mlir (one bias element off by 0.05): run.py --selftest must report it
// as a mismatch, proving the comparison can fail.
"func.func"() <{function_type = (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>, sym_name = "main"}> ({
^bb0(%arg0: !torch.vtensor<[2,3],f32>):
  %0 = "torch.vtensor.literal"() <{value = dense<[[0.5, -1.0, 0.25], [1.5, 0.75, -0.5], [-2.0, 0.125, 1.0]]> : tensor<3x3xf32>}> : () -> !torch.vtensor<[3,3],f32>
  %1 = "torch.vtensor.literal"() <{value = dense<[0.1, -0.2, 0.35]> : tensor<3xf32>}> : () -> !torch.vtensor<[3],f32>
  %2 = "torch.aten.mm"(%arg0, %0) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[2,3],f32>
  %3 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %4 = "torch.aten.add.Tensor"(%2, %1, %3) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int) -> !torch.vtensor<[2,3],f32>
  %5 = "torch.aten.relu"(%4) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "func.return"(%5) : (!torch.vtensor<[2,3],f32>) -> ()
}) : () -> ()
