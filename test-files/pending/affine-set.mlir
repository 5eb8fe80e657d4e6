// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// PENDING: `--canonical` must alias an affine set as mlir-opt does (`#set = affine_set<...>`
// at the top, the use replaced by `#set`); amanda-opt prints it inline.
// Repro: amanda-opt --canonical on this file.

// CHECK:     #set = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK-NEXT:module {
// CHECK-NEXT:  "foo.o"() {a = #set} : () -> ()
// CHECK-NEXT:}

"foo.o"() {a = affine_set<(d0) : (d0 - 1 >= 0)>} : () -> ()
