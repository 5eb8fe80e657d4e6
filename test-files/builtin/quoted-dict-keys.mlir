// RUN: %roundtrip %s
// RUN: %amanda_opt %s | FileCheck %s
// RUN: %amanda_opt --canonical %s | FileCheck %s --check-prefix=CANON

// A dictionary key keeps the spelling it was written with: quoted (with its escapes as
// written) or bare, in op attributes, nested dictionaries and function argument attributes.
// --canonical prints each key as mlir-opt does: bare where it is an identifier.

// CHECK: "foo.x"() {"a" = 1 : i32, "b c" = 2 : i32, d = 3 : i32, "e\22", f = {"g" = 4 : i32, h}} : () -> ()
// CHECK: tfg.func @f(%x: tensor<i32> {"tfg.name" = "x"})
// CANON: "foo.x"() {a = 1 : i32, "b c" = 2 : i32, d = 3 : i32, "e\22", f = {g = 4 : i32, h}} : () -> ()
// CANON: tfg.func @f(%x: tensor<i32> {tfg.name = "x"})
"foo.x"() {"a" = 1 : i32, "b c" = 2 : i32, d = 3 : i32, "e\22", f = {"g" = 4 : i32, h}} : () -> ()
tfg.func @f(%x: tensor<i32> {"tfg.name" = "x"})
     -> (tensor<i32>)
 {
  return(%x) : tensor<i32>
}
