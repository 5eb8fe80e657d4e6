// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// MLIR's structural rules: terminators in multi-block regions, successors, dominance in
// the regions of unregistered ops, and the free order of graph regions.

// The blocks of a multi-block region end with a terminator; an unregistered op may be one,
// a registered non-terminator may not.
"foo.a"() ({
  "foo.br"() [^bb1] : () -> ()
^bb1:
  // expected-error @+1 {{block with no terminator, has}}
  module {}
}) : () -> ()

// -----

// expected-error @+1 {{empty block: expect at least a terminator}}
"foo.a"() ({
^bb0:
  "foo.br"() [^bb1] : () -> ()
^bb1:
}) : () -> ()

// -----

// expected-error @+1 {{entry block of region may not have predecessors}}
"foo.a"() ({
^bb0:
  "foo.br"() [^bb0] : () -> ()
}) : () -> ()

// -----

"foo.a"() ({
^bb0:
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  "foo.br"() [^bb1] : () -> ()
  "foo.x"() : () -> ()
^bb1:
  "foo.x"() : () -> ()
}) : () -> ()

// -----

// Registered ops take no successors.
"foo.a"() ({
^bb0:
  // expected-error @+1 {{'tfg.yield' op requires zero successors}}
  "tfg.yield"() [^bb1] {operandSegmentSizes = array<i32: 0, 0>} : () -> ()
^bb1:
  "foo.t"() : () -> ()
}) : () -> ()

// -----

// A block argument used in a block it does not dominate.
// expected-note @+1 {{operand defined as a block argument (block #1 in the same region)}}
"foo.a"() ({
^bb0:
  "foo.br"() [^bb2] : () -> ()
^bb1(%x: i32):
  "foo.br"() [^bb2] : () -> ()
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "foo.y"(%x) : (i32) -> ()
}) : () -> ()

// -----

"foo.a"() ({
^bb0:
  "foo.br"() [^bb1] : () -> ()
^bb1:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "foo.br"(%v) [^bb2] : (i32) -> ()
^bb2:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %v = "foo.c"() : () -> i32
  "foo.br"() [^bb1] : () -> ()
}) : () -> ()

// -----

// In a multi-block region, definitions come first in their block.
"foo.a"() ({
^bb0:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %u = "foo.b"(%w) : (i32) -> i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %w = "foo.c"() : () -> i32
  "foo.br"() [^bb1] : () -> ()
^bb1:
  "foo.t"() : () -> ()
}) : () -> ()

// -----

// Uses in unreachable blocks are not checked; the single block of an unregistered op's
// region has no order.
"foo.a"() ({
^bb0:
  "foo.br"() [^bb1] : () -> ()
^bb1:
  "foo.t"() : () -> ()
^bb2(%x: i32):
  "foo.y"(%x, %y) : (i32, i32) -> ()
  %y = "foo.c"() : () -> i32
  "foo.t"() : () -> ()
}) : () -> ()

// -----

"foo.a"() ({
  %u = "foo.b"(%w) : (i32) -> i32
  %w = "foo.c"() : () -> i32
}) : () -> ()

// -----

// Graph regions (tfg bodies, the top level) have no order at all.
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %B, %ctl = B(%A) : (tensor<f32>) -> (tensor<f32>)
  %A, %ctl_0 = A : () -> (tensor<f32>)
}
