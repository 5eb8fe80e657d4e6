// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// If, Case, While, For: attributes, operands and results, the signatures of the
// functions they call, and their type arrays.

// expected-note @+1 {{see referenced function}}
tfg.func @then(%a: tensor<f32>) -> (tensor<f32>) {
  return(%a) : tensor<f32>
}
tfg.func @test(%arg0: tensor<i1>, %arg1: tensor<f32>) -> (tensor<f32>) {
  // expected-error @+1 {{'tfg.If' op then function has 1 arguments but was provided 2}}
  %If, %ctl = If(%arg0, %arg1, %arg1) {
    then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>
  } : (tensor<i1>, tensor<f32>, tensor<f32>) -> (tensor<f32>)
  return(%If) : tensor<f32>
}

// -----

// Generic functions are only checked for their argument and result counts.
tfg.func generic @then(%a: tensor<f32>) -> (tensor<f32>) {
  return(%a) : tensor<f32>
}
tfg.func @test(%arg0: tensor<i1>, %arg1: tensor<i32>) -> (tensor<i32>) {
  %If, %ctl = If(%arg0, %arg1) {
    then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>
  } : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

tfg.func @test(%arg0: tensor<i32>, %arg1: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.If' op operand #0 must be  or opaque tensor type, but got 'tensor<i32>'}}
  %If, %ctl = If(%arg0, %arg1) {
    then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>
  } : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

tfg.func @test(%arg0: tensor<i1>, %arg1: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.StatelessIf' op requires attribute 'else_branch'}}
  %If, %ctl = StatelessIf(%arg0, %arg1) {
    then_branch = #tf_type.func<@then, {}>
  } : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

tfg.func @test(%arg0: tensor<i1>, %arg1: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.If' op attribute 'Tin' failed to satisfy constraint: type array attribute}}
  %If, %ctl = If(%arg0, %arg1) {
    then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>, Tin = [1]
  } : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

tfg.func @test(%arg0: tensor<i1>, %arg1: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.If' op result #0 is incompatible with dtype 'i64', got: 'tensor<i32>'}}
  %If, %ctl = If(%arg0, %arg1) {
    then_branch = #tf_type.func<@else, {}>, else_branch = #tf_type.func<@else, {}>, Tin = [i32], Tout = [i64]
  } : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

tfg.func @test(%arg0: tensor<i32>, %arg1: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.Case' op attribute 'branches' failed to satisfy constraint: an array of functions}}
  %Case, %ctl = Case(%arg0, %arg1) {
    branches = [@x]
  } : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Case) : tensor<i32>
}

// -----

// expected-note @+1 {{see referenced function}}
tfg.func @case(%a: tensor<i32>) -> (tensor<f32>) {
  %Ret, %ctl = Ret : () -> (tensor<f32>)
  return(%Ret) : tensor<f32>
}
tfg.func @test(%arg0: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.Case' op branch #1 function result #0 type 'tensor<f32>' is not compatible with corresponding result type: 'tensor<i32>'}}
  %Case, %ctl = Case(%arg0, %arg0) {
    branches = [#tf_type.func<@missing, {}>, #tf_type.func<@case, {}>]
  } : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Case) : tensor<i32>
}

// -----

tfg.func @test(%arg0: tensor<i32>, %arg1: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.While' op attribute 'parallel_iterations' failed to satisfy constraint: 64-bit signless integer attribute}}
  %W, %ctl = While(%arg1) {
    cond = #tf_type.func<@c, {}>, body = #tf_type.func<@c, {}>, parallel_iterations = 10 : i32
  } : (tensor<i32>) -> (tensor<i32>)
  return(%arg0) : tensor<i32>
}

// -----

// expected-note @+1 {{see referenced function}}
tfg.func @c(%arg0: tensor<i32>) -> (tensor<i32>) {
  return(%arg0) : tensor<i32>
}
tfg.func @test(%arg0: tensor<i1>, %arg1: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.While' op cond function result #0 type 'tensor<i32>' is not compatible with corresponding result type: 'tensor<*xi1>'}}
  %W, %ctl = While(%arg1) {
    cond = #tf_type.func<@c, {}>, body = #tf_type.func<@c, {}>, parallel_iterations = 10 : i64
  } : (tensor<i32>) -> (tensor<i32>)
  return(%arg1) : tensor<i32>
}

// -----

tfg.func @test(%arg0: tensor<i1>, %arg1: tensor<i32>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.While' op argument #0 is incompatible with dtype 'i64', got: 'tensor<i32>'}}
  %W, %ctl = While(%arg1) {
    cond = #tf_type.func<@c, {}>, body = #tf_type.func<@c, {}>, parallel_iterations = 10 : i64, T = [i64]
  } : (tensor<i32>) -> (tensor<i32>)
  return(%arg1) : tensor<i32>
}

// -----

tfg.func @test(%arg0: tensor<i32>, %arg1: tensor<i64>) -> (tensor<i32>) {
  // expected-error @+1 {{'tfg.For' op operand #0 must be  or opaque tensor type, but got 'tensor<i64>'}}
  %W, %ctl = For(%arg1, %arg0, %arg0) {
    body = #tf_type.func<@c, {}>
  } : (tensor<i64>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%arg0) : tensor<i32>
}

// -----

// Outside a graph or function body, control operands out of place are found by the op.
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<i1>, tensor<*xf32>)
  %IfRegion, %ctl_0 = IfRegion %cond then {
    // expected-error @+1 {{'tfg.If' op not all control tokens come after non-control operands}}
    %If:2 = "tfg.If"(%cond, %ctl, %fwd) {
      then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>
    } : (tensor<i1>, !tf_type.control, tensor<*xf32>) -> (tensor<*xf32>, !tf_type.control)
    yield(%fwd) : tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<i1>) -> (tensor<*xf32>)
}

// -----

// Resource subtypes are compatible when either side has none.
tfg.func @case(%arg0: tensor<*x!tf_type.resource<tensor<32xf32>>>) -> (tensor<i32>) {
  %A, %ctl = A : () -> (tensor<i32>)
  return(%A) : tensor<i32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %index, %arg, %ctl = Args : () -> (tensor<i32>, tensor<*x!tf_type.resource>)
  %Case, %ctl_0 = Case(%index, %arg) {
    Tin = [!tf_type.resource], Tout = [i32], output_shapes = [#tf_type.shape<>],
    branches = [#tf_type.func<@case, {}>]
  } : (tensor<i32>, tensor<*x!tf_type.resource>) -> (tensor<i32>)
}
