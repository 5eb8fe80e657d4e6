// --emit=pytorch writes the ops of a layer as a torch.nn module, named after the layer's scope,
// with its weights as the module's state (state_dict keys `conv1.weight`, ...):
// a convolution with a literal filter and bias (Conv2d, ConvTranspose2d), batch norm of literal
// statistics (BatchNorm2d, with its num_batches_tracked counter), pools (MaxPool2d, AvgPool2d),
// a matrix product by a literal plus a literal bias (Linear: one module for MatMul and BiasAdd,
// its weight stored transposed), a row lookup (Embedding). A filter two convolutions read is no
// one module's weight: those stay functional calls. --pytorch-modules=false writes every op as a
// call.
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// RUN: FileCheck %s --check-prefix=ST < %t/weights.safetensors
// RUN: rm -rf %t.frozen && %amanda_opt %s --emit=pytorch --pytorch-trainable=false -o %t.frozen
// RUN: FileCheck %s --check-prefix=FROZEN < %t.frozen/model.py
// RUN: rm -rf %t.flat && %amanda_opt %s --emit=pytorch --pytorch-modules=false -o %t.flat
// RUN: FileCheck %s --check-prefix=FLAT < %t.flat/model.py

func.func @main(%x: !torch.vtensor<[1,3,8,8],f32>, %h: !torch.vtensor<[2,3],f32>, %ids: !torch.vtensor<[5],si64>) -> (!torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[1,4,3,3],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[5,4],f32>, !torch.vtensor<[1,4,4,4],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %s2 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %s1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %w = torch.vtensor.literal(dense<0.25> : tensor<4x3x3x3xf32>) : !torch.vtensor<[4,3,3,3],f32> loc("model_1/conv1_1/convolution/ReadVariableOp")
  %b = torch.vtensor.literal(dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("model_1/conv1_1/Squeeze")
  %c = torch.aten.convolution %x, %w, %b, %s2, %s1, %s1, %false, %p0, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,4,4],f32> loc("model_1/conv1_1/convolution")
  %gamma = torch.vtensor.literal(dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("model_1/bn_1/gamma")
  %beta = torch.vtensor.literal(dense<[0.5, -0.5, 0.5, -0.5]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("model_1/bn_1/beta")
  %mean = torch.vtensor.literal(dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("model_1/bn_1/moving_mean")
  %var = torch.vtensor.literal(dense<[1.5, 2.5, 3.5, 4.5]> : tensor<4xf32>) : !torch.vtensor<[4],f32> loc("model_1/bn_1/moving_variance")
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-03
  %bn = torch.aten.batch_norm %c, %gamma, %beta, %mean, %var, %false, %momentum, %eps, %false : !torch.vtensor<[1,4,4,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[1,4,4,4],f32> loc("model_1/bn_1/FusedBatchNormV3")
  %mp = torch.aten.max_pool2d %bn, %s2, %s2, %p0, %s1, %false : !torch.vtensor<[1,4,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,4,2,2],f32> loc("model_1/pool_1/MaxPool")
  %ap = torch.aten.avg_pool2d %bn, %s2, %s1, %p0, %false, %true, %none : !torch.vtensor<[1,4,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,4,3,3],f32> loc("model_1/pool_2/AvgPool")
  %wt = torch.vtensor.literal(dense<0.5> : tensor<4x2x2x2xf32>) : !torch.vtensor<[4,2,2,2],f32> loc("model_1/up_1/kernel")
  %up = torch.aten.convolution %mp, %wt, %none, %s2, %p0, %s1, %true, %p0, %int1 : !torch.vtensor<[1,4,2,2],f32>, !torch.vtensor<[4,2,2,2],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,4,4],f32> loc("model_1/up_1/conv_transpose")
  %k = torch.vtensor.literal(dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>) : !torch.vtensor<[3,2],f32> loc("model_1/dense_1/kernel")
  %kb = torch.vtensor.literal(dense<[0.5, -0.5]> : tensor<2xf32>) : !torch.vtensor<[2],f32> loc("model_1/dense_1/bias")
  %mm = torch.aten.mm %h, %k : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3,2],f32> -> !torch.vtensor<[2,2],f32> loc("model_1/dense_1/MatMul")
  %dense = torch.aten.add.Tensor %mm, %kb, %int1 : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[2,2],f32> loc("model_1/dense_1/BiasAdd")
  %table = torch.vtensor.literal(dense<0.125> : tensor<10x4xf32>) : !torch.vtensor<[10,4],f32> loc("model_1/emb_1/embeddings")
  %e = torch.aten.index_select %table, %int0, %ids : !torch.vtensor<[10,4],f32>, !torch.int, !torch.vtensor<[5],si64> -> !torch.vtensor<[5,4],f32> loc("model_1/emb_1/embedding_lookup")
  %shared = torch.vtensor.literal(dense<0.75> : tensor<4x3x1x1xf32>) : !torch.vtensor<[4,3,1,1],f32> loc("model_1/shared/kernel")
  %t1 = torch.aten.convolution %x, %shared, %none, %s2, %p0, %s1, %false, %p0, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,4,4],f32> loc("model_1/tower_a/conv")
  %t2 = torch.aten.convolution %x, %shared, %none, %s2, %p0, %s1, %false, %p0, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,4,4],f32> loc("model_1/tower_b/conv")
  %sum = torch.aten.add.Tensor %t1, %t2, %int1 : !torch.vtensor<[1,4,4,4],f32>, !torch.vtensor<[1,4,4,4],f32>, !torch.int -> !torch.vtensor<[1,4,4,4],f32> loc("towers")
  return %up, %ap, %dense, %e, %sum : !torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[1,4,3,3],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[5,4],f32>, !torch.vtensor<[1,4,4,4],f32>
}

