// RUN: not %amanda_opt %s 2>&1 | FileCheck %s

// Names with a trailing number (kept as stem and number) are told apart by both: the same
// name twice is a redefinition, the same stem with another number is another name.

"tfg.graph"() ({
  %AddV2_7 = "x.op"() : () -> i32
  // CHECK: redefined-numbered-value.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%AddV2_7'
  %AddV2_7 = "x.op"() : () -> i32
  // CHECK: redefined-numbered-value.mlir:[[@LINE+2]]:10: error: use of undeclared SSA value name '%AddV2_8'
  // CHECK: redefined-numbered-value.mlir:[[@LINE+1]]:20: error: use of undeclared SSA value name '%AddV2_70'
  "x.op"(%AddV2_8, %AddV2_70) : (i32, i32) -> ()
}) : () -> ()
