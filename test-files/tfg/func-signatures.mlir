// RUN: %amanda_opt %s | FileCheck %s
// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s --check-prefix=CANON

// tfg.func signatures as people write them: no arguments, no results (no arrow, or an
// empty `-> ()`), a space before the colon, a signature spread over several lines. The
// printer lays every signature out the way TensorFlow does.

// CHECK-LABEL: tfg.func @no_args()
// CHECK-NEXT:       -> (tensor<i32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    %c, %ctl = Const : () -> (tensor<i32>)
// CHECK-LABEL: tfg.func @no_results(%x: tensor<i32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-LABEL: tfg.func @empty_results()
// CHECK-NEXT:   {
// CHECK-LABEL: tfg.func @spread(%a: tensor<i32> {tfg.name = "a"},
// CHECK-NEXT:                   %b: tensor<i32> {tfg.name = "b"})
// CHECK-NEXT:       -> (tensor<i32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    return(%b) [%a.ctl] : tensor<i32>

// CANON:      module {
// CANON-NEXT:   tfg.func @no_args()
// CANON-NEXT:        -> (tensor<i32>)
// CANON-NEXT:    {
// CANON-NEXT:     %Const, %ctl = Const : () -> (tensor<i32>)
// CANON-NEXT:     return(%Const) : tensor<i32>
// CANON-NEXT:   }
// CANON-NEXT:   tfg.func @no_results(%arg0: tensor<i32>)
// CANON-NEXT:    {
// CANON-NEXT:     return
// CANON-NEXT:   }
// CANON-NEXT:   tfg.func @empty_results()
// CANON-NEXT:    {
// CANON-NEXT:     return
// CANON-NEXT:   }
// CANON-NEXT:   tfg.func @spread(%a: tensor<i32> {tfg.name = "a"},
// CANON-NEXT:                    %b: tensor<i32> {tfg.name = "b"})
// CANON-NEXT:        -> (tensor<i32>)
// CANON-NEXT:    {
// CANON-NEXT:     return(%b) [%a.ctl] : tensor<i32>
// CANON-NEXT:   }
// CANON-NEXT: }

tfg.func @no_args() -> (tensor<i32>) {
  %c, %ctl = Const : () -> (tensor<i32>)
  return(%c) : tensor<i32>
}
tfg.func @no_results(%x : tensor<i32>) {
  return
}
tfg.func @empty_results() -> () {
  return
}
tfg.func @spread(%a: tensor<i32> {tfg.name = "a"},
                 %b : tensor<i32> {tfg.name = "b"})
    -> (tensor<i32>) {
  return(%b) [%a.ctl] : tensor<i32>
}