// Modules and statements are named after their scope without the model's (model_1/); the
// Keras `_1` of a scope entered again is dropped (conv1_1 -> conv1), but not where two layers
// would then share a name (pool_1, pool_2). The graph name is kept as a comment.
// CHECK:      def __init__(self):
// CHECK-NEXT:     super().__init__()
// CHECK-NEXT:     self.conv1 = torch.nn.Conv2d(3, 4, kernel_size=3, stride=2, padding=1)
// CHECK-NEXT:     self.bn = torch.nn.BatchNorm2d(4, eps=0.001)
// CHECK-NEXT:     self.pool_1 = torch.nn.MaxPool2d(2)
// CHECK-NEXT:     self.pool_2 = torch.nn.AvgPool2d(2, stride=1)
// CHECK-NEXT:     self.up = torch.nn.ConvTranspose2d(4, 2, kernel_size=2, stride=2, bias=False)
// CHECK-NEXT:     self.dense = torch.nn.Linear(3, 2)
// CHECK-NEXT:     self.emb = torch.nn.Embedding(10, 4)
// CHECK-NEXT:     self.shared_kernel = torch.nn.Parameter(torch.empty((4, 3, 1, 1), dtype=torch.float32), requires_grad=True)
// CHECK-EMPTY:
// CHECK-NEXT: def forward(self, x, h, ids):
// CHECK-NEXT:     # model_1/conv1_1/convolution
// CHECK-NEXT:     conv1 = self.conv1(x)
// CHECK-NEXT:     # model_1/bn_1/FusedBatchNormV3
// CHECK-NEXT:     bn = self.bn(conv1)
// CHECK-NEXT:     # model_1/pool_1/MaxPool
// CHECK-NEXT:     pool_1 = self.pool_1(bn)
// CHECK-NEXT:     # model_1/pool_2/AvgPool
// CHECK-NEXT:     pool_2 = self.pool_2(bn)
// CHECK-NEXT:     # model_1/up_1/conv_transpose
// CHECK-NEXT:     up = self.up(pool_1)
// CHECK-NEXT:     # model_1/dense_1/MatMul
// CHECK-NEXT:     dense = self.dense(h)
// CHECK-NEXT:     # model_1/emb_1/embedding_lookup
// CHECK-NEXT:     emb = self.emb(ids)
// CHECK-NEXT:     # model_1/tower_a/conv
// CHECK-NEXT:     tower_a = torch.convolution(x, self.shared_kernel, None, [2, 2], [0, 0], [1, 1], False, [0, 0], 1)
// CHECK-NEXT:     # model_1/tower_b/conv
// CHECK-NEXT:     tower_b = torch.convolution(x, self.shared_kernel, None, [2, 2], [0, 0], [1, 1], False, [0, 0], 1)
// CHECK-NEXT:     towers = tower_a + tower_b
// CHECK-NEXT:     return (up, pool_2, dense, emb, towers)

// The module's state under its state_dict keys; the Linear weight is the [3,2] kernel
// transposed.
// ST-DAG: "conv1.weight":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[4,3,3,3]}
// ST-DAG: "conv1.bias":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[4]}
// ST-DAG: "bn.running_mean":{"data_offsets"
// ST-DAG: "bn.running_var":{"data_offsets"
// ST-DAG: "bn.num_batches_tracked":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"I64","shape":[]}
// ST-DAG: "dense.weight":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[2,3]}
// ST-DAG: "dense.bias":{"data_offsets"
// ST-DAG: "emb.weight":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[10,4]}
// ST-DAG: "up.weight":{"data_offsets":[{{[0-9]+}},{{[0-9]+}}],"dtype":"F32","shape":[4,2,2,2]}

// Frozen: the modules' parameters do not require gradients; stateless pools are as they were.
// FROZEN:      self.conv1 = torch.nn.Conv2d(3, 4, kernel_size=3, stride=2, padding=1).requires_grad_(False)
// FROZEN:      self.pool_1 = torch.nn.MaxPool2d(2)
// FROZEN-NEXT: self.pool_2 = torch.nn.AvgPool2d(2, stride=1)

// FLAT-NOT:  torch.nn.Conv2d
// FLAT:      model_1_conv1_1_convolution = torch.convolution(x, self.model_1_conv1_1_convolution_ReadVariableOp, self.model_1_conv1_1_Squeeze, [2, 2], [1, 1], [1, 1], False, [0, 0], 1)
// FLAT:      model_1_dense_1_BiasAdd = model_1_dense_1_MatMul + self.model_1_dense_1_bias
