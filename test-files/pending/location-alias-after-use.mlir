// RUN: %amanda_opt --print-debuginfo %s | FileCheck %s

// PENDING: mlir-opt --mlir-print-debuginfo prints location aliases after the module and uses
// them before (`loc(#loc1)` ... `#loc1 = loc(...)`); mlir-opt reads that back, amanda-opt
// fails with "undefined symbol alias id 'loc1'". Repro: amanda-opt on this file.

// CHECK: "foo.a"() : () -> () loc(#loc1)
// CHECK: #loc1 = loc("a.mlir":1:2)

module {
  "foo.a"() : () -> () loc(#loc1)
} loc(#loc)
#loc = loc("x.mlir":0:0)
#loc1 = loc("a.mlir":1:2)
