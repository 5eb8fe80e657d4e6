// RUN: %amanda_opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(tfg.func(test-fail))'

// The diagnostics of a failing pass, and of the verifier after a pass, are checked by
// --verify-diagnostics like any other (here per --split-input-file chunk: the first
// function of each chunk fails, the pipeline stops there).

// expected-error@+1 {{test-fail: failing on 'tfg.func' op}}
tfg.func @f() -> () {
  return
}
tfg.func @g() -> () {
  return
}

// -----

// expected-error@+1 {{test-fail: failing on 'tfg.func' op}}
tfg.func @h() -> () {
  return
}
