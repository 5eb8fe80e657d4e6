// RUN: %amanda_opt %s --tfg-add-default-attrs | FileCheck %s

// Registered ops get their defaulted attributes (written ones are kept); unregistered ops,
// unknown attributes, control edges and region ops are left as they are.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // CHECK: %v, %ctl_v = VarHandleOp name("v") {dtype = f32, shape = #tf_type.shape<2>, _extra = "x", container = "c"
  // CHECK-SAME: shared_name = ""
  // CHECK-SAME: allowed_devices = []
  %v, %ctl_v = VarHandleOp name("v") {dtype = f32, shape = #tf_type.shape<2>, _extra = "x", container = "c"} : () -> (tensor<!tf_type.resource>)
  // CHECK: %u, %ctl_u = NotARegisteredOp [%ctl_v] name("u") {a}
  %u, %ctl_u = NotARegisteredOp [%ctl_v] name("u") {a} : () -> (tensor<i32>)
}

// CHECK-LABEL: tfg.func @f
tfg.func @f(%a: tensor<4xf32> {tfg.name = "a"}, %c: tensor<i1> {tfg.name = "c"}) -> (tensor<4xf32>) {
  // CHECK: Relu(%a) name("relu") {T = f32}
  %r, %ctl = Relu(%a) name("relu") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
  // CHECK: StatelessIfRegion
  // CHECK: ApproximateEqual(%r, %a) [%ctl] name("eq") {T = f32, tolerance = 9.99999974E-6 : f32}
  // CHECK: {_mlir_name = "if"}
  %if, %ctl_if = StatelessIfRegion %c then {
    %e, %ctl_e = ApproximateEqual(%r, %a) [%ctl] name("eq") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xi1>)
    yield(%r) : tensor<4xf32>
  } else {
    yield(%a) : tensor<4xf32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<4xf32>)
  return(%if) : tensor<4xf32>
}
