// ReverseV2 (constant axes, negative from the end) and Reverse (a bool per dim) →
// aten.flip of the dims, sorted; no axes: the input itself. Keras's go_backwards and the
// backward half of Bidirectional reverse the time axis this way.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt - --verify-namespace | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5x4>} : () -> (tensor<*xf32>)
  %ax, %ctl_0 = Const name("ax") {dtype = i32, value = dense<[-1, 1]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %none, %ctl_1 = Const name("none") {dtype = i64, value = dense<> : tensor<0xi64>} : () -> (tensor<*xi64>)
  %flags, %ctl_2 = Const name("flags") {dtype = i1, value = dense<[true, false, false]> : tensor<3xi1>} : () -> (tensor<*xi1>)
  %r, %ctl_3 = ReverseV2(%x, %ax) name("rev") {T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %s, %ctl_4 = ReverseV2(%x, %none) name("same") {T = f32, Tidx = i64} : (tensor<*xf32>, tensor<*xi64>) -> (tensor<*xf32>)
  %v, %ctl_5 = Reverse(%x, %flags) name("rev1") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>)
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,5,4],f32>) -> (!torch.vtensor<[2,5,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[2,5,4],f32>)
// CHECK:      %[[D1:.*]] = torch.constant.int 1
// CHECK-NEXT: %[[D2:.*]] = torch.constant.int 2
// CHECK-NEXT: %[[DIMS:.*]] = torch.prim.ListConstruct %[[D1]], %[[D2]] : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK-NEXT: %[[REV:.*]] = torch.aten.flip %arg0, %[[DIMS]] : !torch.vtensor<[2,5,4],f32>, !torch.list<int> -> !torch.vtensor<[2,5,4],f32>
// CHECK-NEXT: %[[D0:.*]] = torch.constant.int 0
// CHECK-NEXT: %[[DIMS0:.*]] = torch.prim.ListConstruct %[[D0]] : (!torch.int) -> !torch.list<int>
// CHECK-NEXT: %[[REV1:.*]] = torch.aten.flip %arg0, %[[DIMS0]]
// CHECK-NEXT: return %[[REV]], %arg0, %[[REV1]] :
