// RUN: not %amanda_opt %s 2>&1 | FileCheck %s

// Redefinitions and undeclared names are found on every path of name resolution: a number
// shared by more than eight stems, and a number far beyond the graph's size.

"tfg.graph"() ({
  %a_5 = "x.op"() : () -> i1
  %b_5 = "x.op"() : () -> i1
  %c_5 = "x.op"() : () -> i1
  %d_5 = "x.op"() : () -> i1
  %e_5 = "x.op"() : () -> i1
  %f_5 = "x.op"() : () -> i1
  %g_5 = "x.op"() : () -> i1
  %h_5 = "x.op"() : () -> i1
  %i_5 = "x.op"() : () -> i1
  %j_5 = "x.op"() : () -> i1
  // CHECK: redefined-value-overflow.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%j_5'
  %j_5 = "x.op"() : () -> i1
  %big_4000000000 = "x.op"() : () -> i1
  // CHECK: redefined-value-overflow.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%big_4000000000'
  %big_4000000000 = "x.op"() : () -> i1
  // CHECK: redefined-value-overflow.mlir:[[@LINE+2]]:10: error: use of undeclared SSA value name '%k_5'
  // CHECK: redefined-value-overflow.mlir:[[@LINE+1]]:16: error: use of undeclared SSA value name '%big_4000000001'
  "x.op"(%k_5, %big_4000000001) : (i1, i1) -> ()
}) {version = #tf_type.version<producer = 1, min_consumer = 0>} : () -> ()
