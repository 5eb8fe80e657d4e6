// RUN: %amanda_opt %s --split-input-file --tfg-constant-folding | FileCheck %s
// RUN: %amanda_opt %s --split-input-file --canonical --tfg-constant-folding | FileCheck %s --check-prefix=CANON

// Ops are tried last first, as MLIR's driver pops its worklist: RealDiv by a constant
// becomes a Mul by its Reciprocal before its input is folded.
// Ops whose inputs are all constants become Const nodes with the folded op's name and
// device; the new Const depends on the producers of the inputs and on the op's own
// control operands.
// CHECK-LABEL: tfg.func @fold_chain
// CHECK: %[[A:.*]], %[[ACTL:.*]] = Const name("a")
// CHECK: %[[B:.*]], %[[BCTL:.*]] = Const name("b")
// CHECK: %[[NCTL:.*]] = NoOp name("n")
// CHECK: %{{.*}}, %[[SCTL:.*]] = Const [%[[ACTL]], %[[BCTL]], %[[NCTL]]] device("/CPU:0") name("sum") {dtype = f32, value = dense<[4.000000e+00, 6.000000e+00]> : tensor<2xf32>} : () -> (tensor<2xf32>)
// CHECK: %[[QCTL:ctl[_0-9a-z]*]] = Const name("q")
// CHECK: , %[[RCTL:.*]] = Const [%[[QCTL]]] name("scaled/q/_recip") {dtype = f32, value = dense<2.500000e-01> : tensor<f32>}
// CHECK: %[[M:.*]], %{{.*}} = Const [%[[SCTL]], %[[RCTL]]] name("scaled") {dtype = f32, value = dense<[1.000000e+00, 1.500000e+00]> : tensor<2xf32>} : () -> (tensor<2xf32>)
// CHECK: Unknown(%[[M]])
// CANON: value = dense<[1.000000e+00, 1.500000e+00]> : tensor<2xf32>
tfg.func @fold_chain() -> (tensor<*xf32>) {
  %A, %ctl = Const name("a") {dtype = f32, value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %B, %ctl_0 = Const name("b") {dtype = f32, value = dense<[3.0, 4.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %ctl_n = NoOp name("n") : () -> ()
  %S, %ctl_1 = AddV2(%A, %B) [%ctl_n] device("/CPU:0") name("sum") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<*xf32>)
  %Q, %ctl_q = Const name("q") {dtype = f32, value = dense<4.0> : tensor<f32>} : () -> (tensor<f32>)
  %M, %ctl_2 = RealDiv(%S, %Q) name("scaled") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %U, %ctl_3 = Unknown(%M) name("u") : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%U) : tensor<*xf32>
}

// -----

// Shapes known statically become constants; an op a return holds by its control token is
// kept; unknown ops and stateful ops are left alone.
// CHECK-LABEL: tfg.func @shapes
// CHECK: %{{.*}}, %[[VCTL:.*]] = VariableV2 name("v")
// CHECK: Const [%[[VCTL]]] name("shape") {dtype = i32, value = dense<[4, 2]> : tensor<2xi32>}
// CHECK: Const [%arg.ctl] name("rank") {dtype = i32, value = dense<3> : tensor<i32>}
// CHECK: Identity{{.*}} name("kept")
// CHECK: RandomUniform{{.*}} name("r")
tfg.func @shapes(%arg: tensor<1x2x3xf32> {tfg.name = "arg"}) {
  %V, %ctl = VariableV2 name("v") {container = "", dtype = f32, shape = #tf_type.shape<4x2>, shared_name = ""} : () -> (tensor<4x2x!tf_type.f32ref>)
  %S, %ctl_0 = Shape(%V) name("shape") {T = f32, out_type = i32} : (tensor<4x2x!tf_type.f32ref>) -> (tensor<*xi32>)
  %R, %ctl_1 = Rank(%arg) name("rank") {T = f32} : (tensor<1x2x3xf32>) -> (tensor<*xi32>)
  %K, %ctl_2 = Identity(%S) name("kept") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %X, %ctl_3 = RandomUniform(%S) name("r") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<*xi32>) -> (tensor<*xf32>)
  return [%ctl_2]
}

// -----

// Neutral elements, Tile with multiples of one and region bodies.
// CHECK-LABEL: tfg.func @simplify
// CHECK: %[[X:.*]], %[[XCTL:.*]] = Placeholder name("x")
// CHECK: %{{.*}}, %[[ONECTL:.*]] = Const name("one")
// CHECK: Snapshot(%[[X]]) [%[[ONECTL]]] name("mul") {T = f32}
// CHECK: %{{.*}}, %[[MCTL:.*]] = Const name("m")
// CHECK: Identity(%[[X]]) [%[[MCTL]]] name("tile") {T = f32}
// CHECK: IfRegion
// CHECK: Const [%{{.*}}] name("inner") {dtype = i32, value = dense<7> : tensor<i32>}
// CHECK: yield
tfg.func @simplify(%c: tensor<i1> {tfg.name = "c"}) {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x2>} : () -> (tensor<2x2xf32>)
  %O, %ctl_0 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %Mu, %ctl_1 = Mul(%X, %O) name("mul") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %Mt, %ctl_2 = Const name("m") {dtype = i32, value = dense<1> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %T, %ctl_3 = Tile(%X, %Mt) name("tile") {T = f32, Tmultiples = i32} : (tensor<2x2xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %If, %ctl_4 = IfRegion %c then {
    %C3, %ctl_5 = Const name("c3") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %C4, %ctl_6 = Const name("c4") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
    %I, %ctl_7 = AddV2(%C3, %C4) name("inner") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%I) : tensor<i32>
  } else {
    %C5, %ctl_8 = Const name("c5") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
    yield(%C5) : tensor<i32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<i32>)
  return
}
