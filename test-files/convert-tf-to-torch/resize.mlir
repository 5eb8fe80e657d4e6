// ResizeNearestNeighbor by whole factors (2 and 3): each element repeated, by a reshape to
// [N,H,1,W,1,C], aten.broadcast_to [N,H,2,W,3,C] and a reshape to [N,2H,3W,C].
// RUN: %amanda_opt %s --print-op-generic --pass='convert-tf-to-torch{fetches=up}' | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --pass='convert-tf-to-torch{fetches=up}' | %torch_mlir_opt > /dev/null %}
// RUN: %amanda_opt %s --pass='convert-tf-to-torch{fetches=up}' --verify-namespace > /dev/null
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{fetches=odd}' 2>&1 | FileCheck %s --check-prefix=ODD

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x3x4>} : () -> (tensor<*xf32>)
  %size, %ctl_0 = Const name("size") {dtype = i32, value = dense<[4, 9]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %y, %ctl_1 = ResizeNearestNeighbor(%x, %size) name("up") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %bad, %ctl_2 = Const name("bad") {dtype = i32, value = dense<[3, 3]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %z, %ctl_3 = ResizeNearestNeighbor(%x, %bad) name("odd") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[1,2,3,4],f32>):
// CHECK: %[[A:.*]] = "torch.aten.reshape"(%[[X]], %{{.*}}) : {{.*}} -> !torch.vtensor<[1,2,1,3,1,4],f32>
// CHECK: %[[B:.*]] = "torch.aten.broadcast_to"(%[[A]], %{{.*}}) : (!torch.vtensor<[1,2,1,3,1,4],f32>, !torch.list<int>) -> !torch.vtensor<[1,2,2,3,3,4],f32>
// CHECK: %[[C:.*]] = "torch.aten.reshape"(%[[B]], %{{.*}}) : {{.*}} -> !torch.vtensor<[1,4,9,4],f32>
// ODD: error: convert-tf-to-torch: ResizeNearestNeighbor 'odd': resizing 2x3 to 3x3 is not by whole factors
