// MatrixBandPart(x, num_lower, num_upper) → aten.tril / aten.triu over the last two dims:
// (-1, 0) is Keras's causal mask (one tril), (1, 2) a band (triu at -1, then tril at 2),
// (-1, -1) the input itself (band-part-errors.mlir: a bound that is not a constant).
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt - --verify-namespace | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x4x5>} : () -> (tensor<*xf32>)
  %m1, %ctl_0 = Const name("m1") {dtype = i64, value = dense<-1> : tensor<i64>} : () -> (tensor<*xi64>)
  %z, %ctl_1 = Const name("z") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<*xi64>)
  %one, %ctl_2 = Const name("one") {dtype = i64, value = dense<1> : tensor<i64>} : () -> (tensor<*xi64>)
  %two, %ctl_3 = Const name("two") {dtype = i64, value = dense<2> : tensor<i64>} : () -> (tensor<*xi64>)
  %causal, %ctl_4 = MatrixBandPart(%x, %m1, %z) name("causal") {T = f32, Tindex = i64} : (tensor<*xf32>, tensor<*xi64>, tensor<*xi64>) -> (tensor<*xf32>)
  %band, %ctl_5 = MatrixBandPart(%x, %one, %two) name("band") {T = f32, Tindex = i64} : (tensor<*xf32>, tensor<*xi64>, tensor<*xi64>) -> (tensor<*xf32>)
  %all, %ctl_6 = MatrixBandPart(%x, %m1, %m1) name("all") {T = f32, Tindex = i64} : (tensor<*xf32>, tensor<*xi64>, tensor<*xi64>) -> (tensor<*xf32>)
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,4,5],f32>) -> (!torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>)
// CHECK:      %[[Z:.*]] = torch.constant.int 0
// CHECK-NEXT: %[[CAUSAL:.*]] = torch.aten.tril %arg0, %[[Z]] : !torch.vtensor<[2,4,5],f32>, !torch.int -> !torch.vtensor<[2,4,5],f32>
// CHECK-NEXT: %[[M1:.*]] = torch.constant.int -1
// CHECK-NEXT: %[[U:.*]] = torch.aten.triu %arg0, %[[M1]] : !torch.vtensor<[2,4,5],f32>, !torch.int -> !torch.vtensor<[2,4,5],f32>
// CHECK-NEXT: %[[TWO:.*]] = torch.constant.int 2
// CHECK-NEXT: %[[BAND:.*]] = torch.aten.tril %[[U]], %[[TWO]] : !torch.vtensor<[2,4,5],f32>, !torch.int -> !torch.vtensor<[2,4,5],f32>
// CHECK-NEXT: return %[[CAUSAL]], %[[BAND]], %arg0 :
