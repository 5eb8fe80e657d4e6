// A torch.prim.Loop that runs the standard LSTM cell over the steps of a sequence (Keras's LSTM
// layer, converted) is one torch.nn.LSTM: its kernels transposed into weight_ih_l0 and
// weight_hh_l0 with the gate blocks in PyTorch's i, f, g, o order (loop b reads them as
// i, g, f, o), the bias as bias_ih_l0 and zeros as bias_hh_l0. Zero initial states are not
// passed (loop a), others are (loop b); a time-major input made for the loop alone and the
// output sequence transposed back are batch_first=True (loop a). A loop whose body has anything
// more (loop c: a forget bias, as TensorFlow 1's BasicLSTMCell adds) stays a loop.
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// RUN: FileCheck %s --check-prefix=ST < %t/weights.safetensors
// RUN: %python -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" %t/model.py

func.func @main(%x: !torch.vtensor<[2,3,2],f32>, %y: !torch.vtensor<[3,2,2],f32>, %h0: !torch.vtensor<[2,1],f32>, %c0: !torch.vtensor<[2,1],f32>) -> (!torch.vtensor<[2,3,1],f32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[1,2,1],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %float0 = torch.constant.float 0.000000e+00
  %perm = torch.prim.ListConstruct %int1, %int0, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %xt = torch.aten.permute %x, %perm : !torch.vtensor<[2,3,2],f32>, !torch.list<int> -> !torch.vtensor<[3,2,2],f32> loc("model/seq/transpose")
  %shape_bh = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.aten.full %shape_bh, %float0, %int6, %none, %none, %none : !torch.list<int>, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,1],f32> loc("model/seq/zeros")
  %shape_tbh = torch.prim.ListConstruct %int3, %int2, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %acc0 = torch.aten.full %shape_tbh, %float0, %int6, %none, %none, %none : !torch.list<int>, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3,2,1],f32> loc("model/seq/TensorArrayV2")
  %shape_1bh = torch.prim.ListConstruct %int1, %int2, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %last0 = torch.vtensor.literal(dense<0.0> : tensor<1x2x1xf32>) : !torch.vtensor<[1,2,1],f32> loc("model/last/TensorArrayV2")
  %a_wx = torch.vtensor.literal(dense<[[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8]]> : tensor<2x4xf32>) : !torch.vtensor<[2,4],f32> loc("model/seq/kernel")
  %a_wh = torch.vtensor.literal(dense<[[-0.1, -0.2, -0.3, -0.4]]> : tensor<1x4xf32>) : !torch.vtensor<[1,4],f32> loc("model/seq/recurrent_kernel")
  %a_b = torch.vtensor.literal(dense<[0.01, 0.02, 0.03, 0.04]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("model/seq/bias")
  %a_t0 = torch.vtensor.literal(dense<0> : tensor<si32>) : !torch.vtensor<[],si32>
  %a:4 = torch.prim.Loop %int3, %true, init(%a_t0, %acc0, %zeros, %zeros) {
  ^bb0(%a_n: !torch.int, %a_t: !torch.vtensor<[],si32>, %a_acc: !torch.vtensor<[3,2,1],f32>, %a_h: !torch.vtensor<[2,1],f32>, %a_c: !torch.vtensor<[2,1],f32>):
    %a_one = torch.vtensor.literal(dense<1> : tensor<si32>) : !torch.vtensor<[],si32>
    %a_tn = torch.aten.add.Tensor %a_t, %a_one, %int1 : !torch.vtensor<[],si32>, !torch.vtensor<[],si32>, !torch.int -> !torch.vtensor<[],si32>
    %a_l1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %a_t1 = torch.aten.reshape %a_t, %a_l1 : !torch.vtensor<[],si32>, !torch.list<int> -> !torch.vtensor<[1],si32>
    %a_t64 = torch.aten.to.dtype %a_t1, %int4, %false, %false, %none : !torch.vtensor<[1],si32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1],si64>
    %a_xs = torch.aten.index_select %xt, %int0, %a_t64 : !torch.vtensor<[3,2,2],f32>, !torch.int, !torch.vtensor<[1],si64> -> !torch.vtensor<[1,2,2],f32>
    %a_lbi = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
    %a_x = torch.aten.reshape %a_xs, %a_lbi : !torch.vtensor<[1,2,2],f32>, !torch.list<int> -> !torch.vtensor<[2,2],f32>
    %a_mx = torch.aten.mm %a_x, %a_wx : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
    %a_mh = torch.aten.mm %a_h, %a_wh : !torch.vtensor<[2,1],f32>, !torch.vtensor<[1,4],f32> -> !torch.vtensor<[2,4],f32>
    %a_s = torch.aten.add.Tensor %a_mx, %a_mh, %int1 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.int -> !torch.vtensor<[2,4],f32>
    %a_z = torch.aten.add.Tensor %a_s, %a_b, %int1 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[2,4],f32>
    %a_i = torch.aten.slice.Tensor %a_z, %int1, %int0, %int1, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %a_f = torch.aten.slice.Tensor %a_z, %int1, %int1, %int2, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %a_g = torch.aten.slice.Tensor %a_z, %int1, %int2, %int3, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %a_o = torch.aten.slice.Tensor %a_z, %int1, %int3, %int4, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %a_si = torch.aten.sigmoid %a_i : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %a_sf = torch.aten.sigmoid %a_f : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %a_so = torch.aten.sigmoid %a_o : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %a_tg = torch.aten.tanh %a_g : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %a_fc = torch.aten.mul.Tensor %a_sf, %a_c : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %a_ig = torch.aten.mul.Tensor %a_si, %a_tg : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %a_cn = torch.aten.add.Tensor %a_fc, %a_ig, %int1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
    %a_tc = torch.aten.tanh %a_cn : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %a_hn = torch.aten.mul.Tensor %a_so, %a_tc : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %a_l1bh = torch.prim.ListConstruct %int1, %int2, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %a_h3 = torch.aten.reshape %a_hn, %a_l1bh : !torch.vtensor<[2,1],f32>, !torch.list<int> -> !torch.vtensor<[1,2,1],f32>
    %a_iota = torch.vtensor.literal(dense<[0, 1, 2]> : tensor<3xsi32>) : !torch.vtensor<[3],si32>
    %a_eq = torch.aten.eq.Tensor %a_iota, %a_t : !torch.vtensor<[3],si32>, !torch.vtensor<[],si32> -> !torch.vtensor<[3],i1>
    %a_lt11 = torch.prim.ListConstruct %int3, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %a_mask = torch.aten.reshape %a_eq, %a_lt11 : !torch.vtensor<[3],i1>, !torch.list<int> -> !torch.vtensor<[3,1,1],i1>
    %a_accn = torch.aten.where.self %a_mask, %a_h3, %a_acc : !torch.vtensor<[3,1,1],i1>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[3,2,1],f32> -> !torch.vtensor<[3,2,1],f32>
    torch.prim.Loop.condition %true, iter(%a_tn, %a_accn, %a_hn, %a_cn : !torch.vtensor<[],si32>, !torch.vtensor<[3,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[],si32>, !torch.vtensor<[3,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>) -> (!torch.vtensor<[],si32>, !torch.vtensor<[3,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>) loc("model/seq/while")
  %seq = torch.aten.permute %a#1, %perm : !torch.vtensor<[3,2,1],f32>, !torch.list<int> -> !torch.vtensor<[2,3,1],f32> loc("model/seq/transpose_1")
  %b_wx = torch.vtensor.literal(dense<[[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8]]> : tensor<2x4xf32>) : !torch.vtensor<[2,4],f32> loc("model/last/kernel")
  %b_wh = torch.vtensor.literal(dense<[[-0.1, -0.2, -0.3, -0.4]]> : tensor<1x4xf32>) : !torch.vtensor<[1,4],f32> loc("model/last/recurrent_kernel")
  %b_b = torch.vtensor.literal(dense<[0.01, 0.02, 0.03, 0.04]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("model/last/bias")
  %b_t0 = torch.vtensor.literal(dense<0> : tensor<si32>) : !torch.vtensor<[],si32>
  %b:4 = torch.prim.Loop %int3, %true, init(%b_t0, %last0, %h0, %c0) {
  ^bb0(%b_n: !torch.int, %b_t: !torch.vtensor<[],si32>, %b_acc: !torch.vtensor<[1,2,1],f32>, %b_h: !torch.vtensor<[2,1],f32>, %b_c: !torch.vtensor<[2,1],f32>):
    %b_one = torch.vtensor.literal(dense<1> : tensor<si32>) : !torch.vtensor<[],si32>
    %b_tn = torch.aten.add.Tensor %b_t, %b_one, %int1 : !torch.vtensor<[],si32>, !torch.vtensor<[],si32>, !torch.int -> !torch.vtensor<[],si32>
    %b_l1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %b_t1 = torch.aten.reshape %b_t, %b_l1 : !torch.vtensor<[],si32>, !torch.list<int> -> !torch.vtensor<[1],si32>
    %b_t64 = torch.aten.to.dtype %b_t1, %int4, %false, %false, %none : !torch.vtensor<[1],si32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1],si64>
    %b_xs = torch.aten.index_select %y, %int0, %b_t64 : !torch.vtensor<[3,2,2],f32>, !torch.int, !torch.vtensor<[1],si64> -> !torch.vtensor<[1,2,2],f32>
    %b_lbi = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
    %b_x = torch.aten.reshape %b_xs, %b_lbi : !torch.vtensor<[1,2,2],f32>, !torch.list<int> -> !torch.vtensor<[2,2],f32>
    %b_mx = torch.aten.mm %b_x, %b_wx : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
    %b_mh = torch.aten.mm %b_h, %b_wh : !torch.vtensor<[2,1],f32>, !torch.vtensor<[1,4],f32> -> !torch.vtensor<[2,4],f32>
    %b_s = torch.aten.add.Tensor %b_mx, %b_mh, %int1 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.int -> !torch.vtensor<[2,4],f32>
    %b_z = torch.aten.add.Tensor %b_s, %b_b, %int1 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[2,4],f32>
    %b_i = torch.aten.slice.Tensor %b_z, %int1, %int0, %int1, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %b_f = torch.aten.slice.Tensor %b_z, %int1, %int2, %int3, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %b_g = torch.aten.slice.Tensor %b_z, %int1, %int1, %int2, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %b_o = torch.aten.slice.Tensor %b_z, %int1, %int3, %int4, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %b_si = torch.aten.sigmoid %b_i : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %b_sf = torch.aten.sigmoid %b_f : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %b_so = torch.aten.sigmoid %b_o : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %b_tg = torch.aten.tanh %b_g : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %b_fc = torch.aten.mul.Tensor %b_sf, %b_c : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %b_ig = torch.aten.mul.Tensor %b_si, %b_tg : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %b_cn = torch.aten.add.Tensor %b_fc, %b_ig, %int1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
    %b_tc = torch.aten.tanh %b_cn : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %b_hn = torch.aten.mul.Tensor %b_so, %b_tc : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %b_l1bh = torch.prim.ListConstruct %int1, %int2, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %b_h3 = torch.aten.reshape %b_hn, %b_l1bh : !torch.vtensor<[2,1],f32>, !torch.list<int> -> !torch.vtensor<[1,2,1],f32>
    torch.prim.Loop.condition %true, iter(%b_tn, %b_h3, %b_hn, %b_cn : !torch.vtensor<[],si32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[],si32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>) -> (!torch.vtensor<[],si32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>) loc("model/last/while")
  %c_wx = torch.vtensor.literal(dense<[[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8]]> : tensor<2x4xf32>) : !torch.vtensor<[2,4],f32> loc("model/tf1/kernel")
  %c_wh = torch.vtensor.literal(dense<[[-0.1, -0.2, -0.3, -0.4]]> : tensor<1x4xf32>) : !torch.vtensor<[1,4],f32> loc("model/tf1/recurrent_kernel")
  %c_b = torch.vtensor.literal(dense<[0.01, 0.02, 0.03, 0.04]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("model/tf1/bias")
  %c_t0 = torch.vtensor.literal(dense<0> : tensor<si32>) : !torch.vtensor<[],si32>
  %c:4 = torch.prim.Loop %int3, %true, init(%c_t0, %last0, %h0, %c0) {
  ^bb0(%c_n: !torch.int, %c_t: !torch.vtensor<[],si32>, %c_acc: !torch.vtensor<[1,2,1],f32>, %c_h: !torch.vtensor<[2,1],f32>, %c_c: !torch.vtensor<[2,1],f32>):
    %c_one = torch.vtensor.literal(dense<1> : tensor<si32>) : !torch.vtensor<[],si32>
    %c_tn = torch.aten.add.Tensor %c_t, %c_one, %int1 : !torch.vtensor<[],si32>, !torch.vtensor<[],si32>, !torch.int -> !torch.vtensor<[],si32>
    %c_l1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %c_t1 = torch.aten.reshape %c_t, %c_l1 : !torch.vtensor<[],si32>, !torch.list<int> -> !torch.vtensor<[1],si32>
    %c_t64 = torch.aten.to.dtype %c_t1, %int4, %false, %false, %none : !torch.vtensor<[1],si32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1],si64>
    %c_xs = torch.aten.index_select %y, %int0, %c_t64 : !torch.vtensor<[3,2,2],f32>, !torch.int, !torch.vtensor<[1],si64> -> !torch.vtensor<[1,2,2],f32>
    %c_lbi = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
    %c_x = torch.aten.reshape %c_xs, %c_lbi : !torch.vtensor<[1,2,2],f32>, !torch.list<int> -> !torch.vtensor<[2,2],f32>
    %c_mx = torch.aten.mm %c_x, %c_wx : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
    %c_mh = torch.aten.mm %c_h, %c_wh : !torch.vtensor<[2,1],f32>, !torch.vtensor<[1,4],f32> -> !torch.vtensor<[2,4],f32>
    %c_s = torch.aten.add.Tensor %c_mx, %c_mh, %int1 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.int -> !torch.vtensor<[2,4],f32>
    %c_z = torch.aten.add.Tensor %c_s, %c_b, %int1 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[2,4],f32>
    %c_i = torch.aten.slice.Tensor %c_z, %int1, %int0, %int1, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %c_f = torch.aten.slice.Tensor %c_z, %int1, %int1, %int2, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %c_g = torch.aten.slice.Tensor %c_z, %int1, %int2, %int3, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %c_o = torch.aten.slice.Tensor %c_z, %int1, %int3, %int4, %int1 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,1],f32>
    %c_si = torch.aten.sigmoid %c_i : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %c_fb = torch.vtensor.literal(dense<1.0> : tensor<f32>) : !torch.vtensor<[],f32>
    %c_f1 = torch.aten.add.Tensor %c_f, %c_fb, %int1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
    %c_sf = torch.aten.sigmoid %c_f1 : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %c_so = torch.aten.sigmoid %c_o : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %c_tg = torch.aten.tanh %c_g : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %c_fc = torch.aten.mul.Tensor %c_sf, %c_c : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %c_ig = torch.aten.mul.Tensor %c_si, %c_tg : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %c_cn = torch.aten.add.Tensor %c_fc, %c_ig, %int1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.int -> !torch.vtensor<[2,1],f32>
    %c_tc = torch.aten.tanh %c_cn : !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %c_hn = torch.aten.mul.Tensor %c_so, %c_tc : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32> -> !torch.vtensor<[2,1],f32>
    %c_l1bh = torch.prim.ListConstruct %int1, %int2, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %c_h3 = torch.aten.reshape %c_hn, %c_l1bh : !torch.vtensor<[2,1],f32>, !torch.list<int> -> !torch.vtensor<[1,2,1],f32>
    torch.prim.Loop.condition %true, iter(%c_tn, %c_h3, %c_hn, %c_cn : !torch.vtensor<[],si32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[],si32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>) -> (!torch.vtensor<[],si32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>) loc("model/tf1/while")
  return %seq, %b#1, %b#3, %c#1 : !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[1,2,1],f32>
}

// CHECK:      self.seq = torch.nn.LSTM(2, 1, batch_first=True)
// CHECK-NEXT: self.last = torch.nn.LSTM(2, 1)
// CHECK-NOT:  self.seq_
// CHECK:      def forward(self, x, y, h0, c0):
// CHECK-NEXT:     # model/seq/while
// CHECK-NEXT:     seq_out, _ = self.seq(x)
// CHECK-NEXT:     # model/last/while
// CHECK-NEXT:     _, (last_h, last_c) = self.last(y, (torch.unsqueeze(h0, 0), torch.unsqueeze(c0, 0)))
// CHECK-NEXT:     c_t, c_acc, c_h, c_c = torch.tensor(0, dtype=torch.int32), self.last_TensorArrayV2, h0, c0
// CHECK-NEXT:     for c_n in range(3):
// CHECK:              c_f1 = c_f + (torch.tensor(1.0, dtype=torch.float32))
// CHECK:          return (seq_out, last_h, last_c[0], c_acc)

// ST-DAG: "last.bias_hh_l0":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[4]}
// ST-DAG: "last.bias_ih_l0":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[4]}
// ST-DAG: "last.weight_hh_l0":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[4,1]}
// ST-DAG: "last.weight_ih_l0":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[4,2]}
// ST-DAG: "seq.weight_ih_l0":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[4,2]}
// ST-DAG: "linear.weight":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[4,2]}
