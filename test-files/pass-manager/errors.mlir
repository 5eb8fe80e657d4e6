// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark-fnc))' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=UNKNOWN
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(tfg.graph(test-mark-func))' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=ANCHOR
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(test-mark{nam=x})' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=OPTION
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark{start=x}))' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=VALUE
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark{name=x)' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=BRACE
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark)))' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=EXTRA
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark) test-mark)' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=COMMA
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark)' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=UNBALANCED
// RUN: not %amanda_opt %s --pass-pipeline='tfg.func(test-mark)' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=ROOT
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(,test-mark)' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=EMPTY
// RUN: not %amanda_opt %s --pass-pipeline='builtin.module(test-fail{x=1})' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=NOOPTS
// RUN: not %amanda_opt %s --test-mark=nme=1 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=FLAG
// RUN: not %amanda_opt %s '--pass=test-mark{name=x' 2>&1 | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=SPEC
// RUN: not %amanda_opt %s --tst-mark 2>&1 | FileCheck %s --check-prefix=MEAN
// RUN: not %amanda_opt %s --print-ir-after=test-mak 2>&1 | FileCheck %s --check-prefix=PRINT

// Errors in a pipeline or a pass flag: the message points at the column of the pipeline
// text (or of the flag) with the text and a caret below it, suggests the closest pass or
// option name, and the exit status is 1. A pass anchored on another op than the pipeline
// it is written in is an error (MLIR's "did you intend to nest?").

//      UNKNOWN:amanda-opt: error: <pipeline>:1:25: unknown pass 'test-mark-fnc'; did you mean 'test-mark-func'?
// UNKNOWN-NEXT:builtin.module(tfg.func(test-mark-fnc))
// UNKNOWN-NEXT:                        ^

//      ANCHOR:amanda-opt: error: <pipeline>:1:26: can't add pass 'test-mark-func' restricted to 'tfg.func' on a pass manager intended to run on 'tfg.graph', did you intend to nest?
// ANCHOR-NEXT:builtin.module(tfg.graph(test-mark-func))
// ANCHOR-NEXT:                         ^

//      OPTION:amanda-opt: error: <pipeline>:1:26: no such option 'nam' for pass 'test-mark'; did you mean 'name'?
// OPTION-NEXT:builtin.module(test-mark{nam=x})
// OPTION-NEXT:                         ^

//      VALUE:amanda-opt: error: <pipeline>:1:41: pass 'test-mark': option 'start' takes an integer, not 'x'
// VALUE-NEXT:builtin.module(tfg.func(test-mark{start=x}))
// VALUE-NEXT:                                        ^

//      BRACE:amanda-opt: error: <pipeline>:1:34: missing closing '}' while processing pass options
// BRACE-NEXT:builtin.module(tfg.func(test-mark{name=x)
// BRACE-NEXT:                                 ^

//      EXTRA:amanda-opt: error: <pipeline>:1:36: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// EXTRA-NEXT:builtin.module(tfg.func(test-mark)))
// EXTRA-NEXT:                                   ^

//      COMMA:amanda-opt: error: <pipeline>:1:36: expected ',' after parsing pipeline
// COMMA-NEXT:builtin.module(tfg.func(test-mark) test-mark)
// COMMA-NEXT:                                   ^

//      UNBALANCED:amanda-opt: error: <pipeline>:1:35: encountered unbalanced parentheses while parsing pipeline
// UNBALANCED-NEXT:builtin.module(tfg.func(test-mark)
// UNBALANCED-NEXT:                                  ^

//      ROOT:amanda-opt: error: <pipeline>:1:1: can't run 'tfg.func' pass manager on 'builtin.module' op
// ROOT-NEXT:tfg.func(test-mark)
// ROOT-NEXT:^

//      EMPTY:amanda-opt: error: <pipeline>:1:16: expected a pass name or an op name
// EMPTY-NEXT:builtin.module(,test-mark)
// EMPTY-NEXT:               ^

//      NOOPTS:amanda-opt: error: <pipeline>:1:26: no such option 'x' for pass 'test-fail' (it takes no options)

//      FLAG:amanda-opt: error: <command line>:1:13: no such option 'nme' for pass 'test-mark'; did you mean 'name'?
// FLAG-NEXT:--test-mark=nme=1
// FLAG-NEXT:            ^

//      SPEC:amanda-opt: error: <command line>:1:10: missing closing '}' while processing pass options
// SPEC-NEXT:test-mark{name=x
// SPEC-NEXT:         ^

// MEAN:  error: unexpected argument '--tst-mark'
// MEAN:  amanda-opt: did you mean '--test-mark'?

// PRINT: amanda-opt: error: --print-ir-after: unknown pass 'test-mak'; did you mean 'test-mark'?

tfg.func @f() -> () {
  return
}
