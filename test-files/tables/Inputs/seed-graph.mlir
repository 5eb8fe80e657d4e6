"test.graph"() ({
^bb0(%input.1: !torch.vtensor<[1,784],f32>):
  %10 = "torch.prim.Param"() : () -> !torch.vtensor<[100,784],f32>
  %7 = "torch.aten.t"(%10) : (!torch.vtensor<[100,784],f32>) -> !torch.vtensor<[784,100],f32>
  %input = "torch.aten.matmul"(%input.1, %7) : (!torch.vtensor<[1,784],f32>, !torch.vtensor<[784,100],f32>) -> !torch.vtensor<[1,100],f32>
  %9 = "torch.aten.relu"(%input) : (!torch.vtensor<[1,100],f32>) -> !torch.vtensor<[1,100],f32>
  "test.return"(%9) : (!torch.vtensor<[1,100],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/1.4.0", sym_name = "graph"} : () -> ()
