// RUN: %amanda_opt --print-debuginfo %s | FileCheck %s
// RUN: %roundtrip %s --print-debuginfo

// mlir-opt --mlir-print-debuginfo prints location aliases after the module and uses them
// before (`loc(#loc1)` ... `#loc1 = loc(...)`); amanda-opt reads that back and prints each
// definition where it was: those after the last top-level op after it, the others before
// the ops. So the text an import prints (`amanda-opt model.pb --print-debuginfo`) prints
// back unchanged.

// CHECK:      #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.a"() {m = #map} : () -> () loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("x.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("a.mlir":1:2)

#map = affine_map<(d0) -> (d0)>
module {
  "foo.a"() {m = #map} : () -> () loc(#loc1)
} loc(#loc)
#loc = loc("x.mlir":0:0)
#loc1 = loc("a.mlir":1:2)
