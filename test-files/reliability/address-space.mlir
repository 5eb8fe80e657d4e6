// Threads reserve only the stack the nesting bound needs (192 MiB, syntax::PARSER_STACK),
// and the worker pool is bounded (and shrinks when threads cannot be had), so the tool runs
// under an address-space limit, on many --split-input-file chunks and on the deepest inputs
// it accepts (issue 19).
//
// RUN: %python -c "print('\n// -----\n'.join('\"foo.op\"() {n = %%d : i32} : () -> ()' %% i for i in range(300)))" > %t.split
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt --split-input-file %t.split' | FileCheck %s --check-prefix=SPLIT
// SPLIT: "foo.op"() {n = 299 : i32} : () -> ()
//
// The deepest recursion at the limit: 1018 nested #tf_type.func<@f, {a = ...}> (2040 brackets).
// RUN: %python -c "n = 1018; print('\"foo.a\"() {a = ' + '#tf_type.func<@f, {a = ' * n + '1' + '}>' * n + '} : () -> ()')" > %t.deep
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt --canonical %t.deep' | FileCheck %s --check-prefix=DEEP
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt --print-op-generic %t.deep' | FileCheck %s --check-prefix=DEEP
// DEEP: "foo.a"() {a = #tf_type.func<@f, {a = #tf_type.func<@f,
// RUN: %python -c "n = 2040; print('\"foo.a\"() {a = ' + '{\"a\" = ' * n + '{}' + '}' * n + '} : () -> ()')" > %t.dicts
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt --canonical %t.dicts' | FileCheck %s --check-prefix=DICTS
// DICTS: "foo.a"() {a = {a = {a =
