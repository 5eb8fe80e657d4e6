// Issue 35: convert-tf-to-torch keeps a splat a splat, and emitters never expand a splat whose declared size is huge. --emit=pytorch
// writes it as torch.full in __init__ (no bytes in weights.safetensors), GraphDef export
// writes one value, and ONNX export, whose TensorProto has no splat form, fails with an
// error naming the initializer, the shape and the bytes (exit 1, no output file).
//
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt %s --pass=convert-tf-to-torch' | FileCheck %s --check-prefix=TORCH
// TORCH: %0 = torch.vtensor.literal(dense<1.0> : tensor<100000x100000x100000xf32>) : !torch.vtensor<[100000,100000,100000],f32>
// TORCH: torch.aten.neg %0
//
// RUN: rm -rf %t && sh -c 'ulimit -v 2000000 && %amanda_opt %s --pass=convert-tf-to-torch --emit=pytorch -o %t'
// RUN: FileCheck %s --check-prefix=PY < %t/model.py
// RUN: %python -c "import os, sys; n = os.path.getsize(sys.argv[1]); assert n < 4096, n" %t/weights.safetensors
// PY: self.register_buffer("big", torch.full((100000, 100000, 100000), 1.0, dtype=torch.float32), persistent=False)
// PY: neg = torch.neg(self.big)
//
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt %s --emit=pbtxt' | FileCheck %s --check-prefix=PBTXT
// PBTXT: name: "big"
// PBTXT: float_val: 1
// PBTXT-NOT: float_val
//
// The same graph as a GraphDef (a TensorProto of one float_val): imported as a splat.
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt %S/Inputs/hostile-shapes.pbtxt --pass=tfg-constant-folding' | FileCheck %s --check-prefix=GD
// GD: name("neg") {dtype = f32, value = dense<-1.000000e+00> : tensor<100000x100000x100000xf32>}
//
// RUN: rm -f %t.onnx && not sh -c 'ulimit -v 2000000 && %amanda_opt %S/Inputs/hostile-shapes-onnx.mlir --emit=onnx -o %t.onnx' 2>&1 | FileCheck %s --check-prefix=ONNX
// RUN: not ls %t.onnx
// ONNX: initializer 'w': a splat of shape 100000x100000x100000xf32 would take 4000000000000000 bytes written out (an ONNX TensorProto has no splat form; the limit is 268435456 bytes)

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %c, %ctl = Const name("big") {dtype = f32, value = dense<1.0> : tensor<100000x100000x100000xf32>} : () -> (tensor<100000x100000x100000xf32>)
  %n, %ctl_0 = Neg(%c) name("neg") {T = f32} : (tensor<100000x100000x100000xf32>) -> (tensor<100000x100000x100000xf32>)
}
