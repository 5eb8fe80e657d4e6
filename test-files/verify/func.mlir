// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// tfg.func: the signature, the arguments, the body and its tfg.return.

// expected-error @+1 {{'tfg.func' op expects a non-empty block}}
tfg.func @foo(%arg0 : tensor<10xf32>) -> (tensor<10xf32>) {
}

// -----

// expected-error @+1 {{'tfg.func' op expects body to be terminated with a tfg.return, but got: tfg.NoOp}}
tfg.func @f() {
  %ctl = NoOp
  return
  %ctl2 = NoOp
}

// -----

// expected-error @+1 {{'tfg.func' op arguments may only have dialect attributes}}
tfg.func @f(%a: tensor<f32> {foo = 1}) {
  return
}

// -----

// expected-error @+1 {{'tfg.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 2}}
"tfg.func"() ({
^bb0(%a: tensor<f32>, %b: !tf_type.control):
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {function_type = (tensor<f32>, !tf_type.control) -> (), sym_name = "f", arg_attrs = [{}]} : () -> ()

// -----

// expected-error @+1 {{'tfg.func' op type mismatch for arg #0, signature defines 'tensor<i32>' block arg is 'tensor<f32>'}}
"tfg.func"() ({
^bb0(%a: tensor<f32>, %b: !tf_type.control):
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {function_type = (tensor<i32>, !tf_type.control) -> (), sym_name = "f"} : () -> ()

// -----

// expected-error @+1 {{'tfg.func' op function type indicated 2 args but block has 3}}
"tfg.func"() ({
^bb0(%a: tensor<f32>, %b: !tf_type.control, %c: tensor<f32>):
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {function_type = (tensor<f32>, !tf_type.control) -> (), sym_name = "f"} : () -> ()

// -----

// expected-error @+1 {{'tfg.func' op region #0 expected same number of data values and control tokens (1 vs. 0)}}
"tfg.func"() ({
^bb0(%a: tensor<f32>):
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {function_type = (tensor<f32>) -> (), sym_name = "f"} : () -> ()

// -----

// expected-error @+1 {{'tfg.func' op expects 2 returned values but tfg.return has 1 operands}}
tfg.func @f(%a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  return(%a) : tensor<f32>
}

// -----

// The returned values must be cast compatible with the results: same element type, and
// the same size on every dimension both know.
// expected-error @+1 {{'tfg.func' op type mismatch for returned value #0, expected 'tensor<2x?xf32>' but got 'tensor<3x4xf32>'}}
tfg.func @f(%a: tensor<3x4xf32>) -> (tensor<2x?xf32>) {
  return(%a) : tensor<3x4xf32>
}

// -----

tfg.func @f(%a: tensor<2x4xf32>, %b: tensor<*x!tf_type.resource<tensor<2xf32>>>)
    -> (tensor<?x4xf32>, tensor<*xf32>, tensor<*x!tf_type.resource>) {
  return(%a, %a, %b) : tensor<2x4xf32>, tensor<2x4xf32>, tensor<*x!tf_type.resource<tensor<2xf32>>>
}

// -----

// expected-error @+1 {{'tfg.func' op returned value #0 overflow the expected 1 returned value for function f, expected a ControlType but got 'tensor<f32>'}}
tfg.func @f(%a: tensor<f32>) -> (tensor<f32>) {
  return(%a, %a) : tensor<f32>, tensor<f32>
}

// -----

// expected-error @+1 {{'tfg.func' op expects region #0 to have 0 or 1 blocks}}
"tfg.func"() ({
^bb0:
  "tfg.return"() {control_ret_attrs = []} : () -> ()
^bb1:
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {function_type = () -> (), sym_name = "f"} : () -> ()

// -----

// expected-error @+1 {{'tfg.func' op symbol declaration cannot have public visibility}}
"tfg.func"() ({
}) {function_type = () -> (), sym_name = "f"} : () -> ()

// -----

// tfg has no function declarations.
// expected-error @+1 {{'tfg.func' op expects a non empty body}}
"tfg.func"() ({
}) {function_type = () -> (), sym_name = "f", sym_visibility = "private"} : () -> ()

// -----

// expected-error @+1 {{'tfg.func' op requires attribute 'function_type'}}
"tfg.func"() ({
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {sym_name = "f"} : () -> ()

// -----

// expected-error @+1 {{'tfg.func' op visibility expected to be one of ["public", "private", "nested"], but got "secret"}}
"tfg.func"() ({
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {function_type = () -> (), sym_name = "f", sym_visibility = "secret"} : () -> ()

// -----

// An invalid function is not looked into: its nodes are not reported.
// expected-error @+1 {{'tfg.func' op expects 1 returned values but tfg.return has 0 operands}}
tfg.func @f() -> (tensor<f32>) {
  %a:2, %ctl = "tfg.A"() : () -> (!tf_type.control, tensor<f32>, !tf_type.control)
  return
}
