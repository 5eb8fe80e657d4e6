// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// PENDING: `--canonical` must alias distinct attributes as mlir-opt does (`#distinct =
// distinct[0]<{}>`, `#distinct1`, ... at the top, uses replaced); amanda-opt prints them
// inline. Repro: amanda-opt --canonical on this file.

// CHECK:     #distinct = distinct[0]<{}>
// CHECK-NEXT:#distinct1 = distinct[1]<"x">
// CHECK-NEXT:module {
// CHECK-NEXT:  "foo.o"() {a = #distinct, b = #distinct1} : () -> ()
// CHECK-NEXT:}

"foo.o"() {a = distinct[0]<{}>, b = distinct[1]<"x">} : () -> ()
