// RUN: not %amanda_opt %s --test-break-ir 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: %amanda_opt %s --test-break-ir --no-verify | FileCheck %s --check-prefix=NOVERIFY
// RUN: %amanda_opt %s --test-break-ir -verify-each=0 | FileCheck %s --check-prefix=NOVERIFY
// RUN: %amanda_opt %s --test-break-ir --verify-each=false | FileCheck %s --check-prefix=NOVERIFY
// RUN: not %amanda_opt %s --test-break-ir --verify-each=true 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark, test-fail), test-mark)' 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: not %amanda_opt %S/Inputs/invalid.mlir --verify-each=false 2>&1 | FileCheck %s --check-prefix=PARSED
// RUN: %amanda_opt %S/Inputs/invalid.mlir --no-verify | FileCheck %s --check-prefix=NOVERIFY
// RUN: not %amanda_opt %s --test-fail --split-input-file 2>&1 | FileCheck %s --check-prefix=SPLIT

// After each pass that reports a change, the module is verified (mlir-opt's
// -verify-each), unless --no-verify / --verify-each=false / -verify-each=0; as mlir-opt,
// --verify-each=false still verifies the input after parsing. A pass failure
// or a failed verification stops the pipeline (a nested pipeline of several passes stops at
// the first function that fails) with its diagnostics, exit status 1, and nothing is
// printed. A single pass nested on functions is run on all of them at once, then the
// module verified, so every broken function is reported (as mlir-opt's multithreaded
// pass adaptor reports every failing function), however many threads run.

// BROKEN-COUNT-3: error: 'tfg.func' op requires attribute 'function_type'
// BROKEN-NOT:  error:
// BROKEN-NOT:  {{^}}tfg.func

// NOVERIFY:    "tfg.func"() ({

// FAIL:        :[[# @LINE + 8]]:1: error: test-fail: failing on 'tfg.func' op
// FAIL-NOT:    error:
// FAIL-NOT:    {{^}}tfg.func

// PARSED:      error: 'tfg.func' op requires attribute 'function_type'

// SPLIT-COUNT-2: error: test-fail: failing on the module

tfg.func @f() -> () {
  return
}
tfg.func @g() -> () {
  return
}

// -----

tfg.func @h() -> () {
  return
}
