// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Affine sets are aliased by --canonical as mlir-opt does (`#set = affine_set<...>` at the top).

// CHECK:     #set = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK-NEXT:module {
// CHECK-NEXT:  "foo.o"() {a = #set} : () -> ()
// CHECK-NEXT:}

"foo.o"() {a = affine_set<(d0) : (d0 - 1 >= 0)>} : () -> ()
