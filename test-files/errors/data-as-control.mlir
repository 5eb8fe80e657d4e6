// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A data value in the control operand list; TensorFlow reports it at the same place.

// UNTOUCHED: previous output
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %a, %ctl = A : () -> (tensor<f32>)
  // CHECK: data-as-control.mlir:[[@LINE+1]]:18: error: {{.*}}'%a'
  %ctl_0 = NoOp [%a]
}
