// RUN: %roundtrip %s

// Integer attributes keep their spelling when printed: typed and untyped, signed and
// unsigned types, i1, index, the limits of 64-bit types, wide types, hex literals.
// (Their --canonical spelling: builtin/int-attrs-canonical.mlir.)

"foo.ints"() {a = 42 : i32, b = -7 : i8, c = 0x1F : i64, d = 255 : ui8, e = -128 : si8, f = 1 : i1, g = 5 : index, h = 9223372036854775807 : i64, i = -9223372036854775808 : i64, j = 18446744073709551615 : ui64, k = 0 : i128, l = 0xFF : i8, m = 0, n = -12} : () -> ()
