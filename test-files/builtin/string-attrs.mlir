// RUN: %roundtrip %s

// String attributes keep their spelling when printed: empty, typed, hex escapes `\FF`,
// `\\`, `\"`, `\n`, `\t` and raw UTF-8. (Their --canonical spelling:
// builtin/string-escapes-canonical.mlir.)

"foo.strings"() {a = "hello", b = "", c = "x" : i32, d = "\00\FF", e = "tab\09nl\0A", f = "back\\slash", g = "quote\22", h = "unicode é ü", i = "esc\"aped", j = "\n\t"} : () -> ()
