// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A generic tfg.yield whose operandSegmentSizes do not add up to its operands (TensorFlow:
// same place, same words).

// UNTOUCHED: previous output
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %x, %ctl = Op : () -> (tensor<*xf32>)
  %cond, %ctl_0 = Cond : () -> (tensor<*xi1>)
  %if, %ctl_1 = IfRegion %cond then {
    // CHECK: generic-tfg-segments-mismatch.mlir:[[@LINE+1]]:5: error: 'tfg.yield' op operand count (2) does not match with the total size (0) specified in attribute 'operandSegmentSizes'
    "tfg.yield"(%x, %ctl_0) <{operandSegmentSizes = array<i32: 0, 0>}> : (tensor<*xf32>, !tf_type.control) -> ()
  } else {
    yield(%x) : tensor<*xf32>
  } : (tensor<*xi1>) -> tensor<*xf32>
}
