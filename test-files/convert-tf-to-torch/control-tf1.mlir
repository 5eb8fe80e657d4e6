// TF1 control flow (Switch/Merge/Enter/Exit/NextIteration/LoopCond), as
// tf.compat.v1.while_loop and tf.compat.v1.cond write it with control flow v2 off, is raised
// to While/If first (tfg-functionalize-control-flow), then converted: torch.prim.Loop and
// torch.prim.If. The graphs are TensorFlow's, imported from GraphDefs.
// RUN: %amanda_opt %s --split-input-file --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --split-input-file --convert-tf-to-torch | %amanda_opt - --split-input-file --verify-namespace | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --split-input-file --convert-tf-to-torch | %torch_mlir_opt --split-input-file > /dev/null %}

// i, a = while_loop(i < 5, (i + 1, a * w + 1)): a counter, a carried tensor, an invariant.
tfg.graph #tf_type.version<producer = 2474, min_consumer = 0> {
  %Placeholder, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %Const, %ctl_0 = Const name("w") {dtype = f32, value = dense<[1.000000e+00, 2.000000e+00, 5.000000e-01]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %Const_1, %ctl_2 = Const name("Const") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %Enter, %ctl_3 = Enter(%Const_1) name("while/Enter") {T = i32, frame_name = "while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Enter_4, %ctl_5 = Enter(%Placeholder) name("while/Enter_1") {T = f32, frame_name = "while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Merge:2, %ctl_6 = Merge(%Enter, %NextIteration) name("while/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %Merge_7:2, %ctl_8 = Merge(%Enter_4, %NextIteration_30) name("while/Merge_1") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %Const_9, %ctl_10 = Const [%ctl_6] name("while/Less/y") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<*xi32>)
  %Less, %ctl_11 = Less(%Merge#0, %Const_9) name("while/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  %LoopCond, %ctl_12 = LoopCond(%Less) name("while/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
  %Switch:2, %ctl_13 = Switch(%Merge#0, %LoopCond) name("while/Switch") {T = i32, _class = ["loc:@while/Merge"]} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
  %Switch_14:2, %ctl_15 = Switch(%Merge_7#0, %LoopCond) name("while/Switch_1") {T = f32, _class = ["loc:@while/Merge_1"]} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %Identity, %ctl_16 = Identity(%Switch#1) name("while/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Identity_17, %ctl_18 = Identity(%Switch_14#1) name("while/Identity_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Const_19, %ctl_20 = Const [%ctl_16] name("while/add/y") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %AddV2, %ctl_21 = AddV2(%Identity, %Const_19) name("while/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %Mul, %ctl_22 = Mul(%Identity_17, %Enter_23) name("while/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %Enter_23, %ctl_24 = Enter(%Const) name("while/mul/Enter") {T = f32, frame_name = "while/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Const_25, %ctl_26 = Const [%ctl_16] name("while/add_1/y") {dtype = f32, value = dense<1.000000e+00> : tensor<f32>} : () -> (tensor<*xf32>)
  %AddV2_27, %ctl_28 = AddV2(%Mul, %Const_25) name("while/add_1") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %NextIteration, %ctl_29 = NextIteration(%AddV2) name("while/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %NextIteration_30, %ctl_31 = NextIteration(%AddV2_27) name("while/NextIteration_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Exit, %ctl_32 = Exit(%Switch#0) name("while/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Exit_33, %ctl_34 = Exit(%Switch_14#0) name("while/Exit_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Identity_35, %ctl_36 = Identity(%Exit_33) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
// CHECK:       %[[I0:.*]] = torch.vtensor.literal(dense<0> : tensor<si32>) : !torch.vtensor<[],si32>
// CHECK:       %[[W:.*]] = torch.vtensor.literal(dense<[1.000000e+00, 2.000000e+00, 5.000000e-01]> : tensor<3xf32>)
// The loop counts (i < 5 from 0 by 1): a for loop of 5 trips.
// CHECK:       %[[N:.*]] = torch.constant.int 5
// CHECK-NEXT:  %[[TRUE:.*]] = torch.constant.bool true
// CHECK-NEXT:  %[[L:.*]]:2 = torch.prim.Loop %[[N]], %[[TRUE]], init(%[[I0]], %arg0) {
// CHECK-NEXT:  ^bb0{{.*}}(%{{.*}}: !torch.int, %[[I:.*]]: !torch.vtensor<[],si32>, %[[A:.*]]: !torch.vtensor<[3],f32>):
// CHECK:         %[[I1:.*]] = torch.aten.add.Tensor %[[I]], %{{.*}}, %{{.*}} : !torch.vtensor<[],si32>
// CHECK:         %[[M:.*]] = torch.aten.mul.Tensor %[[A]], %[[W]]
// CHECK:         %[[A1:.*]] = torch.aten.add.Tensor %[[M]], %{{.*}}, %{{.*}} : !torch.vtensor<[3],f32>
// CHECK-NEXT:    torch.prim.Loop.condition %[[TRUE]], iter(%[[I1]], %[[A1]] : !torch.vtensor<[],si32>, !torch.vtensor<[3],f32>)
// CHECK:       return %[[L]]#1 : !torch.vtensor<[3],f32>

// -----

// cond(sum(x) > 0, x * 2, x - 1)
tfg.graph #tf_type.version<producer = 2474, min_consumer = 0> {
  %Placeholder, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %Const, %ctl_0 = Const name("Const") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %Sum, %ctl_1 = Sum(%Placeholder, %Const) name("Sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %Const_2, %ctl_3 = Const name("Greater/y") {dtype = f32, value = dense<0.000000e+00> : tensor<f32>} : () -> (tensor<*xf32>)
  %Greater, %ctl_4 = Greater(%Sum, %Const_2) name("Greater") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
  %Switch:2, %ctl_5 = Switch(%Greater, %Greater) name("cond/Switch") {T = i1} : (tensor<*xi1>, tensor<*xi1>) -> (tensor<*xi1>, tensor<*xi1>)
  %Identity, %ctl_6 = Identity(%Switch#1) name("cond/switch_t") {T = i1} : (tensor<*xi1>) -> (tensor<*xi1>)
  %Identity_7, %ctl_8 = Identity(%Switch#0) name("cond/switch_f") {T = i1} : (tensor<*xi1>) -> (tensor<*xi1>)
  %Identity_9, %ctl_10 = Identity(%Greater) name("cond/pred_id") {T = i1} : (tensor<*xi1>) -> (tensor<*xi1>)
  %Const_11, %ctl_12 = Const [%ctl_6] name("cond/mul/y") {dtype = f32, value = dense<2.000000e+00> : tensor<f32>} : () -> (tensor<*xf32>)
  %Mul, %ctl_13 = Mul(%Switch_14#1, %Const_11) name("cond/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %Switch_14:2, %ctl_15 = Switch(%Placeholder, %Identity_9) name("cond/mul/Switch") {T = f32, _class = ["loc:@x"]} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %Const_16, %ctl_17 = Const [%ctl_8] name("cond/sub/y") {dtype = f32, value = dense<1.000000e+00> : tensor<f32>} : () -> (tensor<*xf32>)
  %Sub, %ctl_18 = Sub(%Switch_19#0, %Const_16) name("cond/sub") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %Switch_19:2, %ctl_20 = Switch(%Placeholder, %Identity_9) name("cond/sub/Switch") {T = f32, _class = ["loc:@x"]} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %Merge:2, %ctl_21 = Merge(%Sub, %Mul) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %Identity_22, %ctl_23 = Identity(%Merge#0) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
// CHECK:       %[[GT:.*]] = torch.aten.gt.Tensor
// CHECK-NEXT:  %[[C:.*]] = torch.aten.Bool.Tensor %[[GT]]
// CHECK-NEXT:  %[[R:.*]] = torch.prim.If %[[C]] -> (!torch.vtensor<[3],f32>) {
// CHECK:         %[[MUL:.*]] = torch.aten.mul.Tensor %arg0
// CHECK-NEXT:    torch.prim.If.yield %[[MUL]] : !torch.vtensor<[3],f32>
// CHECK-NEXT:  } else {
// CHECK:         %[[SUB:.*]] = torch.aten.sub.Tensor %arg0
// CHECK-NEXT:    torch.prim.If.yield %[[SUB]] : !torch.vtensor<[3],f32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[R]] : !torch.vtensor<[3],f32>

// -----

// Nested: while i < 3: (inner while j < i: b + 1), i + 1
tfg.graph #tf_type.version<producer = 2474, min_consumer = 0> {
  %Placeholder, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %Const, %ctl_0 = Const name("Const") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %Enter, %ctl_1 = Enter(%Const) name("while/Enter") {T = i32, frame_name = "while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Enter_2, %ctl_3 = Enter(%Placeholder) name("while/Enter_1") {T = f32, frame_name = "while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Merge:2, %ctl_4 = Merge(%Enter, %NextIteration_58) name("while/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %Merge_5:2, %ctl_6 = Merge(%Enter_2, %NextIteration_60) name("while/Merge_1") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %Const_7, %ctl_8 = Const [%ctl_4] name("while/Less/y") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<*xi32>)
  %Less, %ctl_9 = Less(%Merge#0, %Const_7) name("while/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  %LoopCond, %ctl_10 = LoopCond(%Less) name("while/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
  %Switch:2, %ctl_11 = Switch(%Merge#0, %LoopCond) name("while/Switch") {T = i32, _class = ["loc:@while/Merge"]} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
  %Switch_12:2, %ctl_13 = Switch(%Merge_5#0, %LoopCond) name("while/Switch_1") {T = f32, _class = ["loc:@while/Merge_1"]} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %Identity, %ctl_14 = Identity(%Switch#1) name("while/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Identity_15, %ctl_16 = Identity(%Switch_12#1) name("while/Identity_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Const_17, %ctl_18 = Const [%ctl_14] name("while/Const") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %Enter_19, %ctl_20 = Enter(%Const_17) name("while/while/Enter") {T = i32, frame_name = "while/while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Enter_21, %ctl_22 = Enter(%Identity_15) name("while/while/Enter_1") {T = f32, frame_name = "while/while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Merge_23:2, %ctl_24 = Merge(%Enter_19, %NextIteration) name("while/while/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %Merge_25:2, %ctl_26 = Merge(%Enter_21, %NextIteration_49) name("while/while/Merge_1") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %Less_27, %ctl_28 = Less(%Merge_23#0, %Enter_29) name("while/while/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  %Enter_29, %ctl_30 = Enter(%Identity) name("while/while/Less/Enter") {T = i32, frame_name = "while/while/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  %LoopCond_31, %ctl_32 = LoopCond(%Less_27) name("while/while/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
  %Switch_33:2, %ctl_34 = Switch(%Merge_23#0, %LoopCond_31) name("while/while/Switch") {T = i32, _class = ["loc:@while/while/Merge"]} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
  %Switch_35:2, %ctl_36 = Switch(%Merge_25#0, %LoopCond_31) name("while/while/Switch_1") {T = f32, _class = ["loc:@while/while/Merge_1"]} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %Identity_37, %ctl_38 = Identity(%Switch_33#1) name("while/while/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Identity_39, %ctl_40 = Identity(%Switch_35#1) name("while/while/Identity_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Const_41, %ctl_42 = Const [%ctl_38] name("while/while/add/y") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %AddV2, %ctl_43 = AddV2(%Identity_37, %Const_41) name("while/while/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %Const_44, %ctl_45 = Const [%ctl_38] name("while/while/add_1/y") {dtype = f32, value = dense<1.000000e+00> : tensor<f32>} : () -> (tensor<*xf32>)
  %AddV2_46, %ctl_47 = AddV2(%Identity_39, %Const_44) name("while/while/add_1") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %NextIteration, %ctl_48 = NextIteration(%AddV2) name("while/while/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %NextIteration_49, %ctl_50 = NextIteration(%AddV2_46) name("while/while/NextIteration_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Exit, %ctl_51 = Exit(%Switch_33#0) name("while/while/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Exit_52, %ctl_53 = Exit(%Switch_35#0) name("while/while/Exit_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Const_54, %ctl_55 = Const [%ctl_14] name("while/add/y") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %AddV2_56, %ctl_57 = AddV2(%Identity, %Const_54) name("while/add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %NextIteration_58, %ctl_59 = NextIteration(%AddV2_56) name("while/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %NextIteration_60, %ctl_61 = NextIteration(%Exit_52) name("while/NextIteration_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Exit_62, %ctl_63 = Exit(%Switch#0) name("while/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Exit_64, %ctl_65 = Exit(%Switch_12#0) name("while/Exit_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Identity_66, %ctl_67 = Identity(%Exit_64) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
// CHECK:       %[[L:.*]]:2 = torch.prim.Loop
// CHECK:         torch.prim.Loop
// CHECK:           torch.prim.Loop.condition
// CHECK:         torch.prim.Loop.condition
// CHECK:       return %[[L]]#1 : !torch.vtensor<[3],f32>
