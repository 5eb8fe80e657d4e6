// RUN: %amanda_opt --canonical %s | FileCheck %s

// `--canonical` renames every value as TensorFlow does: arguments after their `tfg.name`,
// results after the op, control tokens `ctl`, uniqued with `_N` in one counter shared by
// all names of the function (an op named `Const_1` does not clash with `Const` + suffix).

// CHECK:     module {
// CHECK-NEXT:  tfg.func @rename(%Const: tensor<i32> {tfg.name = "Const"},
// CHECK-NEXT:                   %ctl: tensor<i32> {tfg.name = "ctl"})
// CHECK-NEXT:       -> (tensor<i32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    %Const_0, %ctl_1 = Const : () -> (tensor<i32>)
// CHECK-NEXT:    %Const_2, %ctl_3 = Const : () -> (tensor<i32>)
// CHECK-NEXT:    %Const_1, %ctl_4 = Const_1 : () -> (tensor<i32>)
// CHECK-NEXT:    %ctl_5:2, %ctl_6 = ctl : () -> (tensor<i32>, tensor<i32>)
// CHECK-NEXT:    %ctl_7 = NoOp [%ctl_1, %ctl_3, %ctl_4, %ctl_6, %Const.ctl, %ctl.ctl]
// CHECK-NEXT:    %AddN, %ctl_8 = AddN(%Const_0, %Const_2, %Const_1, %ctl_5#0, %ctl_5#1, %Const, %ctl) [%ctl_7] : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
// CHECK-NEXT:    return(%AddN) : tensor<i32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.func @rename(%x: tensor<i32> {tfg.name = "Const"},
                 %y: tensor<i32> {tfg.name = "ctl"})
     -> (tensor<i32>)
 {
  %c1, %t1 = Const : () -> (tensor<i32>)
  %c2, %t2 = Const : () -> (tensor<i32>)
  %c3, %t3 = Const_1 : () -> (tensor<i32>)
  %n:2, %t4 = ctl : () -> (tensor<i32>, tensor<i32>)
  %t5 = NoOp [%t1, %t2, %t3, %t4, %x.ctl, %y.ctl]
  %s, %t6 = AddN(%c1, %c2, %c3, %n#0, %n#1, %x, %y) [%t5] : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%s) : tensor<i32>
}
