// RUN: %amanda_opt --canonical %s > %t
// RUN: %idempotent %t --canonical
// RUN: FileCheck %s < %t
// RUN: %amanda_opt %s | FileCheck %s

// Inside a graph a node's `tfg.` is elided, but only a name without a dot reads back as a
// tfg op: `tfg.graps.` printed as `graps.` read back as the dialect op `graps.` (found by
// the roundtrip fuzz target). Such a name keeps its `tfg.`.

// CHECK:      tfg.graph
// CHECK-NEXT:   = A : () -> (tensor<f32>)
// CHECK-NEXT:   %ctl_{{[0-9]+}} = tfg.graps.{{$}}
// CHECK-NEXT:   = B(

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %a, %ctl = A : () -> (tensor<f32>)
  tfg.graps.
  %b, %ctl_0 = B(%a) : (tensor<f32>) -> (tensor<f32>)
}
