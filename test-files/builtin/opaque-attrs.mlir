// RUN: %roundtrip %s

// Builtin attributes amanda-opt keeps as text: affine maps (also as a memref layout),
// affine sets (whose `>=` is no closing bracket), strided layouts, distinct attributes,
// dialect attributes in the `#foo<...>` form. (--canonical aliases affine maps, sets and
// distinct attributes as mlir-opt does: canonical-aliases.mlir, affine-set.mlir,
// distinct-attr.mlir.)

"foo.opaque"() {a = affine_map<(d0, d1) -> (d1, d0)>, b = affine_map<(d0)[s0] -> (d0 + s0, d0 * 2)>, c = strided<[4, 1], offset: ?>, d = #foo<"verbatim">} : () -> ()
%0 = "foo.src"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
"foo.opaque2"() {a = affine_set<(d0) : (d0 - 1 >= 0)>, b = distinct[0]<{}>, c = distinct[1]<"x">} : () -> ()
