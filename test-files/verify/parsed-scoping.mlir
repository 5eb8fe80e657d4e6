// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// Right after a parse, the verifier does not check again what name resolution makes true
// (operands visible where the parser's scoping found them), but an ordered region asks for
// more than scoping: a `func.func` body orders its ops, also for a use inside an unordered
// region nested in it. A graph's nodes may use what is defined after them.

func.func @use_before_def() {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "foo.use"(%v) : (i32) -> ()
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %v = "foo.def"() : () -> i32
  func.return
}

// -----

func.func @use_in_nested_region_before_def() {
  "foo.region"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "foo.use"(%v) : (i32) -> ()
  }) : () -> ()
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %v = "foo.def"() : () -> i32
  func.return
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Id, %ctl = Identity(%c) {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %c, %ctl_0 = Const {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
}
