// Every accepted input prints, in every mode, text that reads back: a module that would print
// deeper than the reader's 2048 open brackets is refused when read (issue 19).
//
// 1000 nested custom-form graphs (one bracket each) print 2000 deep in generic form: fine.
// RUN: %python -c "n = 1000; print('tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n' + ''.join('  ' * i + 'graph #tf_type.version<producer = 1, min_consumer = 0> {\n' for i in range(n)) + ''.join('  ' * i + '}\n' for i in reversed(range(n))) + '}')" > %t.ok
// RUN: %idempotent %t.ok
// RUN: %idempotent %t.ok --canonical
// RUN: %idempotent %t.ok --print-op-generic
// 1100 would print 2200 deep: refused, at the innermost graph.
// RUN: %python -c "n = 1100; print('tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n' + ''.join('  ' * i + 'graph #tf_type.version<producer = 1, min_consumer = 0> {\n' for i in range(n)) + ''.join('  ' * i + '}\n' for i in reversed(range(n))) + '}')" > %t.deep
// RUN: not %amanda_opt %t.deep 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: :1101:2199: error: nesting is too deep: printed {{.*}} this would open 2205 brackets, more than the 2048 this tool reads
//
// A chain of 3000 aliases, one bracket each, spelled out by --canonical: refused.
// RUN: %python -c "n = 3000; print('#a0 = [1]\n' + ''.join('#a%%d = [#a%%d]\n' %% (i, i - 1) for i in range(1, n)) + '\"foo.op\"() {v = #a%%d} : () -> ()' %% (n - 1))" > %t.chain
// RUN: not %amanda_opt %t.chain 2>&1 | FileCheck %s --check-prefix=CHAIN
// CHAIN: :3001:1: error: nesting is too deep
// RUN: %python -c "n = 1000; print('#a0 = [1]\n' + ''.join('#a%%d = [#a%%d]\n' %% (i, i - 1) for i in range(1, n)) + '\"foo.op\"() {v = #a%%d} : () -> ()' %% (n - 1))" > %t.chain-ok
// RUN: %idempotent %t.chain-ok --canonical
