// TensorList ops outside loops, on lists held as one tensor [N, ...element]: GetItem and
// SetItem with known indices (aten.select.int, aten.select_scatter), SetItem on a list of one
// element (the item reshaped: the list is replaced whole), Stack, Gather (index_select),
// Length and ElementShape (literals of the static length and element shape), and Range of
// known bounds (a literal). An element shape operand may leave dims unknown (-1) or the rank
// unknown (a scalar -1).
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt - --verify-namespace | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x2x3>} : () -> (tensor<*xf32>)
  %v, %ctl_0 = Placeholder name("v") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %es, %ctl_1 = Const name("es") {dtype = i32, value = dense<[-1, 3]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %unk, %ctl_2 = Const name("unk") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<*xi32>)
  %two, %ctl_3 = Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<*xi32>)
  %one, %ctl_4 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %idx2, %ctl_14 = Const name("five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<*xi32>)
  %idx, %ctl_5 = Const name("idx") {dtype = i32, value = dense<[3, 0]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %l, %ctl_6 = TensorListFromTensor(%x, %es) name("l") {element_dtype = f32, shape_type = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %g, %ctl_7 = TensorListGetItem(%l, %two, %unk) name("get2") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  %s, %ctl_8 = TensorListSetItem(%l, %one, %v) name("set1") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*x!tf_type.variant>)
  %st, %ctl_9 = TensorListStack(%s, %es) name("stack") {element_dtype = f32, num_elements = -1 : i64} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
  %ga, %ctl_10 = TensorListGather(%s, %idx, %es) name("gather") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  %n, %ctl_11 = TensorListLength(%s) name("len") : (tensor<*x!tf_type.variant>) -> (tensor<*xi32>)
  %sh, %ctl_12 = TensorListElementShape(%s) name("eshape") {shape_type = i64} : (tensor<*x!tf_type.variant>) -> (tensor<*xi64>)
  %es1, %ctl_15 = Const name("es1") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %zero, %ctl_16 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %r1, %ctl_17 = TensorListReserve(%es1, %one) name("r1") {element_dtype = f32, shape_type = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*x!tf_type.variant>)
  %s1, %ctl_18 = TensorListSetItem(%r1, %zero, %v) name("set0") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*x!tf_type.variant>)
  %st1, %ctl_19 = TensorListStack(%s1, %es1) name("stack1") {element_dtype = f32, num_elements = 1 : i64} : (tensor<*x!tf_type.variant>, tensor<*xi32>) -> (tensor<*xf32>)
  %r, %ctl_13 = Range(%one, %idx2, %one) name("range") {Tidx = i32} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
}

// CHECK-NOT: tfg.
// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[4,2,3],f32>, %arg1: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[4,2,3],f32>, !torch.vtensor<[2,2,3],f32>, !torch.vtensor<[],si32>, !torch.vtensor<[2],si64>, !torch.vtensor<[1,2,3],f32>, !torch.vtensor<[4],si32>)
// CHECK:      %[[D0:.*]] = torch.constant.int 0
// CHECK-NEXT: %[[K2:.*]] = torch.constant.int 2
// CHECK-NEXT: %[[GET:.*]] = torch.aten.select.int %arg0, %[[D0]], %[[K2]] : !torch.vtensor<[4,2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT: %[[K1:.*]] = torch.constant.int 1
// CHECK-NEXT: %[[SET:.*]] = torch.aten.select_scatter %arg0, %arg1, %[[D0]], %[[K1]] : !torch.vtensor<[4,2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,2,3],f32>
// The gathered indices are made si64 here, not by aten.to.dtype at run time.
// CHECK:      %[[IDX64:.*]] = torch.vtensor.literal(dense<[3, 0]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
// CHECK:      %[[GATHER:.*]] = torch.aten.index_select %[[SET]], %[[D0]], %[[IDX64]] : !torch.vtensor<[4,2,3],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,2,3],f32>
// CHECK-NEXT: %[[LEN:.*]] = torch.vtensor.literal(dense<4> : tensor<si32>) : !torch.vtensor<[],si32>
// CHECK-NEXT: %[[ESHAPE:.*]] = torch.vtensor.literal(dense<[2, 3]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
// CHECK:      %[[ONE:.*]] = torch.aten.reshape %arg1, %{{.*}} : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[1,2,3],f32>
// CHECK-NEXT: %[[RANGE:.*]] = torch.vtensor.literal(dense<[1, 2, 3, 4]> : tensor<4xsi32>) : !torch.vtensor<[4],si32>
// CHECK-NEXT: return %[[GET]], %[[SET]], %[[GATHER]], %[[LEN]], %[[ESHAPE]], %[[ONE]], %[[RANGE]] :
// CHECK-NOT: tfg.
