// RUN: %roundtrip %s --print-debuginfo
// RUN: %amanda_opt --print-debuginfo %s | FileCheck %s

// With --print-debuginfo every location form prints as written: file:line:col, unknown,
// name, name(child), callsite, fused (with metadata), an alias, block argument locations.

// CHECK:      #loc_alias = loc("alias.mlir":7:7)
// CHECK-NEXT: "foo.a"() : () -> () loc("file.mlir":3:4)
// CHECK-NEXT: "foo.b"() : () -> () loc(unknown)
// CHECK-NEXT: "foo.c"() : () -> () loc("name")
// CHECK-NEXT: "foo.d"() : () -> () loc("name"("inner.mlir":1:1))
// CHECK-NEXT: "foo.e"() : () -> () loc(callsite("callee.mlir":1:2 at "caller.mlir":3:4))
// CHECK-NEXT: "foo.f"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
// CHECK-NEXT: "foo.g"() : () -> () loc(fused<"meta">["a.mlir":1:1, unknown])
// CHECK-NEXT: "foo.h"() : () -> () loc(#loc_alias)
// CHECK-NEXT: "foo.i"() ({
// CHECK-NEXT: ^bb0(%a: i32 loc("arg.mlir":9:9)):
// CHECK-NEXT:   "foo.j"() : () -> () loc("nested.mlir":2:2)
// CHECK-NEXT: }) : () -> () loc("outer.mlir":1:1)

#loc_alias = loc("alias.mlir":7:7)
"foo.a"() : () -> () loc("file.mlir":3:4)
"foo.b"() : () -> () loc(unknown)
"foo.c"() : () -> () loc("name")
"foo.d"() : () -> () loc("name"("inner.mlir":1:1))
"foo.e"() : () -> () loc(callsite("callee.mlir":1:2 at "caller.mlir":3:4))
"foo.f"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
"foo.g"() : () -> () loc(fused<"meta">["a.mlir":1:1, unknown])
"foo.h"() : () -> () loc(#loc_alias)
"foo.i"() ({
^bb0(%a: i32 loc("arg.mlir":9:9)):
  "foo.j"() : () -> () loc("nested.mlir":2:2)
}) : () -> () loc("outer.mlir":1:1)
