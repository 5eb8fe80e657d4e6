// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Boolean, unit (a bare key), type, symbol reference (nested, quoted), array (empty, nested,
// mixed) and dictionary attributes (empty, nested, quoted keys). Dictionaries print in the
// order written; `--canonical` sorts them by key, as mlir-opt does.

// CHECK:     module {
// CHECK-NEXT:  "foo.misc"() {a = true, b = false, c, e = i32, f = tensor<2xf32>, g = !foo.t, h = (i32) -> i1} : () -> ()
// CHECK-NEXT:  "foo.refs"() {a = @foo, b = @foo::@bar, c = @"with space", d = @a::@b::@c, e = [@x, @y]} : () -> ()
// CHECK-NEXT:  "foo.containers"() {a = [], b = [1 : i32, 2 : i32, 3 : i32], c = {{\[\[}}1 : i32], ["a", i32]], d = [unit, true], e = {}, f = {a = 2 : i32, b = 1 : i32}, g = {"quoted key" = 1 : i32, x}, h = {nested = {deeper = [{}]}}} : () -> ()
// CHECK-NEXT:}

"foo.misc"() {a = true, b = false, c, e = i32, f = tensor<2xf32>, g = !foo.t, h = (i32) -> i1} : () -> ()
"foo.refs"() {a = @foo, b = @foo::@bar, c = @"with space", d = @a::@b::@c, e = [@x, @y]} : () -> ()
"foo.containers"() {a = [], b = [1 : i32, 2 : i32, 3 : i32], c = [[1 : i32], ["a", i32]], d = [unit, true], e = {}, f = {b = 1 : i32, a = 2 : i32}, g = {"quoted key" = 1 : i32, x}, h = {nested = {deeper = [{}]}}} : () -> ()
