// RUN: %amanda_opt --canonical %s | FileCheck %s

// Function arguments without `tfg.name` take MLIR's default block argument names under
// --canonical, numbered over data and control arguments alike: `%arg0`, `%arg2` for the data
// ones, `%arg1`, `%arg3` for their tokens.

// CHECK:     module {
// CHECK-NEXT:  tfg.func @f(%arg0: tensor<i32>,
// CHECK-NEXT:              %arg2: tensor<i32>)
// CHECK-NEXT:       -> (tensor<i32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    %Identity, %ctl = Identity(%arg2) [%arg1] : (tensor<i32>) -> (tensor<i32>)
// CHECK-NEXT:    return(%Identity) [%arg3] : tensor<i32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.func @f(%a: tensor<i32>, %b: tensor<i32>)
     -> (tensor<i32>)
 {
  %x, %ctl = Identity(%b) [%a.ctl] : (tensor<i32>) -> (tensor<i32>)
  return(%x) [%b.ctl] : tensor<i32>
}
