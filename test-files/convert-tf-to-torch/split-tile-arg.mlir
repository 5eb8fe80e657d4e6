// Beyond the core set: Split and SplitV (a slice per piece; SplitV's -1 takes the rest),
// Unpack (aten.select.int per index), Tile (aten.repeat), ArgMax (aten.argmax gives si64,
// cast to output_type int32 = ScalarType 3).
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x6>} : () -> (tensor<*xf32>)
  %one, %ctl_0 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %sp:2, %ctl_1 = Split(%one, %x) name("split") {T = f32, num_split = 2 : i64} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %sz, %ctl_2 = Const name("sz") {dtype = i32, value = dense<[1, -1]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %zero, %ctl_3 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %sv:2, %ctl_4 = SplitV(%x, %sz, %zero) name("splitv") {T = f32, Tlen = i32, num_split = 2 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xf32>)
  %un:4, %ctl_5 = Unpack(%x) name("unpack") {T = f32, axis = 0 : i64, num = 4 : i64} : (tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %m, %ctl_6 = Const name("m") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %t, %ctl_7 = Tile(%sp#1, %m) name("tile") {T = f32, Tmultiples = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %am, %ctl_8 = ArgMax(%sv#1, %one) name("argmax") {T = f32, Tidx = i32, output_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi32>)
  %u, %ctl_9 = AddV2(%un#3, %un#0) name("u") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[4,6],f32>):
// CHECK: "torch.aten.slice.Tensor"(%[[X]], %[[I1:.*]], %[[I0:.*]], %[[I3:.*]], %[[I1]]) : {{.*}} -> !torch.vtensor<[4,3],f32>
// CHECK: %[[SP1:.*]] = "torch.aten.slice.Tensor"(%[[X]], %[[I1]], %[[I3]], %{{.*}}, %[[I1]]) : {{.*}} -> !torch.vtensor<[4,3],f32>
// CHECK: %[[T:.*]] = "torch.aten.repeat"(%[[SP1]], %{{.*}}) : (!torch.vtensor<[4,3],f32>, !torch.list<int>) -> !torch.vtensor<[4,6],f32>
// CHECK: "torch.aten.slice.Tensor"(%[[X]], %[[I0]], %[[I0]], %[[I1]], %[[I1]]) : {{.*}} -> !torch.vtensor<[1,6],f32>
// CHECK: %[[SV1:.*]] = "torch.aten.slice.Tensor"(%[[X]], %[[I0]], %[[I1]], %{{.*}}, %[[I1]]) : {{.*}} -> !torch.vtensor<[3,6],f32>
// CHECK: %[[FALSE:.*]] = "torch.constant.bool"() <{value = false}>
// CHECK: %[[AM:.*]] = "torch.aten.argmax"(%[[SV1]], %[[I1]], %[[FALSE]]) : (!torch.vtensor<[3,6],f32>, !torch.int, !torch.bool) -> !torch.vtensor<[3],si64>
// CHECK: "torch.aten.to.dtype"(%[[AM]], %[[I3]], {{.*}}) : {{.*}} -> !torch.vtensor<[3],si32>
// CHECK-COUNT-4: "torch.aten.select.int"(%[[X]], %[[I0]], %{{.*}}) : (!torch.vtensor<[4,6],f32>, !torch.int, !torch.int) -> !torch.vtensor<[6],f32>
// CHECK: "func.return"
