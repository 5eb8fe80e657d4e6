// RUN: %roundtrip %s

// Builtin attributes amanda-opt keeps as text: affine maps (also as a memref layout),
// strided layouts, dialect attributes in the `#foo<...>` form. (--canonical must alias
// affine maps as mlir-opt does: pending/canonical-aliases.mlir; affine_set and distinct:
// pending/affine-set.mlir, pending/distinct-attr.mlir.)

"foo.opaque"() {a = affine_map<(d0, d1) -> (d1, d0)>, b = affine_map<(d0)[s0] -> (d0 + s0, d0 * 2)>, c = strided<[4, 1], offset: ?>, d = #foo<"verbatim">} : () -> ()
%0 = "foo.src"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
