// Any and All (Keras's Masking computes its mask with Any) → aten.any.dim / aten.all.dim one
// dim at a time (kept), then the result's shape; keep_dims keeps the reduced dims as 1.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt - --verify-namespace | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = i1, shape = #tf_type.shape<2x5x4>} : () -> (tensor<*xi1>)
  %ax, %ctl_0 = Const name("ax") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<*xi32>)
  %ax2, %ctl_1 = Const name("ax2") {dtype = i32, value = dense<[0, 2]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %a, %ctl_2 = Any(%x, %ax) name("any") {Tidx = i32, keep_dims = false} : (tensor<*xi1>, tensor<*xi32>) -> (tensor<*xi1>)
  %b, %ctl_3 = All(%x, %ax2) name("all") {Tidx = i32, keep_dims = true} : (tensor<*xi1>, tensor<*xi32>) -> (tensor<*xi1>)
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,5,4],i1>) -> (!torch.vtensor<[2,5],i1>, !torch.vtensor<[1,5,1],i1>)
// CHECK:      %[[D2:.*]] = torch.constant.int 2
// CHECK-NEXT: %[[TRUE:.*]] = torch.constant.bool true
// CHECK-NEXT: %[[ANY:.*]] = torch.aten.any.dim %arg0, %[[D2]], %[[TRUE]] : !torch.vtensor<[2,5,4],i1>, !torch.int, !torch.bool -> !torch.vtensor<[2,5,1],i1>
// CHECK:      %[[A:.*]] = torch.aten.reshape %[[ANY]], %{{.*}} -> !torch.vtensor<[2,5],i1>
// CHECK:      %[[ALL0:.*]] = torch.aten.all.dim %arg0, %{{.*}}, %[[TRUE]] : !torch.vtensor<[2,5,4],i1>, !torch.int, !torch.bool -> !torch.vtensor<[1,5,4],i1>
// CHECK-NEXT: %[[ALL:.*]] = torch.aten.all.dim %[[ALL0]], %[[D2]], %[[TRUE]] : !torch.vtensor<[1,5,4],i1>, !torch.int, !torch.bool -> !torch.vtensor<[1,5,1],i1>
// CHECK-NEXT: return %[[A]], %[[ALL]] :
