// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Distinct attributes are aliased by --canonical as mlir-opt does (`#distinct = distinct[0]<{}>`, ids renumbered in print order).

// CHECK:     #distinct = distinct[0]<{}>
// CHECK-NEXT:#distinct1 = distinct[1]<"x">
// CHECK-NEXT:module {
// CHECK-NEXT:  "foo.o"() {a = #distinct, b = #distinct1} : () -> ()
// CHECK-NEXT:}

"foo.o"() {a = distinct[0]<{}>, b = distinct[1]<"x">} : () -> ()
