// RUN: %amanda_opt %s | FileCheck %s --check-prefix=PRINT
// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// `return` in each form: bare, control operands only, with an explicit `: () -> ()` type,
// with a space before the operand list, several data and control operands.
//
// PRINT-LABEL: tfg.func @ret_plain()
// PRINT:         return{{$}}
// PRINT-LABEL: tfg.func @ret_ctl_only
// PRINT:         return [%a.ctl]{{$}}
// PRINT-LABEL: tfg.func @ret_typed()
// PRINT:         return{{$}}
// PRINT-LABEL: tfg.func @ret_space
// PRINT:         return(%a) : tensor<i32>
// PRINT-LABEL: tfg.func @ret_two
// PRINT:         return(%a, %b) [%ctl, %b.ctl] : tensor<i32>, tensor<f32>

// CHECK:     module {
// CHECK-NEXT:  tfg.func @ret_plain()
// CHECK-NEXT:   {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  tfg.func @ret_ctl_only(%a: tensor<i32> {tfg.name = "a"})
// CHECK-NEXT:   {
// CHECK-NEXT:    return [%a.ctl]
// CHECK-NEXT:  }
// CHECK-NEXT:  tfg.func @ret_typed()
// CHECK-NEXT:   {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  tfg.func @ret_space(%a: tensor<i32> {tfg.name = "a"})
// CHECK-NEXT:       -> (tensor<i32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    return(%a) : tensor<i32>
// CHECK-NEXT:  }
// CHECK-NEXT:  tfg.func @ret_two(%a: tensor<i32> {tfg.name = "a"},
// CHECK-NEXT:                    %b: tensor<f32> {tfg.name = "b"})
// CHECK-NEXT:       -> (tensor<i32>,
// CHECK-NEXT:           tensor<f32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    %ctl = NoOp
// CHECK-NEXT:    return(%a, %b) [%ctl, %b.ctl] : tensor<i32>, tensor<f32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.func @ret_plain() {
  return
}
tfg.func @ret_ctl_only(%a: tensor<i32> {tfg.name = "a"}) {
  return [%a.ctl]
}
tfg.func @ret_typed() {
  return : () -> ()
}
tfg.func @ret_space(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  return (%a) : tensor<i32>
}
tfg.func @ret_two(%a: tensor<i32> {tfg.name = "a"}, %b: tensor<f32> {tfg.name = "b"}) -> (tensor<i32>, tensor<f32>) {
  %ctl = NoOp
  return(%a, %b) [%ctl, %b.ctl] : tensor<i32>, tensor<f32>
}
