// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Types and attributes of dialects amanda-opt does not know are kept verbatim, whatever
// their body holds (nested brackets, strings with `>`, symbol references), as
// `mlir-opt --allow-unregistered-dialect` does.

// CHECK:     module {
// CHECK-NEXT:  %0 = "foo.op"() {a = #foo.attr<"x">, b = #foo<"y">, c = #foo.nested<[1, 2], {k = v}, "s>t">, d = #foo.bare, e = !foo.type, f = #foo.weird<a<b<c>>(x)[y]{z}>} : () -> !foo.type<1, "two", [3]>
// CHECK-NEXT:  %1 = "foo.op2"(%0) : (!foo.type<1, "two", [3]>) -> tensor<2x!bar.elem<f32>>
// CHECK-NEXT:  "foo.op3"() {g = !foo<"opaque type">, h = #foo.sym<@ref>} : () -> ()
// CHECK-NEXT:}

%0 = "foo.op"() {a = #foo.attr<"x">, b = #foo<"y">, c = #foo.nested<[1, 2], {k = v}, "s>t">, d = #foo.bare, e = !foo.type, f = #foo.weird<a<b<c>>(x)[y]{z}>} : () -> !foo.type<1, "two", [3]>
%1 = "foo.op2"(%0) : (!foo.type<1, "two", [3]>) -> tensor<2x!bar.elem<f32>>
"foo.op3"() {g = !foo<"opaque type">, h = #foo.sym<@ref>} : () -> ()
