// Shapes that used to cost quadratic time (issue 19); each now takes well under a second
// (scripts/bench-hostile.sh times them at N and 2N). The `timeout`s are generous bounds
// for a debug build on a busy machine: before the fixes these took minutes.
//
// 100k control operands on one op (the lexer tried a generic op's result list at every `%`).
// RUN: %python -c "print('tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n  %%ctl = NoOp\n  %%ctl_1 = NoOp [' + ', '.join(['%%ctl'] * 100000) + ']\n}')" > %t.ctl
// RUN: timeout 60 %amanda_opt --no-verify %t.ctl | FileCheck %s --check-prefix=CTL
// CTL: %ctl_1 = NoOp [%ctl, %ctl,
//
// 40k blocks in one region under --canonical (each block's `// pred:` scanned the region).
// RUN: %python -c "print('\"foo.r\"() ({\n' + ''.join('^bb%%d:\n  \"foo.br\"() [^bb%%d] : () -> ()\n' %% (i, max(1, (i + 1) %% 40000)) for i in range(40000)) + '}) : () -> ()')" > %t.blocks
// RUN: timeout 60 %amanda_opt --canonical %t.blocks | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: ^bb1:  // 2 preds: ^bb0, ^bb39999
// BLOCKS-NEXT: "foo.br"()[^bb2] : () -> ()
// BLOCKS-NEXT: ^bb2:  // pred: ^bb1
//
// An integer literal of a million digits: out of range at once, whatever its type.
// RUN: %python -c "print('\"foo.a\"() {a = ' + '9' * 1000000 + ' : i32} : () -> ()')" > %t.digits
// RUN: not timeout 60 %amanda_opt %t.digits 2>&1 | FileCheck %s --check-prefix=DIGITS
// RUN: %python -c "print('\"foo.a\"() {a = ' + '9' * 1000000 + '} : () -> ()')" > %t.digits64
// RUN: not timeout 60 %amanda_opt %t.digits64 2>&1 | FileCheck %s --check-prefix=DIGITS
// DIGITS: error: integer constant out of range for attribute
//
// --verify-diagnostics with 100k expected errors (each diagnostic was looked for among all
// expectations: about a minute before, a few seconds now).
// RUN: %python -c "print(''.join('// expected-error @+1 {{requires attribute}}\n\"tfg.return\"() : () -> ()\n' for i in range(100000)))" > %t.expected
// RUN: timeout 30 %amanda_opt --verify-diagnostics %t.expected
