// RUN: %roundtrip %s
// PENDING: --canonical does not create mlir-opt's `#distinct` aliases for `distinct[N]<...>` attributes
// (mlir-opt prints `#distinct = distinct[0]<{}>` at the top and uses `#distinct`).

// Builtin attributes amanda-opt keeps as text: affine maps (also as a memref layout),
// affine sets (whose `>=` is no closing bracket), strided layouts, distinct attributes,
// dialect attributes in the `#foo<...>` form. (--canonical must alias affine maps, sets and
// distinct attributes as mlir-opt does: pending/canonical-aliases.mlir,
// pending/affine-set.mlir, pending/distinct-attr.mlir.)

"foo.opaque"() {a = affine_map<(d0, d1) -> (d1, d0)>, b = affine_map<(d0)[s0] -> (d0 + s0, d0 * 2)>, c = strided<[4, 1], offset: ?>, d = #foo<"verbatim">} : () -> ()
%0 = "foo.src"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
"foo.opaque2"() {a = affine_set<(d0) : (d0 - 1 >= 0)>, b = distinct[0]<{}>, c = distinct[1]<"x">} : () -> ()
