// TensorLists whose length or element shape is not static here are errors naming the node
// (exit 1, nothing written); list ops without a rule are listed in the one error about
// unconvertible nodes.
// RUN: rm -f %t.out
// RUN: not %amanda_opt %s --split-input-file --convert-tf-to-torch -o %t.out 2>&1 | FileCheck %s
// RUN: not ls %t.out

// An element shape of unknown rank.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %es, %ctl = Const name("es") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<*xi32>)
  %n, %ctl_0 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<*xi32>)
  %l, %ctl_1 = TensorListReserve(%es, %n) name("r") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %s, %ctl_2 = TensorListStack(%l, %es) name("s") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-3]]:3: error: convert-tf-to-torch: TensorListReserve 'r': its element shape is not known (unknown rank, or not a constant) and no use of the list gives it; only lists of static element shape are converted

// -----

// An element shape with an unknown dim.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %es, %ctl = Const name("es") {dtype = i32, value = dense<[-1, 3]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %n, %ctl_0 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<*xi32>)
  %l, %ctl_1 = TensorListReserve(%es, %n) name("r") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %s, %ctl_2 = TensorListStack(%l, %es) name("s") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-3]]:3: error: convert-tf-to-torch: TensorListReserve 'r': its element shape [?,3] is not static and no use of the list gives it; only lists of static element shape are converted

// -----

// A length computed at run time.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %n, %ctl = Placeholder name("n") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<*xi32>)
  %es, %ctl_0 = Const name("es") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %l, %ctl_1 = TensorListReserve(%es, %n) name("r") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %s, %ctl_2 = TensorListStack(%l, %es) name("s") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-3]]:3: error: convert-tf-to-torch: TensorListReserve 'r': its number of elements is not a constant; only lists of static length are converted

// -----

// Lists that grow (EmptyTensorList, PushBack) have no rule: listed with the other nodes.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %es, %ctl_0 = Const name("es") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %m, %ctl_1 = Const name("m") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<*xi32>)
  %e, %ctl_2 = EmptyTensorList(%es, %m) name("empty") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %p, %ctl_3 = TensorListPushBack(%e, %x) name("push") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xf32>) -> (tensor<*x!tf_type.variant>)
  %s, %ctl_4 = TensorListStack(%p, %es) name("s") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-4]]:3: error: convert-tf-to-torch: 2 nodes of 2 op types have no torch lowering: EmptyTensorList (1: empty); TensorListPushBack (1: push)

// -----

// A known index out of range.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3x2>} : () -> (tensor<*xf32>)
  %es, %ctl_0 = Const name("es") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %k, %ctl_1 = Const name("k") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<*xi32>)
  %l, %ctl_2 = TensorListFromTensor(%x, %es) name("l") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %g, %ctl_3 = TensorListGetItem(%l, %k, %es) name("get") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: TensorListGetItem 'get': index 3 is out of range for a list of 3 elements

// -----

// Stack's num_elements is not the list's length; FromTensor's element shape does not fit.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3x2>} : () -> (tensor<*xf32>)
  %es, %ctl_0 = Const name("es") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %l, %ctl_1 = TensorListFromTensor(%x, %es) name("l") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %s, %ctl_2 = TensorListStack(%l, %es) name("s") {element_dtype = f32, num_elements = 4 : i64} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: TensorListStack 's': its num_elements is 4 but the list has 3 elements

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3x2>} : () -> (tensor<*xf32>)
  %es, %ctl_0 = Const name("es") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %l, %ctl_1 = TensorListFromTensor(%x, %es) name("l") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %s, %ctl_2 = TensorListStack(%l, %es) name("s") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-3]]:3: error: convert-tf-to-torch: TensorListFromTensor 'l': its element shape [3] does not fit the list's elements [2]

// -----

// SetItem: an item of another shape; a run-time index with resize_if_index_out_of_bounds.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3x2>} : () -> (tensor<*xf32>)
  %v, %ctl_0 = Placeholder name("v") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %es, %ctl_1 = Const name("es") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %k, %ctl_2 = Const name("k") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %l, %ctl_3 = TensorListFromTensor(%x, %es) name("l") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %s, %ctl_4 = TensorListSetItem(%l, %k, %v) name("set") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*x!tf_type.variant>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: TensorListSetItem 'set': its item !torch.vtensor<[3],f32> does not fit the list's elements !torch.vtensor<[2],f32>

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3x2>} : () -> (tensor<*xf32>)
  %v, %ctl_0 = Placeholder name("v") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %k, %ctl_1 = Placeholder name("k") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<*xi32>)
  %es, %ctl_2 = Const name("es") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %l, %ctl_3 = TensorListFromTensor(%x, %es) name("l") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %s, %ctl_4 = TensorListSetItem(%l, %k, %v) name("set") {element_dtype = f32, resize_if_index_out_of_bounds = true} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*x!tf_type.variant>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: TensorListSetItem 'set': has resize_if_index_out_of_bounds with an index computed at run time; only lists of static length are converted

// -----

// A Range whose limit is not known here (a TensorListLength, computed when converting).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3x2>} : () -> (tensor<*xf32>)
  %es, %ctl_0 = Const name("es") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %z, %ctl_1 = Const name("z") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %o, %ctl_2 = Const name("o") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %l, %ctl_3 = TensorListFromTensor(%x, %es) name("l") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %n, %ctl_4 = TensorListLength(%l) name("len") : (tensor<*x!tf_type.variant>) -> (tensor<*xi32>)
  %r, %ctl_5 = Range(%z, %n, %o) name("range") {Tidx = i32} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
}
// CHECK: tensorlist-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: Range 'range': its start, limit and delta must be known at conversion time (its length is its shape)
