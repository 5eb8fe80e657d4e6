// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A control token where a data operand is expected; TensorFlow reports it at the same
// place ("use of value '%ctl' expects different type than prior uses").

// UNTOUCHED: previous output
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %a, %ctl = A : () -> (tensor<f32>)
  // CHECK: control-as-data.mlir:[[@LINE+1]]:18: error: {{.*}}'%ctl'
  %b, %ctl_0 = B(%ctl) : (tensor<f32>) -> (tensor<f32>)
}
