// RUN: %amanda_opt %s --tfg-shape-inference | FileCheck %s --check-prefix=READ
// RUN: %amanda_opt %s --pass='tfg-shape-inference{max-constant-bytes=8}' | FileCheck %s --check-prefix=READ
// RUN: %amanda_opt %s --pass='tfg-shape-inference{max-constant-bytes=7}' | FileCheck %s --check-prefix=UNREAD

// max-constant-bytes bounds the constants shape inference reads, whatever their spelling
// (elements written out, raw hex data, a splat): a shape operand of 2 x i32 (8 bytes) is
// read within a budget of 8 bytes and not within 7, where the Reshape learns only its rank. A
// converter's shape inference reads no weights this way (their elements as f64 would double
// a model's memory).
// READ: Reshape{{.*}} name("listed") {{.*}} -> (tensor<3x4xf32>)
// READ: Reshape{{.*}} name("raw") {{.*}} -> (tensor<6x2xf32>)
// UNREAD: Reshape{{.*}} name("listed") {{.*}} -> (tensor<?x?xf32>)
// UNREAD: Reshape{{.*}} name("raw") {{.*}} -> (tensor<?x?xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<12>} : () -> (tensor<12xf32>)
  %s, %ctl_0 = Const name("s") {dtype = i32, value = dense<[3, 4]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %r, %ctl_1 = Reshape(%x, %s) name("listed") {T = f32, Tshape = i32} : (tensor<12xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %h, %ctl_2 = Const name("h") {dtype = i32, value = dense<"0x0600000002000000"> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %q, %ctl_3 = Reshape(%x, %h) name("raw") {T = f32, Tshape = i32} : (tensor<12xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}
