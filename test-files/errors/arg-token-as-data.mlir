// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// The `.ctl` token of a function argument used as data; TensorFlow reports it at the
// same place.

// UNTOUCHED: previous output
tfg.func @f(%a: tensor<i32>) -> (tensor<i32>) {
  // CHECK: arg-token-as-data.mlir:[[@LINE+1]]:10: error: {{.*}}'%a.ctl'
  return(%a.ctl) : tensor<i32>
}
