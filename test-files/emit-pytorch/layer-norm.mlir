// --emit=pytorch writes aten.layer_norm as torch.nn.LayerNorm when its weight and bias are
// literals of the normalized shape (state_dict keys `NAME.weight`, `NAME.bias`), with
// `bias=False` for a weight alone and `elementwise_affine=False` for neither; a bias without
// a weight has no module and stays a functional call. The normalized shape of two dims is a
// tuple (`LayerNorm(8)` would normalize the last dim only).
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// RUN: FileCheck %s --check-prefix=ST < %t/weights.safetensors

// CHECK:      self.ln = torch.nn.LayerNorm(4, eps=0.001)
// CHECK-NEXT: self.ln_weight_only = torch.nn.LayerNorm(4, bias=False)
// CHECK-NEXT: self.ln_plain = torch.nn.LayerNorm((3, 4), elementwise_affine=False)
// CHECK-NEXT: self.ln_bias_only_beta = torch.nn.Parameter(
// CHECK:      def forward(self, x):
// CHECK:      ln = self.ln(x)
// CHECK:      ln_weight_only = self.ln_weight_only(ln)
// CHECK:      ln_plain = self.ln_plain(ln_weight_only)
// CHECK:      torch.ops.aten.layer_norm.default(ln_plain, [4], None, self.ln_bias_only_beta, 1e-5, True)
// ST-DAG: "ln.weight"
// ST-DAG: "ln.bias"
// ST-DAG: "ln_weight_only.weight"
// ST-DAG: "ln_bias_only_beta"
// ST-NOT: "ln_weight_only.bias"

func.func @main(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %true = torch.constant.bool true
  %none = torch.constant.none
  %eps3 = torch.constant.float 1.0e-3
  %eps5 = torch.constant.float 1.0e-5
  %s4 = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %s34 = torch.prim.ListConstruct %int3, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %g = torch.vtensor.literal(dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("encoder/ln/gamma")
  %b = torch.vtensor.literal(dense<[0.5, 0.25, 0.0, -0.25]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("encoder/ln/beta")
  %0 = torch.aten.layer_norm %x, %s4, %g, %b, %eps3, %true : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4],f32> loc("encoder/ln/add_2")
  %g1 = torch.vtensor.literal(dense<[2.0, 2.0, 1.0, 1.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("encoder/ln_weight_only/gamma")
  %1 = torch.aten.layer_norm %0, %s4, %g1, %none, %eps5, %true : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[4],f32>, !torch.none, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4],f32> loc("encoder/ln_weight_only/add")
  %2 = torch.aten.layer_norm %1, %s34, %none, %none, %eps5, %true : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4],f32> loc("encoder/ln_plain/mul")
  %b3 = torch.vtensor.literal(dense<[0.5, 0.25, 0.0, -0.25]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("encoder/ln_bias_only/beta")
  %3 = torch.aten.layer_norm %2, %s4, %none, %b3, %eps5, %true : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.none, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4],f32> loc("encoder/ln_bias_only/add")
  return %3 : !torch.vtensor<[2,3,4],f32>
}
