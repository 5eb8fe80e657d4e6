// Batch norm's running mean and variance are state the module keeps, not weights it learns:
// --emit=pytorch writes them as buffers (autograd rejects a running mean that requires a
// gradient, and torch.export with it), while scale and shift are trainable parameters. So does
// torch.nn.BatchNorm2d, which the default (module) form writes (layers.mlir); this is the
// functional form.
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch --pytorch-modules=false -o %t
// RUN: FileCheck %s < %t/model.py
// RUN: FileCheck %s --check-prefix=ST < %t/weights.safetensors

func.func @main(%x: !torch.vtensor<[1,2,3,3],f32>) -> !torch.vtensor<[1,2,3,3],f32> {
  %gamma = torch.vtensor.literal(dense<[1.0, 2.0]> : tensor<2xf32>) : !torch.vtensor<[2],f32> loc("bn/gamma")
  %beta = torch.vtensor.literal(dense<[0.5, -0.5]> : tensor<2xf32>) : !torch.vtensor<[2],f32> loc("bn/beta")
  %mean = torch.vtensor.literal(dense<[0.1, 0.2]> : tensor<2xf32>) : !torch.vtensor<[2],f32> loc("bn/moving_mean")
  %var = torch.vtensor.literal(dense<[1.5, 2.5]> : tensor<2xf32>) : !torch.vtensor<[2],f32> loc("bn/moving_variance")
  %false = torch.constant.bool false
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-03
  %0 = torch.aten.batch_norm %x, %gamma, %beta, %mean, %var, %false, %momentum, %eps, %false : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[1,2,3,3],f32> loc("bn")
  return %0 : !torch.vtensor<[1,2,3,3],f32>
}

// CHECK:      self.bn_gamma = torch.nn.Parameter(torch.empty((2,), dtype=torch.float32), requires_grad=True)
// CHECK-NEXT: self.bn_beta = torch.nn.Parameter(torch.empty((2,), dtype=torch.float32), requires_grad=True)
// CHECK-NEXT: self.register_buffer("bn_moving_mean", torch.empty((2,), dtype=torch.float32))
// CHECK-NEXT: self.register_buffer("bn_moving_variance", torch.empty((2,), dtype=torch.float32))
// CHECK:      bn = torch.batch_norm(x, self.bn_gamma, self.bn_beta, self.bn_moving_mean, self.bn_moving_variance, False, 0.1, 0.001, False)

// The buffers are saved with the weights (persistent: load_state_dict fills them).
// ST: "bn_moving_mean":{"data_offsets"
// ST: "bn_moving_variance":{"data_offsets"
