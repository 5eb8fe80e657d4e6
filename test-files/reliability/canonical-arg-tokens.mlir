// RUN: %amanda_opt --canonical %s > %t
// RUN: %idempotent %t --canonical
// RUN: %amanda_opt %t | FileCheck %s

// --canonical prints the control token of an argument without a tfg.name as tfg-opt does,
// `%arg1` for the token of `%arg0` (MLIR numbers the block arguments over data and control
// alike), which tfg-opt itself cannot read back. The reader takes an otherwise undefined
// `%argN` as the token of `%arg{N-1}`, so the output reads back (issue 19).

// CHECK: Identity(%arg2) [%arg0.ctl]
// CHECK: return(%Identity) [%arg2.ctl]
tfg.func @f(%a: tensor<i32>, %b: tensor<i32>) -> (tensor<i32>) {
  %x, %ctl = Identity(%b) [%a.ctl] : (tensor<i32>) -> (tensor<i32>)
  return(%x) [%b.ctl] : tensor<i32>
}

// When `%arg{N+1}` is taken (here by an argument whose tfg.name is `arg1`, as the roundtrip
// fuzz target found) or does not follow the data name, the token is printed `%<data>.ctl`,
// which every tfg reader reads; tfg-opt would print `%arg1_0`, which nothing defines.

// CHECK-LABEL: tfg.func @g(%arg0: tensor<*xi1> {tfg.other = "arg0"},
// CHECK-NEXT:  %arg1: tensor<*xi32> {tfg.name = "arg1"})
// CHECK: A(%arg1) [%arg1.ctl]
// CHECK: yield(%A) [%arg0.ctl]
// CHECK: B(%arg1) [%arg1.ctl]
// CHECK: yield(%B) [%arg0.ctl]
tfg.func @g(%arg0: tensor<*xi1> {tfg.other = "arg0"},
            %arg1: tensor<*xi32> {tfg.name = "arg1"})
     -> (tensor<*xf32>)
 {
  %0:2 = IfRegion %arg0 then  {
    %A, %ctl = A(%arg1) [%arg1.ctl] : (tensor<*xi32>) -> (tensor<*xf32>)
    yield(%A) [%arg0.ctl] : tensor<*xf32>
  } else  {
    %B, %ctl = B(%arg1) [%arg1.ctl] : (tensor<*xi32>) -> (tensor<*xf32>)
    yield(%B) [%arg0.ctl] : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
  return(%0#0) : tensor<*xf32>
}
