// RUN: %amanda_opt --canonical %s | FileCheck %s

// PENDING: `--canonical` keeps `\"` inside strings; mlir-opt prints it as `\22` (and `\n`,
// `\t` as `\0A`, `\09`, which amanda-opt does). Repro: amanda-opt --canonical on this file.

// CHECK:     module {
// CHECK-NEXT:  "foo.strings"() {a = "hello", b = "", c = "x" : i32, d = "\00\FF", e = "tab\09nl\0A", f = "back\\slash", g = "quote\22", h = "unicode \C3\A9 \C3\BC", i = "esc\22aped", j = "\0A\09"} : () -> ()
// CHECK-NEXT:}

"foo.strings"() {a = "hello", b = "", c = "x" : i32, d = "\00\FF", e = "tab\09nl\0A", f = "back\\slash", g = "quote\22", h = "unicode é ü", i = "esc\"aped", j = "\n\t"} : () -> ()
