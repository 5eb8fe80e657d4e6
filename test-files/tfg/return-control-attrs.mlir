// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// A control operand of `return` may carry its control_ret_attrs entry,
// `[%ctl {tfg.name = "c"}]`, as TensorFlow prints it.

// CHECK:     module {
// CHECK-NEXT:  tfg.func @ret_attrs(%a: tensor<i32> {tfg.name = "a"})
// CHECK-NEXT:       -> (tensor<i32>)
// CHECK-NEXT:   {
// CHECK-NEXT:    %ctl = NoOp
// CHECK-NEXT:    return(%a) [%ctl {tfg.name = "c"}] : tensor<i32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.func @ret_attrs(%a: tensor<i32> {tfg.name = "a"})
     -> (tensor<i32>)
 {
  %ctl = NoOp
  return(%a) [%ctl {tfg.name = "c"}] : tensor<i32>
}
