// RUN: %amanda_opt --keep-comments %s | FileCheck %s

// A blank line between a comment and what follows breaks the attachment: that comment is
// dropped, the one right above the op is kept.

// CHECK:      tfg.graph
// CHECK-NEXT:   %a, %ctl = A
// CHECK-NEXT:   // Kept: right above B.
// CHECK-NEXT:   %b, %ctl_0 = B
// CHECK-NOT:  Dropped

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %a, %ctl = A : () -> (tensor<f32>)

  // Dropped: a blank line follows.

  // Kept: right above B.
  %b, %ctl_0 = B(%a) : (tensor<f32>) -> (tensor<f32>)
}
