// RUN: %amanda_opt %s | FileCheck %s
// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s --check-prefix=CANON

// Locations in every form are parsed and kept but, as with mlir-opt, printed only with
// --print-debuginfo (locations/debuginfo.mlir checks that output).

// CHECK-NOT:  loc(
// CHECK:      "foo.a"() : () -> (){{$}}
// CHECK-NEXT: "foo.b"() : () -> (){{$}}
// CHECK-NEXT: "foo.c"() : () -> (){{$}}
// CHECK-NEXT: "foo.d"() : () -> (){{$}}
// CHECK-NEXT: "foo.e"() : () -> (){{$}}
// CHECK-NEXT: "foo.f"() : () -> (){{$}}
// CHECK-NEXT: "foo.g"() : () -> (){{$}}
// CHECK-NEXT: "foo.i"() ({
// CHECK-NEXT: ^bb0(%a: i32):
// CHECK-NEXT:   "foo.j"() : () -> (){{$}}
// CHECK-NEXT: }) : () -> (){{$}}
// CHECK-NOT:  loc(

// CANON:     module {
// CANON-NEXT:  "foo.a"() : () -> ()
// CANON-NEXT:  "foo.b"() : () -> ()
// CANON-NEXT:  "foo.c"() : () -> ()
// CANON-NEXT:  "foo.d"() : () -> ()
// CANON-NEXT:  "foo.e"() : () -> ()
// CANON-NEXT:  "foo.f"() : () -> ()
// CANON-NEXT:  "foo.g"() : () -> ()
// CANON-NEXT:  "foo.i"() ({
// CANON-NEXT:  ^bb0(%arg0: i32):
// CANON-NEXT:    "foo.j"() : () -> ()
// CANON-NEXT:  }) : () -> ()
// CANON-NEXT:}

"foo.a"() : () -> () loc("file.mlir":3:4)
"foo.b"() : () -> () loc(unknown)
"foo.c"() : () -> () loc("name")
"foo.d"() : () -> () loc("name"("inner.mlir":1:1))
"foo.e"() : () -> () loc(callsite("callee.mlir":1:2 at "caller.mlir":3:4))
"foo.f"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
"foo.g"() : () -> () loc(fused<"meta">["a.mlir":1:1, unknown])
"foo.i"() ({
^bb0(%a: i32 loc("arg.mlir":9:9)):
  "foo.j"() : () -> () loc("nested.mlir":2:2)
}) : () -> () loc("outer.mlir":1:1)
