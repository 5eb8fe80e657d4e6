// RUN: %amanda_opt %s --tfg-strip-default-attrs | FileCheck %s

// Attributes equal to their op definition's default go; other values, attributes without
// a default, unknown attributes, unregistered ops and control edges stay.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // CHECK: %v, %ctl_v = VarHandleOp name("v") {dtype = f32, shape = #tf_type.shape<2>, container = "c", _extra = ""} :
  %v, %ctl_v = VarHandleOp name("v") {dtype = f32, shape = #tf_type.shape<2>, container = "c", shared_name = "", allowed_devices = [], _extra = ""} : () -> (tensor<!tf_type.resource>)
  // CHECK: %u, %ctl_u = NotARegisteredOp [%ctl_v] name("u") {shared_name = ""} :
  %u, %ctl_u = NotARegisteredOp [%ctl_v] name("u") {shared_name = ""} : () -> (tensor<i32>)
}

// CHECK-LABEL: tfg.func @f
tfg.func @f(%a: tensor<4xf32> {tfg.name = "a"}, %c: tensor<i1> {tfg.name = "c"}) -> (tensor<4xf32>) {
  // CHECK: StatelessIfRegion
  // CHECK: ApproximateEqual(%a, %a) [%a.ctl] name("eq") {T = f32} :
  // CHECK: ApproximateEqual(%a, %a) name("eq2") {T = f32, tolerance = 1.000000e-01 : f32} :
  %if, %ctl_if = StatelessIfRegion %c then {
    %e, %ctl_e = ApproximateEqual(%a, %a) [%a.ctl] name("eq") {T = f32, tolerance = 9.99999974E-6 : f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xi1>)
    %e2, %ctl_e2 = ApproximateEqual(%a, %a) name("eq2") {T = f32, tolerance = 1.000000e-01 : f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xi1>)
    yield(%a) : tensor<4xf32>
  } else {
    yield(%a) : tensor<4xf32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<4xf32>)
  return(%if) : tensor<4xf32>
}
