// RUN: %amanda_opt --print-debuginfo %s | FileCheck %s
// RUN: %idempotent %s --print-debuginfo

// mlir-opt --mlir-print-debuginfo prints location aliases after the module and uses them
// before (`loc(#loc1)` ... `#loc1 = loc(...)`); amanda-opt reads that back and keeps the
// aliases (it prints their definitions at the top).

// CHECK-DAG: #loc = loc("x.mlir":0:0)
// CHECK-DAG: #loc1 = loc("a.mlir":1:2)
// CHECK-DAG: "foo.a"() : () -> () loc(#loc1)
// CHECK-DAG: } loc(#loc)

module {
  "foo.a"() : () -> () loc(#loc1)
} loc(#loc)
#loc = loc("x.mlir":0:0)
#loc1 = loc("a.mlir":1:2)
