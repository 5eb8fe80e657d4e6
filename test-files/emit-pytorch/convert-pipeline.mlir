// The pipeline of the issue: a TensorFlow graph through convert-tf-to-torch, then
// --emit=pytorch. The convolution's filter and bias are stored in the layout torch reads
// (OIHW: no statement re-lays a weight out), the BiasAdd the convolution's bias
// (torch-fold-conv-affine); the layout permutes,
// the pooling and the final add (in NCHW, as the conversion keeps it) are statements in order; the fetch is returned.
// RUN: rm -rf %t && %amanda_opt %s --pass=convert-tf-to-torch --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// The text is Python (its syntax, checked without torch):
// RUN: %python -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" %t/model.py
// RUN: FileCheck %s --check-prefix=ST < %t/weights.safetensors
// From stdin: the docstring names it.
// RUN: rm -rf %t.stdin && %amanda_opt - --pass=convert-tf-to-torch --emit=pytorch -o %t.stdin < %s
// RUN: FileCheck %s --check-prefix=STDIN < %t.stdin/model.py

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x2>} : () -> (tensor<*xf32>)
  %k, %ctl_0 = Const name("conv/kernel") {dtype = f32, value = dense<0.5> : tensor<3x3x2x3xf32>} : () -> (tensor<*xf32>)
  %b, %ctl_1 = Const name("conv/bias") {dtype = f32, value = dense<[0.1, 0.2, 0.3]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %c, %ctl_2 = Conv2D(%x, %k) name("conv/Conv2D") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ba, %ctl_3 = BiasAdd(%c, %b) name("conv/BiasAdd") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %r, %ctl_4 = Relu(%ba) name("conv/Relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %p, %ctl_5 = MaxPool(%r) name("pool") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %one, %ctl_6 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %a, %ctl_7 = AddV2(%p, %one) name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %out, %ctl_8 = Identity(%a) name("Identity") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// The convolution with its filter and bias is a torch.nn.Conv2d named after the layer's scope
// (conv/Conv2D -> self.conv; its state_dict keys conv.weight and conv.bias), the pooling a
// MaxPool2d; the argument and the other statements are named after the TensorFlow nodes (the
// locations convert-tf-to-torch gives its ops): the last statement of scope conv/ is `conv`,
// the others `conv_<node>`; the original name is a comment above a node's first statement
// where it is not a Python name.
// CHECK: def __init__(self):
// CHECK-NEXT: super().__init__()
// CHECK-NEXT: self.conv = torch.nn.Conv2d(2, 3, kernel_size=3, padding=1)
// CHECK-NEXT: self.pool = torch.nn.MaxPool2d(2)
// CHECK-EMPTY:
// CHECK-NEXT: def forward(self, x):
// CHECK-NEXT: # conv/Conv2D
// CHECK-NEXT: conv_Conv2D = torch.permute(x, [0, 3, 1, 2])
// CHECK-NEXT: conv_Conv2D_1 = self.conv(conv_Conv2D)
// CHECK-NEXT: # conv/Relu
// CHECK-NEXT: conv = torch.relu(conv_Conv2D_1)
// CHECK-NEXT: pool = self.pool(conv)
// CHECK-NEXT: add = pool + (torch.tensor(1.0, dtype=torch.float32))
// CHECK-NEXT: [[OUT:[a-z_0-9]+]] = torch.permute(add, [0, 2, 3, 1])
// CHECK-NEXT: return [[OUT]]

// ST: "conv.bias":{"data_offsets":[216,228],"dtype":"F32","shape":[3]},"conv.weight":{"data_offsets":[0,216],"dtype":"F32","shape":[3,2,3,3]}
// STDIN: The PyTorch form of <stdin>, written by amanda-opt --emit=pytorch.
