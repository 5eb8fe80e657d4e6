// RUN: %amanda_opt --canonical %s | FileCheck %s

// Affine maps are aliased by --canonical as mlir-opt does (`#map`, `#map1`, ... at the top).

// CHECK:     #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT:#map1 = affine_map<(d0)[s0] -> (d0 + s0, d0 * 2)>
// CHECK-NEXT:module {
// CHECK-NEXT:  "foo.opaque"() {a = #map, b = #map1, c = strided<[4, 1], offset: ?>, d = #foo<"verbatim">} : () -> ()
// CHECK-NEXT:  %0 = "foo.src"() : () -> memref<4x4xf32, #map>
// CHECK-NEXT:}

"foo.opaque"() {a = affine_map<(d0, d1) -> (d1, d0)>, b = affine_map<(d0)[s0] -> (d0 + s0, d0 * 2)>, c = strided<[4, 1], offset: ?>, d = #foo<"verbatim">} : () -> ()
%0 = "foo.src"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
