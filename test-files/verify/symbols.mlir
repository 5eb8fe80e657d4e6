// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// Symbol names are unique in their symbol table; functional ops find their functions in
// the nearest one.

// expected-note @+1 {{see existing symbol definition here}}
tfg.func @f() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'f'}}
tfg.func @f() {
  return
}

// -----

// Each module is its own symbol table.
module {
  tfg.func @f() {
    return
  }
}
module {
  tfg.func @f() {
    return
  }
}

// -----

// The If finds the @then of its own module, not the one outside.
tfg.func @then(%a: tensor<i32>) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
module {
  // expected-note @+1 {{see referenced function}}
  tfg.func @then(%a: tensor<f32>) -> (tensor<f32>) {
    return(%a) : tensor<f32>
  }
  tfg.func @test(%arg0: tensor<i1>, %arg1: tensor<i32>) -> (tensor<i32>) {
    // expected-error @+1 {{'tfg.If' op then function argument #0 type 'tensor<f32>' is not compatible with corresponding operand type: 'tensor<i32>'}}
    %If, %ctl = If(%arg0, %arg1) {
      then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>
    } : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
    return(%If) : tensor<i32>
  }
}
