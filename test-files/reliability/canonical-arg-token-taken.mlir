// RUN: %amanda_opt --canonical %s > %t
// RUN: %idempotent %t --canonical
// RUN: %amanda_opt %t | FileCheck %s

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
