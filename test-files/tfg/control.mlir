// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Control tokens: ops whose only result is the control token (`%ctl = NoOp`), control
// operands in `[...]` after the data operands or alone, the `.ctl` token of each function
// argument, and control operands on `return`.

// CHECK:     module {
// CHECK-NEXT:  tfg.func @ctl(%a: tensor<i32> {tfg.name = "a"},
// CHECK-NEXT:                %b: tensor<i32> {tfg.name = "b"})
// CHECK-NEXT:       -> (tensor<i32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    %ctl = NoOp [%a.ctl]
// CHECK-NEXT:    %ctl_0 = NoOp [%ctl, %b.ctl]
// CHECK-NEXT:    %Identity, %ctl_1 = Identity(%a) [%ctl_0] : (tensor<i32>) -> (tensor<i32>)
// CHECK-NEXT:    %ctl_2 = NoOp [%ctl_1, %ctl, %ctl_0]
// CHECK-NEXT:    return(%Identity) [%ctl_2, %b.ctl] : tensor<i32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.func @ctl(%a: tensor<i32> {tfg.name = "a"},
              %b: tensor<i32> {tfg.name = "b"})
     -> (tensor<i32>)
 {
  %ctl = NoOp [%a.ctl]
  %ctl_0 = NoOp [%ctl, %b.ctl]
  %x, %ctl_1 = Identity(%a) [%ctl_0] : (tensor<i32>) -> (tensor<i32>)
  %ctl_2 = NoOp [%ctl_1, %ctl, %ctl_0]
  return(%x) [%ctl_2, %b.ctl] : tensor<i32>
}
