// torch.prim.If as Python if/else (each branch assigns the results last; an empty branch is
// `pass`), torch.prim.Loop as a for over the trip count that stops when the condition fails,
// the carried values named after the block's arguments and reassigned together with the
// condition at the end of the body; the loop's results are the carried values. A loop
// without a bound (torch-mlir's while loop: i64's largest trip count) is a Python while,
// with its counter kept by hand when the body reads it.
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py
// The text is Python (its syntax, checked without torch):
// RUN: %python -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" %t/model.py

func.func @main(%c: !torch.bool, %n: !torch.int, %x: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.int, !torch.int) {
  %0 = torch.prim.If %c -> (!torch.vtensor<[2],f32>) {
    %r = torch.aten.relu %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
    torch.prim.If.yield %r : !torch.vtensor<[2],f32>
  } else {
    torch.prim.If.yield %x : !torch.vtensor<[2],f32>
  }
  torch.prim.If %c -> () {
    torch.prim.If.yield
  } else {
    torch.prim.If.yield
  }
  %int0 = torch.constant.int 0
  %1:2 = torch.prim.Loop %n, %c, init(%0, %int0) {
  ^bb0(%i: !torch.int, %acc: !torch.vtensor<[2],f32>, %count: !torch.int):
    %t = torch.aten.tanh %acc : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
    %int1 = torch.constant.int 1
    %next = torch.aten.add.int %count, %int1 : !torch.int, !torch.int -> !torch.int
    %int3 = torch.constant.int 3
    %more = torch.aten.lt.int %next, %int3 : !torch.int, !torch.int -> !torch.bool
    torch.prim.Loop.condition %more, iter(%t, %next : !torch.vtensor<[2],f32>, !torch.int)
  } : (!torch.int, !torch.bool, !torch.vtensor<[2],f32>, !torch.int) -> (!torch.vtensor<[2],f32>, !torch.int)
  %max = torch.constant.int 9223372036854775807
  %2 = torch.prim.Loop %max, %c, init(%int0) {
  ^bb0(%j: !torch.int, %k: !torch.int):
    %total = torch.aten.add.int %k, %j : !torch.int, !torch.int -> !torch.int
    %int10 = torch.constant.int 10
    %go = torch.aten.lt.int %total, %int10 : !torch.int, !torch.int -> !torch.bool
    torch.prim.Loop.condition %go, iter(%total : !torch.int)
  } : (!torch.int, !torch.bool, !torch.int) -> !torch.int
  return %1#0, %1#1, %2 : !torch.vtensor<[2],f32>, !torch.int, !torch.int
}

// CHECK: def forward(self, c, n, x):
// CHECK-NEXT:   if c:
// CHECK-NEXT:       r = torch.relu(x)
// CHECK-NEXT:       if_result = r
// CHECK-NEXT:   else:
// CHECK-NEXT:       if_result = x
// CHECK-NEXT:   if c:
// CHECK-NEXT:       pass
// CHECK-NEXT:   else:
// CHECK-NEXT:       pass
// CHECK-NEXT:   acc, count = if_result, 0
// CHECK-NEXT:   loop_cond = c
// CHECK-NEXT:   for i in range(n):
// CHECK-NEXT:       if not loop_cond:
// CHECK-NEXT:           break
// CHECK-NEXT:       t = torch.tanh(acc)
// CHECK-NEXT:       next_1 = torch.ops.aten.add.int(count, 1)
// CHECK-NEXT:       more = torch.ops.aten.lt.int(next_1, 3)
// CHECK-NEXT:       loop_cond, acc, count = more, t, next_1
// CHECK-NEXT:   k = 0
// CHECK-NEXT:   loop_cond_1 = c
// CHECK-NEXT:   j = 0
// CHECK-NEXT:   while loop_cond_1:
// CHECK-NEXT:       total = torch.ops.aten.add.int(k, j)
// CHECK-NEXT:       go = torch.ops.aten.lt.int(total, 10)
// CHECK-NEXT:       loop_cond_1, k = go, total
// CHECK-NEXT:       j += 1
// CHECK-NEXT:   return (acc, count, k)
