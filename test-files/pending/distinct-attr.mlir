// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// PENDING: distinct attributes `distinct[N]<attr>` fail to parse ("expected '}', ',' or
// ':', found '<'"). Repro: amanda-opt on this file.

// CHECK:     #distinct = distinct[0]<{}>
// CHECK-NEXT:#distinct1 = distinct[1]<"x">
// CHECK-NEXT:module {
// CHECK-NEXT:  "foo.o"() {a = #distinct, b = #distinct1} : () -> ()
// CHECK-NEXT:}

"foo.o"() {a = distinct[0]<{}>, b = distinct[1]<"x">} : () -> ()
