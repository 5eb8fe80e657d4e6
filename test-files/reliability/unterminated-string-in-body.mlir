// RUN: not %amanda_opt %s 2>&1 | FileCheck %s

// An opaque body whose string runs to the end of the input (a `"` right after a keyword
// such as `affine_map`) is an error with its position, not an internal error: the lexer's
// balanced-body scan once returned a length past the end (found by the parse fuzz target).

// CHECK: unterminated-string-in-body.mlir:[[@LINE+2]]:{{[0-9]+}}: error:
// CHECK-NOT: internal error
%0 = "foo.src"() : () -> memref<4x4xf32, affine_map"(d0, d1) -> (d1, d0)>>
