// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// PENDING: `affine_set<(d0) : (d0 - 1 >= 0)>` fails with "unbalanced '<' in dialect
// attribute or type body": the `>` of `>=` is taken for a closing bracket.
// Repro: amanda-opt on this file.

// CHECK:     #set = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK-NEXT:module {
// CHECK-NEXT:  "foo.o"() {a = #set} : () -> ()
// CHECK-NEXT:}

"foo.o"() {a = affine_set<(d0) : (d0 - 1 >= 0)>} : () -> ()
