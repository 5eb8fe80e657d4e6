// RUN: %amanda_opt --print-op-generic %s | FileCheck %s

// Generic ops in the forms the lexer reads whole (a head `%r:2 = "op"(%a, %b#1)`, a
// dictionary of `key = value` entries) and in forms it leaves to the grammar token by token
// (results on their own line, a dictionary with a nested one, a location after the type):
// all read the same.

// CHECK:      %a:2 = "t.a"() {k = dense<[1, 2]> : tensor<2xi32>, s = "x, \"}\"", v = 1.5 : f32} : () -> (tensor<2xi32>, i1)
// CHECK-NEXT: %b = "t.b"(%a#0, %a#1) {d = {e = 1}} : (tensor<2xi32>, i1) -> i32
// CHECK-NEXT: %c, %d = "t.c"(%b) : (i32) -> (i32, i32)
// CHECK-NEXT: "t.d"(%d, %b) : (i32, i32) -> ()
%a:2 = "t.a"() {k = dense<[1, 2]> : tensor<2xi32>, s = "x, \"}\"", v = 1.5 : f32} : () -> (tensor<2xi32>, i1)
%b = "t.b"(%a#0, %a#1) {d = {e = 1}} : (tensor<2xi32>, i1) -> i32
%c,
  %d = "t.c"(%b) : (i32) -> (i32, i32) loc("here")
"t.d"(%d, %b) : (i32, i32) -> ()
