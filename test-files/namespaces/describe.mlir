// RUN: amanda-opt --describe tf.Conv2D | FileCheck %s --check-prefix=CONV2D
// RUN: amanda-opt --describe amanda/tensorflow/2.15:Conv2D | FileCheck %s --check-prefix=OLD
// RUN: amanda-opt --describe onnx.Conv | FileCheck %s --check-prefix=ONNX
// RUN: amanda-opt --describe amanda/onnx/opset-10:Conv | FileCheck %s --check-prefix=ONNX10
// RUN: amanda-opt --describe torch.aten.add.Tensor | FileCheck %s --check-prefix=TORCH
// RUN: amanda-opt --list-namespaces | FileCheck %s --check-prefix=LIST
// RUN: not amanda-opt --describe tf.Conv2d 2>&1 | FileCheck %s --check-prefix=TYPO
// RUN: not amanda-opt --describe tfg. 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not amanda-opt --namespace-file %S/no-such-dir/missing.yaml --list-namespaces 2>&1 | FileCheck %s --check-prefix=MISSING

// CONV2D: tfg.Conv2D  (tensorflow op Conv2D in amanda/tensorflow/2.21; tensorflow-cpu 2.21.0
// CONV2D-NEXT:   inputs:
// CONV2D-NEXT:     input: type T
// CONV2D-NEXT:     filter: type T
// CONV2D-NEXT:   outputs:
// CONV2D-NEXT:     output: type T
// CONV2D-NEXT:   attributes:
// CONV2D-NEXT:     T: type (required), one of: f16 (half), bf16 (bfloat16), f32 (float), f64 (double), i32 (int32)
// CONV2D-NEXT:     strides: list(int) (required)
// CONV2D-NEXT:     use_cudnn_on_gpu: bool = true
// CONV2D-NEXT:     padding: string (required), one of: "SAME", "VALID", "EXPLICIT"
// CONV2D-NEXT:     explicit_paddings: list(int) = []
// CONV2D-NEXT:     data_format: string = "NHWC", one of: "NHWC", "NCHW"
// CONV2D-NEXT:     dilations: list(int) = [1, 1, 1, 1]
// CONV2D-NEXT:   versions with it: 2.15, 2.21

// OLD: tfg.Conv2D  (tensorflow op Conv2D in amanda/tensorflow/2.15; tensorflow-cpu 2.15.1

// ONNX: onnx.Conv  (onnx op Conv (since opset 22) in amanda/onnx/opset-28; onnx 1.23.2
// ONNX:      B: type T, optional
// ONNX:   type constraints:
// ONNX-NEXT:     T: tensor(bfloat16), tensor(float16), tensor(float), tensor(double)
// ONNX:     auto_pad: string = "NOTSET"
// ONNX:   changed at: opset-1, opset-11, opset-22

// ONNX10: onnx.Conv  (onnx op Conv (since opset 1) in amanda/onnx/opset-10;
// ONNX10:     T: tensor(float16), tensor(float), tensor(double)

// TORCH: torch.aten.add.Tensor  (pytorch op aten::add.Tensor in amanda/pytorch/2.15; torch 2.15.0
// TORCH-NEXT:   schema: aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
// TORCH-NEXT:   arguments (in call order):
// TORCH-NEXT:     self: Tensor
// TORCH-NEXT:     other: Tensor
// TORCH-NEXT:     alpha: Scalar, = 1, keyword-only

// LIST: amanda/onnx (onnx; without a version: opset-28)
// LIST: amanda/onnx/ml (onnx; without a version: opset-5)
// LIST: amanda/pytorch (pytorch; without a version: 2.15)
// LIST: amanda/tensorflow (tensorflow; without a version: 2.21)
// LIST-NEXT:   amanda/tensorflow/2.15  (tensorflow-cpu 2.15.1 (PyPI), TF_GetAllOpList)
// LIST-NEXT:   amanda/tensorflow/2.21  (tensorflow-cpu 2.21.0 (PyPI), TF_GetAllOpList, inherits amanda/tensorflow/2.15)

// TYPO: error: 'Conv2d' is not an op of amanda/tensorflow/2.21; did you mean Conv2D?

// MISSING: error: cannot read namespace file

// EMPTY: error: 'tfg.' names no op of a namespace
