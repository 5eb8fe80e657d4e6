// RUN: %python -c "print('\"foo.a\"() {a = ' + '[' * 200000 + '} : () -> ()')" > %t.in
// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %t.in -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t
// RUN: %python -c "print('\"foo.a\"() {a = ' + '{a = ' * 200000)" > %t.dict
// RUN: not %amanda_opt %t.dict 2>&1 | FileCheck %s
// RUN: %python -c "print('\"foo.a\"() : ' + '(' * 200000)" > %t.paren
// RUN: not %amanda_opt %t.paren 2>&1 | FileCheck %s
// RUN: %python -c "print('\"foo.a\"() {a = ' + 'tuple<' * 200000)" > %t.tuple
// RUN: not %amanda_opt %t.tuple 2>&1 | FileCheck %s

// Hostile nesting depth (200000 open `[`, `{`, `(`, `tuple<`): a clean error at the place
// the limit is passed and exit status 1, never a stack overflow; `not` fails on a crash.

// CHECK: error: nesting is too deep
// UNTOUCHED: previous output
