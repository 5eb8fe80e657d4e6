// RUN: %amanda_opt --canonical %s | FileCheck %s

// --canonical escapes strings as mlir-opt does: `\"` becomes `\22`, `\n` and `\t`
// become `\0A` and `\09`, non-ASCII bytes are hex-escaped.

// CHECK:     module {
// CHECK-NEXT:  "foo.strings"() {a = "hello", b = "", c = "x" : i32, d = "\00\FF", e = "tab\09nl\0A", f = "back\\slash", g = "quote\22", h = "unicode \C3\A9 \C3\BC", i = "esc\22aped", j = "\0A\09"} : () -> ()
// CHECK-NEXT:}

"foo.strings"() {a = "hello", b = "", c = "x" : i32, d = "\00\FF", e = "tab\09nl\0A", f = "back\\slash", g = "quote\22", h = "unicode é ü", i = "esc\"aped", j = "\n\t"} : () -> ()
