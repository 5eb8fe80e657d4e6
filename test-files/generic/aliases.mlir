// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Attribute and type alias definitions `#name = ...`, `!name = ...` and their uses are kept
// as written; `--canonical` replaces the uses by what they stand for, as mlir-opt does.

// CHECK:     module {
// CHECK-NEXT:  "foo.a"() {a = {k = "v"}, b = [1 : i32, 2 : i32], c = tensor<4xf32>} : () -> ()
// CHECK-NEXT:  %0 = "foo.b"() : () -> tensor<4xf32>
// CHECK-NEXT:  %1 = "foo.c"(%0) : (tensor<4xf32>) -> !foo.bar<"x">
// CHECK-NEXT:}

#attr = {k = "v"}
#arr = [1 : i32, 2 : i32]
!ty = tensor<4xf32>
!dialect_ty = !foo.bar<"x">
"foo.a"() {a = #attr, b = #arr, c = !ty} : () -> ()
%0 = "foo.b"() : () -> !ty
%1 = "foo.c"(%0) : (!ty) -> !dialect_ty
