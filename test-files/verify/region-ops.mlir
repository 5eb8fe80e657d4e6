// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// IfRegion, CaseRegion, WhileRegion, ForRegion: operands, results, regions, terminators,
// loop arguments, preserved attributes, and the types along control-flow edges.

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi32>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.IfRegion' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<*xi32>'}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
    yield(%fwd) : tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi32>) -> (tensor<*xf32>)
}

// -----

// The misplaced return is reported once, by its parent.
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.StatelessIfRegion' op else region must be terminated by a 'tfg.yield'}}
  %IfRegion, %ctl_0 = StatelessIfRegion %cond then {
    yield(%fwd) : tensor<*xf32>
  } else {
    return(%fwd) : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.IfRegion' op expects a non-empty block}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.IfRegion' op region #1 ('else_region') failed to verify constraint: region with 1 blocks}}
  %0:2 = "tfg.IfRegion"(%cond) ({
    "tfg.yield"(%fwd) {operandSegmentSizes = array<i32: 1, 0>} : (tensor<*xf32>) -> ()
  }, {
  }) : (tensor<*xi1>) -> (tensor<*xf32>, !tf_type.control)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.IfRegion' op expected 2 regions}}
  %0:2 = "tfg.IfRegion"(%cond) ({
    "tfg.yield"(%fwd) {operandSegmentSizes = array<i32: 1, 0>} : (tensor<*xf32>) -> ()
  }) : (tensor<*xi1>) -> (tensor<*xf32>, !tf_type.control)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.IfRegion' op result #1 must be , but got 'tensor<*xf32>'}}
  %0:2 = "tfg.IfRegion"(%cond) ({
    "tfg.yield"(%fwd) {operandSegmentSizes = array<i32: 1, 0>} : (tensor<*xf32>) -> ()
  }, {
    "tfg.yield"(%fwd) {operandSegmentSizes = array<i32: 1, 0>} : (tensor<*xf32>) -> ()
  }) : (tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.IfRegion' op along control flow edge from Operation tfg.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
    // expected-note @+1 {{region branch point}}
    yield(%fwd, %fwd) : tensor<*xf32>, tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.IfRegion' op along control flow edge from Operation tfg.yield to parent: successor operand type #0 'tensor<*xi1>' should match successor input type #0 'tensor<*xf32>'}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
    // expected-note @+1 {{region branch point}}
    yield(%cond) : tensor<*xi1>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.IfRegion' op region #0 has 0 argument(s) but preserved attributes has 1}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
    yield(%fwd) : tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } {then_region_attrs = #tfg.region_attrs<{} [{}] [{}]>} : (tensor<*xi1>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error @+1 {{'tfg.IfRegion' op region #0 expected same number of data values and control tokens (1 vs. 0)}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
  ^bb0(%x: tensor<f32>):
    yield(%fwd) : tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i64>)
  %A, %ctl_0 = A : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.CaseRegion' op operand #0 must be tensor of 32-bit signless integer values, but got 'tensor<i64>'}}
  %CaseRegion, %ctl_1 = CaseRegion %Index {
    yield(%A) : tensor<f32>
  } : (tensor<i64>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.CaseRegion' op branch region #1 is not terminated by a 'tfg.yield' op}}
  %CaseRegion, %ctl_1 = CaseRegion %Index {
    yield(%A) : tensor<f32>
  }, {
    %B, %ctl_2 = B : () -> (tensor<f32>)
  } : (tensor<i32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.CaseRegion' op has 2 regions but 1 branch function attributes}}
  %CaseRegion, %ctl_1 = CaseRegion %Index {
    yield(%A) : tensor<f32>
  }, {
    yield(%A) : tensor<f32>
  } {branch_attrs = [{}]} : (tensor<i32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.CaseRegion' op expected 1 region attribute(s) but got 2}}
  %CaseRegion, %ctl_1 = CaseRegion %Index {
    yield(%A) : tensor<f32>
  } {region_attrs = [#tfg.region_attrs<{} [] [{}]>, #tfg.region_attrs<{} [] [{}]>]} : (tensor<i32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (memref<f32>)
  // expected-error @+1 {{'tfg.CaseRegion' op result #0 must be variadic of  or opaque tensor type, but got 'memref<f32>'}}
  %CaseRegion, %ctl_1 = CaseRegion %Index {
    yield(%A) : memref<f32>
  } : (tensor<i32>) -> (memref<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (tensor<2xf32>)
  // Shapes need only agree where both are known.
  %CaseRegion, %ctl_1 = CaseRegion %Index {
    yield(%A) : tensor<2xf32>
  } : (tensor<i32>) -> (tensor<?xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error @+1 {{'tfg.WhileRegion' op requires attribute 'parallel_iterations'}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    yield(%arg0) [%arg1] : tensor<*xi32>
  } : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error @+1 {{'tfg.WhileRegion' op condition region must be terminated by a 'tfg.condition' op}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    yield(%arg0) [%arg1] : tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// tfg reports a body without yield but goes on verifying: the yield count of the
// preserved attributes is then checked against the condition.
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error @+2 {{'tfg.WhileRegion' op body region must be terminated by a 'tfg.yield' op}}
  // expected-error @+1 {{'tfg.WhileRegion' op region #1 has 1 argument(s) but preserved attributes has 0}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %Cond, %ctl_2 = Cond : () -> (tensor<*xi1>)
    condition %Cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } {parallel_iterations = 10 : i64, body_region_attrs = #tfg.region_attrs<{} [] [{}]>} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error @+1 {{'tfg.WhileRegion' op region #0 argument #0 should not be a control token}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: !tf_type.control, %arg1: tensor<*xi32>):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg1) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    yield(%arg0) [%arg1] : tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error @+2 {{'tfg.WhileRegion' op along control flow edge from parent to Region #0: successor operand type #0 'tensor<*xi32>' should match successor input type #0 'tensor<*xf32>'}}
  // expected-note @+1 {{region branch point}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xf32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    yield(%arg0) [%arg1] : tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error @+1 {{'tfg.WhileRegion' op along control flow edge from Operation tfg.yield to Region #0: region branch point has 2 operands, but region successor needs 1 inputs}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    // expected-note @+1 {{region branch point}}
    yield(%arg0, %arg0) [%arg1] : tensor<*xi32>, tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error @+1 {{'tfg.ForRegion' op expected first body block argument to be an i32 tensor}}
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xf32>
  } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i64>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error @+1 {{'tfg.ForRegion' op operand #0 must be tensor of 32-bit signless integer values, but got 'tensor<i64>'}}
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xf32>
  } : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error @+1 {{'tfg.ForRegion' op region #0 expected same number of data values and control tokens (2 vs. 1)}}
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control):
    yield(%arg1) [%arg2] : tensor<*xf32>
  } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error @+2 {{'tfg.ForRegion' op along control flow edge from parent to Region #0: successor operand type #0 'tensor<*xf32>' should match successor input type #0 'tensor<*xi32>'}}
  // expected-note @+1 {{region branch point}}
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xi32>
  } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

tfg.func @test(%arg: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.ForRegion' op region #0 has 1 result(s) but preserved attributes has 2}}
  %For, %ctl_1 = ForRegion(%arg) from %arg to %arg by %arg {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) : tensor<i32>
  } {region_attrs = #tfg.region_attrs<{} [{}, {}] [{}, {}]>}
  : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%For) : tensor<i32>
}
