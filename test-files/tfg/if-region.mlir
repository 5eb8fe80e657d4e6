// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// IfRegion: a condition, control operands, `then` and `else` regions ending in `yield`
// (with and without control operands), an attribute dictionary after the last region, and
// both trailing type forms (parenthesized and bare single result).

// CHECK:     module {
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CHECK-NEXT:    %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xi32>)
// CHECK-NEXT:    %Cond, %ctl_0 = Cond : () -> (tensor<*xi1>)
// CHECK-NEXT:    %IfRegion:2, %ctl_1 = IfRegion %Cond [%ctl, %ctl_0] then {
// CHECK-NEXT:      yield(%Op#0, %Op#1) [%ctl_0] : tensor<*xf32>, tensor<*xi32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %Neg, %ctl_4 = Neg(%Op#0) : (tensor<*xf32>) -> (tensor<*xf32>)
// CHECK-NEXT:      yield(%Neg, %Op#1) : tensor<*xf32>, tensor<*xi32>
// CHECK-NEXT:    } {_some_attr, else_attrs = {}, then_attrs = {}} : (tensor<*xi1>) -> (tensor<*xf32>, tensor<*xi32>)
// CHECK-NEXT:    %IfRegion_2, %ctl_3 = IfRegion %Cond then {
// CHECK-NEXT:      yield(%Op#0) : tensor<*xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      yield(%Op#0) : tensor<*xf32>
// CHECK-NEXT:    } : (tensor<*xi1>) -> tensor<*xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %x:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xi32>)
  %cond, %ctl_0 = Cond : () -> (tensor<*xi1>)
  %if:2, %ctl_1 = IfRegion %cond [%ctl, %ctl_0] then {
    yield(%x#0, %x#1) [%ctl_0] : tensor<*xf32>, tensor<*xi32>
  } else {
    %neg, %ctl_2 = Neg(%x#0) : (tensor<*xf32>) -> (tensor<*xf32>)
    yield(%neg, %x#1) : tensor<*xf32>, tensor<*xi32>
  } {_some_attr, else_attrs = {}, then_attrs = {}} : (tensor<*xi1>) -> (tensor<*xf32>, tensor<*xi32>)
  %if2, %ctl_3 = IfRegion %cond then {
    yield(%x#0) : tensor<*xf32>
  } else {
    yield(%x#0) : tensor<*xf32>
  } : (tensor<*xi1>) -> tensor<*xf32>
}
