// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Multi-result ops: a packed group `%x:3` used as `%x#0`..`%x#2`, several names in one
// result list (`%args:2, %cond, %ctl`), the control token always last. `--canonical` names
// results after the op and packs them into one group.

// CHECK:     module {
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CHECK-NEXT:    %Split:3, %ctl = Split(%Const) : (tensor<6xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT:    %Op:3, %ctl_0 = Op : () -> (tensor<f32>, tensor<f32>, tensor<i1>)
// CHECK-NEXT:    %AddN, %ctl_1 = AddN(%Split#0, %Split#1, %Split#2, %Op#1) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
// CHECK-NEXT:    %Const, %ctl_2 = Const : () -> (tensor<6xf32>)
// CHECK-NEXT:    %Identity, %ctl_3 = Identity(%Op#2) : (tensor<i1>) -> (tensor<i1>)
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %split:3, %ctl = Split(%x) : (tensor<6xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %args:2, %cond, %ctl_0 = Op : () -> (tensor<f32>, tensor<f32>, tensor<i1>)
  %sum, %ctl_1 = AddN(%split#0, %split#1, %split#2, %args#1) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %x, %ctl_2 = Const : () -> (tensor<6xf32>)
  %y, %ctl_3 = Identity(%cond) : (tensor<i1>) -> (tensor<i1>)
}
