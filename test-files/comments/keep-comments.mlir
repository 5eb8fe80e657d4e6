// RUN: %roundtrip %s --keep-comments
// RUN: %amanda_opt %s | FileCheck %s --check-prefix=DROPPED
// RUN: %amanda_opt --canonical --keep-comments %s | FileCheck %s --check-prefix=DROPPED

// --keep-comments prints each run of comment lines above the op, function or graph it
// sits on (two-space indented like it), and comments at the end of a block or of the
// file. Without the flag, and always with --canonical, comments are dropped.

// DROPPED-NOT: {{//}}

// Attached to the graph below.
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // Two lines of comment
  // attached to A.
  %a, %ctl = A : () -> (tensor<f32>)
  %b, %ctl_0 = B(%a) : (tensor<f32>) -> (tensor<f32>)
  // At the end of the graph body.
}
// Before the function.
tfg.func @f()
 {
  // Inside the function.
  return
}
// At the end of the file.
