// RUN: %amanda_opt --split-input-file --verify-diagnostics %s
// RUN: not %amanda_opt --split-input-file --verify-diagnostics %S/Inputs/unmet-expectations.mlir 2>&1 | FileCheck %s

// --verify-diagnostics: the run succeeds when the diagnostics produced are exactly those
// the `expected-error` comments announce, in every spelling mlir-opt accepts (`@+N`,
// `@-N`, `@above`, `@below`, none for the same line, a space before `@`, a regex piece
// `{{...}}` with -re); a produced error nobody expects, or an expectation not met,
// fails the run with a file:line:col diagnostic.

// CHECK-DAG: unmet-expectations.mlir:4:4: error: expected error "this error is never produced" was not produced
// CHECK-DAG: unmet-expectations.mlir:{{[0-9]+}}:{{[0-9]+}}: error: unexpected error: use of undeclared SSA value name '%nope'

// expected-error@+1 {{use of undeclared SSA value name '%a'}}
"foo.use"(%a) : (i32) -> ()

// -----

"foo.use"(%b) : (i32) -> ()
// expected-error@-1 {{use of undeclared SSA value name '%b'}}

// -----

// expected-error @below {{use of undeclared SSA value name '%c'}}
"foo.use"(%c) : (i32) -> ()

// -----

"foo.use"(%d) : (i32) -> () // expected-error {{undeclared SSA value}}

// -----

// expected-error-re@+1 {{use of undeclared SSA value name '%{{[a-z]+}}'}}
"foo.use"(%ee) : (i32) -> ()
