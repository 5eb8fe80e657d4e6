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

