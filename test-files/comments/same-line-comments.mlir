// RUN: %roundtrip %s --keep-comments
// RUN: %amanda_opt --keep-comments %S/Inputs/same-line-moved.mlir | FileCheck %s --check-prefix=MOVED
// RUN: %amanda_opt %s | FileCheck %s --check-prefix=DROPPED

// With --keep-comments, a comment after code on the same line stays at the end of the
// first line of the op that starts on that line, with the spacing written before it.
// A comment after a closing `}` is kept as a comment on its own line before what follows.

// DROPPED-NOT: {{//}}

// MOVED:      %a, %ctl = "tfg.A"() : () -> (tensor<f32>, !tf_type.control) // after A
// MOVED-NEXT: "foo.r"(%a, %a) : (tensor<f32>, tensor<f32>) -> ()  // on the first line of an op written over two lines
// MOVED-NEXT: "foo.s"() ({
// MOVED-NEXT:   "foo.t"() : () -> ()
// MOVED-NEXT: }) : () -> ()
// MOVED-NEXT: // after a closing `})`
// MOVED-NEXT: "foo.z"() : () -> ()

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {   // the graph
  %a, %ctl = A : () -> (tensor<f32>)  // after A
  %b, %ctl_0 = B(%a) : (tensor<f32>) -> (tensor<f32>)	// after B, tab-separated
  %0 = "foo.x"(%a) ({  // region op: end of its first line
    "foo.y"() : () -> () // inner op
  }) : (tensor<f32>) -> tensor<f32>
}
