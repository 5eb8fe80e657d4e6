// A torch.prim.Loop that runs Keras's GRU cell (reset_after=True, its default, which is
// PyTorch's formula) over the steps of a sequence is one torch.nn.GRU: the kernels transposed
// into weight_ih_l0 and weight_hh_l0 and the two rows of Keras's [2, 3H] bias into bias_ih_l0
// and bias_hh_l0, each with the gate blocks moved from Keras's z, r, h to PyTorch's r, z, n.
// The initial state is passed as [1, B, H]; the last output is h_n itself.
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// RUN: FileCheck %s --check-prefix=ST < %t/weights.safetensors
// RUN: %python -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" %t/model.py

func.func @main(%x: !torch.vtensor<[3,2,2],f32>, %h0: !torch.vtensor<[2,1],f32>) -> (!torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %wx = torch.vtensor.literal(dense<[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]> : tensor<2x3xf32>) : !torch.vtensor<[2,3],f32> loc("model/gru/kernel")
  %wh = torch.vtensor.literal(dense<[[-0.1, -0.2, -0.3]]> : tensor<1x3xf32>) : !torch.vtensor<[1,3],f32> loc("model/gru/recurrent_kernel")
  %bias = torch.vtensor.literal(dense<[[0.01, 0.02, 0.03], [0.04, 0.05, 0.06]]> : tensor<2x3xf32>) : !torch.vtensor<[2,3],f32> loc("model/gru/bias")
  %t0 = torch.vtensor.literal(dense<0> : tensor<si32>) : !torch.vtensor<[],si32>
  %last0 = torch.vtensor.literal(dense<0.0> : tensor<1x2x1xf32>) : !torch.vtensor<[1,2,1],f32>
  %r:3 = torch.prim.Loop %int3, %true, init(%t0, %last0, %h0) {
  ^bb0(%n: !torch.int, %t: !torch.vtensor<[],si32>, %acc: !torch.vtensor<[1,2,1],f32>, %h: !torch.vtensor<[2,1],f32>):
    %one = torch.vtensor.literal(dense<1> : tensor<si32>) : !torch.vtensor<[],si32>
    %tn = torch.aten.add.Tensor %t, %one, %int1 : !torch.vtensor<[],si32>, !torch.vtensor<[],si32>, !torch.int -> !torch.vtensor<[],si32>
    %l1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %t1 = torch.aten.reshape %t, %l1 : !torch.vtensor<[],si32>, !torch.list<int> -> !torch.vtensor<[1],si32>
    %t64 = torch.aten.to.dtype %t1, %int4, %false, %false, %none : !torch.vtensor<[1],si32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1],si64>
    %xs = torch.aten.index_select %x, %int0, %t64 : !torch.vtensor<[3,2,2],f32>, !torch.int, !torch.vtensor<[1],si64> -> !torch.vtensor<[1,2,2],f32>
    %lbi = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
    %xt = torch.aten.reshape %xs, %lbi : !torch.vtensor<[1,2,2],f32>, !torch.list<int> -> !torch.vtensor<[2,2],f32>
    %mx = torch.aten.mm %xt, %wx : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
    %bx1 = torch.aten.slice.Tensor %bias, %int0, %int0, %int1, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,3],f32>
    %bx = torch.aten.squeeze.dim %bx1, %int0 : !torch.vtensor<[1,3],f32>, !torch.int -> !torch.vtensor<[3],f32>
    %bh1 = torch.aten.slice.Tensor %bias, %int0, %int1, %int2, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,3],f32>
    %bh = torch.aten.squeeze.dim %bh1, %int0 : !torch.vtensor<[1,3],f32>, !torch.int -> !torch.vtensor<[3],f32>
    %xb = torch.aten.add.Tensor %mx, %bx, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
    %mh = torch.aten.mm %h, %wh : !torch.vtensor<[2,1],f32>, !torch.vtensor<[1,3],f32> -> !torch.vtensor<[2,3],f32>
    %hb = torch.aten.add.Tensor %mh, %bh, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
    %x_z = torch.aten.slice.Tensor %xb, %int1, %int0, %int1, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %x_r = torch.aten.slice.Tensor %xb, %int1, %int1, %int2, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %x_n = torch.aten.slice.Tensor %xb, %int1, %int2, %int3, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %h_z = torch.aten.slice.Tensor %hb, %int1, %int0, %int1, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %h_r = torch.aten.slice.Tensor %hb, %int1, %int1, %int2, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %h_n = torch.aten.slice.Tensor %hb, %int1, %int2, %int3, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %zs = torch.aten.add.Tensor %x_z, %h_z, %int1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
    %z = torch.aten.sigmoid %zs : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %rs = torch.aten.add.Tensor %x_r, %h_r, %int1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
    %rg = torch.aten.sigmoid %rs : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %rh = torch.aten.mul.Tensor %rg, %h_n : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %u = torch.aten.add.Tensor %x_n, %rh, %int1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
    %cand = torch.aten.tanh %u : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %zh = torch.aten.mul.Tensor %z, %h : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %onef = torch.vtensor.literal(dense<1.0> : tensor<f32>) : !torch.vtensor<[],f32>
    %omz = torch.aten.sub.Tensor %onef, %z, %int1 : !torch.vtensor<[],f32>, !torch.vtensor<[2,1],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
    %keep = torch.aten.mul.Tensor %omz, %cand : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %hn = torch.aten.add.Tensor %zh, %keep, %int1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
    %l1bh = torch.prim.ListConstruct %int1, %int2, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %h3 = torch.aten.reshape %hn, %l1bh : !torch.vtensor<[2,1],f32>, !torch.list<int> -> !torch.vtensor<[1,2,1],f32>
    torch.prim.Loop.condition %true, iter(%tn, %h3, %hn : !torch.vtensor<[],si32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[],si32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>) -> (!torch.vtensor<[],si32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>) loc("model/gru/while")
  return %r#1, %r#2 : !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>
}

// CHECK:      self.gru = torch.nn.GRU(2, 1)
// CHECK-NOT:  self.
// CHECK:      def forward(self, x, h0):
// CHECK-NEXT:     # model/gru/while
// CHECK-NEXT:     _, gru_h = self.gru(x, torch.unsqueeze(h0, 0))
// CHECK-NEXT:     return (gru_h, gru_h[0])

// ST-DAG: "gru.bias_hh_l0":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[3]}
// ST-DAG: "gru.bias_ih_l0":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[3]}
// ST-DAG: "gru.weight_hh_l0":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[3,1]}
// ST-DAG: "gru.weight_ih_l0":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[3,2]}
