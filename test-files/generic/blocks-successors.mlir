// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// MLIR generic syntax: ops of an unknown dialect with regions, several blocks with labels
// and arguments, successor lists `[^bb1, ^bb2]`, an empty region, an entry block label,
// properties `<{...}>`, multi-result groups `%0:2` and `%0#1`. `--canonical` renumbers
// values and blocks as mlir-opt does and adds its predecessor comments.

// CHECK:     module {
// CHECK-NEXT:  "foo.func"() ({
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT:    %2 = "foo.cmp"(%arg0, %arg1) : (i32, i32) -> i1
// CHECK-NEXT:    "foo.cond_br"(%2, %arg0, %arg1)[^bb1, ^bb2] : (i1, i32, i32) -> ()
// CHECK-NEXT:  ^bb1(%3: i32):  // pred: ^bb0
// CHECK-NEXT:    "foo.br"(%3)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    "foo.br"(%arg1)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    "foo.return"(%4) : (i32) -> ()
// CHECK-NEXT:  }) {sym_name = "f"} : () -> ()
// CHECK-NEXT:  "foo.two_regions"() ({
// CHECK-NEXT:    "foo.a"() : () -> ()
// CHECK-NEXT:  }, {
// CHECK-NEXT:    "foo.b"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "foo.empty_region"() ({
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  %0:2 = "foo.multi"() : () -> (i32, f32)
// CHECK-NEXT:  %1 = "foo.use"(%0#1, %0#0) <{prop = 1 : i32}> {attr} : (f32, i32) -> i64
// CHECK-NEXT:}

"foo.func"() ({
^entry(%x: i32, %y: i32):
  %c = "foo.cmp"(%x, %y) : (i32, i32) -> i1
  "foo.cond_br"(%c, %x, %y)[^then, ^else] : (i1, i32, i32) -> ()
^then(%a: i32):
  "foo.br"(%a)[^exit] : (i32) -> ()
^else:
  "foo.br"(%y)[^exit] : (i32) -> ()
^exit(%r: i32):
  "foo.return"(%r) : (i32) -> ()
}) {sym_name = "f"} : () -> ()
"foo.two_regions"() ({
  "foo.a"() : () -> ()
}, {
^bb0:
  "foo.b"() : () -> ()
}) : () -> ()
"foo.empty_region"() ({
}) : () -> ()
%0:2 = "foo.multi"() : () -> (i32, f32)
%1 = "foo.use"(%0#1, %0#0) <{prop = 1 : i32}> {attr} : (f32, i32) -> i64
