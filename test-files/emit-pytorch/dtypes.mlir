// Weights of every element type in weights.safetensors: the dtype names of safetensors, the
// bytes little-endian (a hex literal is copied as it is), parameters for floating-point
// weights and buffers for the others; a splat stands for all its elements. Names that are
// torch.nn.Module attributes (half, double) or builtins (bytes) get a suffix.
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// The text is Python (its syntax, checked without torch):
// RUN: %python -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" %t/model.py
// RUN: FileCheck %s --check-prefix=ST < %t/weights.safetensors
// RUN: od -A n -t x1 -v %t/weights.safetensors | tr -d ' \n' | FileCheck %s --check-prefix=BYTES

func.func @main(%arg0: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[17],f16>, !torch.vtensor<[17],bf16>, !torch.vtensor<[20],si8>, !torch.vtensor<[17],i1>, !torch.vtensor<[2],f64>) {
  %0 = torch.vtensor.literal(dense<"0x0000803F00000040000040C0"> : tensor<3xf32>) : !torch.vtensor<[3],f32> loc("hex")
  %1 = torch.aten.mul.Tensor %arg0, %0 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[3],f32>
  %2 = torch.vtensor.literal(dense<1.5> : tensor<17xf16>) : !torch.vtensor<[17],f16> loc("half")
  %3 = torch.vtensor.literal(dense<-2.0> : tensor<17xbf16>) : !torch.vtensor<[17],bf16> loc("brain")
  %4 = torch.vtensor.literal(dense<-3> : tensor<20xsi8>) : !torch.vtensor<[20],si8> loc("bytes")
  %5 = torch.vtensor.literal(dense<true> : tensor<17xi1>) : !torch.vtensor<[17],i1> loc("flags")
  %6 = torch.vtensor.literal(dense<[0.1, -0.5]> : tensor<2xf64>) : !torch.vtensor<[2],f64> loc("double")
  return %1, %2, %3, %4, %5, %6 : !torch.vtensor<[3],f32>, !torch.vtensor<[17],f16>, !torch.vtensor<[17],bf16>, !torch.vtensor<[20],si8>, !torch.vtensor<[17],i1>, !torch.vtensor<[2],f64>
}

// CHECK: self.hex = torch.nn.Parameter(torch.empty((3,), dtype=torch.float32), requires_grad=True)
// CHECK-NEXT: self.half_1 = torch.nn.Parameter(torch.empty((17,), dtype=torch.float16), requires_grad=True)
// CHECK-NEXT: self.brain = torch.nn.Parameter(torch.empty((17,), dtype=torch.bfloat16), requires_grad=True)
// CHECK-NEXT: self.register_buffer("bytes_1", torch.empty((20,), dtype=torch.int8))
// CHECK-NEXT: self.register_buffer("flags", torch.empty((17,), dtype=torch.bool))
// CHECK-NEXT: self.double_1 = torch.nn.Parameter(torch.empty((2,), dtype=torch.float64), requires_grad=True)
// CHECK: mul = arg0 * self.hex
// CHECK-NEXT: return (mul, self.half_1, self.brain, self.bytes_1, self.flags, self.double_1)

// The header's keys are sorted; the data is in __init__ order.
// ST-DAG: "hex":{"data_offsets":[0,12],"dtype":"F32","shape":[3]}
// ST-DAG: "half_1":{"data_offsets":[12,46],"dtype":"F16","shape":[17]}
// ST-DAG: "brain":{"data_offsets":[46,80],"dtype":"BF16","shape":[17]}
// ST-DAG: "bytes_1":{"data_offsets":[80,100],"dtype":"I8","shape":[20]}
// ST-DAG: "flags":{"data_offsets":[100,117],"dtype":"BOOL","shape":[17]}
// ST-DAG: "double_1":{"data_offsets":[117,133],"dtype":"F64","shape":[2]}

// The data after the header: the hex bytes as they are, f16 1.5 = 0x3E00, bf16 -2.0 =
// 0xC000, int8 -3 = 0xFD, true = 0x01, f64 0.1 and -0.5 (the counts: the offsets above).
// BYTES: 7d{{(20)*}}0000803f00000040000040c0{{(003e)+}}{{(00c0)+}}{{(fd)+}}{{(01)+}}9a9999999999b93f000000000000e0bf{{$}}
