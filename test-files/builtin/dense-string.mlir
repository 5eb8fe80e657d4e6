// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// `dense<"...">` and `dense<["...", ...]>` string literals with a dialect element type.

// CHECK:     module {
// CHECK-NEXT:  "foo.strings"() {a = dense<"abc"> : tensor<!foo.string>, b = dense<["a", "b"]> : tensor<2x!foo.string>} : () -> ()
// CHECK-NEXT:}

"foo.strings"() {a = dense<"abc"> : tensor<!foo.string>, b = dense<["a", "b"]> : tensor<2x!foo.string>} : () -> ()
