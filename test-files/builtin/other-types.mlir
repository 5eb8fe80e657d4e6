// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// The other builtin types: index, none, complex, tuple (empty and nested), function types
// (nested, with and without parentheses around results), and dialect types as op result
// and operand types.

// CHECK:     module {
// CHECK-NEXT:  "foo.types"() {a = index, b = none, c = complex<f32>, d = complex<i8>, e = tuple<>, f = tuple<i32, f32>, g = tuple<tuple<i1>, tensor<2xf32>>} : () -> ()
// CHECK-NEXT:  "foo.types"() {a = () -> (), b = (i32) -> f32, c = (i32, f32) -> (f32, i1), d = () -> (() -> ()), e = (i32) -> ((i1) -> i1), f = (tensor<*xf32>) -> tuple<>} : () -> ()
// CHECK-NEXT:  %0 = "foo.src"() : () -> !foo.opaque<"x", 1>
// CHECK-NEXT:  %1:2 = "foo.src"(%0) : (!foo.opaque<"x", 1>) -> (none, index)
// CHECK-NEXT:}

"foo.types"() {a = index, b = none, c = complex<f32>, d = complex<i8>, e = tuple<>, f = tuple<i32, f32>, g = tuple<tuple<i1>, tensor<2xf32>>} : () -> ()
"foo.types"() {a = () -> (), b = (i32) -> f32, c = (i32, f32) -> (f32, i1), d = () -> (() -> ()), e = (i32) -> ((i1) -> i1), f = (tensor<*xf32>) -> tuple<>} : () -> ()
%0 = "foo.src"() : () -> !foo.opaque<"x", 1>
%1:2 = "foo.src"(%0) : (!foo.opaque<"x", 1>) -> (none, index)
