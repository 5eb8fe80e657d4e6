// RUN: %python -c "print('\"foo.r\"() ({\n' * 20000 + '}) : () -> ()\n' * 20000)" > %t.generic
// RUN: not %amanda_opt %t.generic 2>&1 | FileCheck %s
// RUN: %python -c "print('tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n' + '  %%a, %%ctl = IfRegion %%c then {\n' * 20000)" > %t.tfg
// RUN: not %amanda_opt %t.tfg 2>&1 | FileCheck %s
// RUN: %python -c "print('\"foo.a\"() {a = loc(' + 'callsite(' * 100000 + ')')" > %t.loc
// RUN: not %amanda_opt %t.loc 2>&1 | FileCheck %s

// 20000 nested regions (generic ops, tfg IfRegions) and 100000 nested locations: a clean
// error and exit status 1, never a crash.

// CHECK: .{{generic|tfg|loc}}:{{[0-9]+}}:{{[0-9]+}}: error: nesting is too deep
