// RUN: not %amanda_opt %S/Inputs/dangling.onnx --emit=onnx -o %t.out 2>&1 | FileCheck %s --check-prefix=DANGLING
// RUN: not test -e %t.out
// RUN: not %amanda_opt %S/Inputs/duplicate.onnx -o %t.out 2>&1 | FileCheck %s --check-prefix=DUP
// RUN: not test -e %t.out
// RUN: not %amanda_opt %S/Inputs/kind.onnx -o %t.out 2>&1 | FileCheck %s --check-prefix=KIND
// RUN: not test -e %t.out
// RUN: not %amanda_opt %S/Inputs/nofield.onnx 2>&1 | FileCheck %s --check-prefix=FIELD
// RUN: head -c 200 %S/Inputs/small.onnx > %t.onnx
// RUN: not %amanda_opt %t.onnx -o %t.out 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: not test -e %t.out

// Bad ONNX models: a diagnostic naming the node and the field, exit status 1, nothing written.

// DANGLING: dangling.onnx: node 'relu' (Relu, #0): input 'nowhere' (#0, field input) names no value of the main graph or the graphs around it
// DUP: duplicate.onnx: node 'second' (Neg, #1): output 'y' (#0, field output) is already defined in the main graph
// KIND: kind.onnx: imported IR does not verify:
// KIND-NEXT: node 'conv' (Conv, #0) in the main graph: 'onnx.Conv' op attribute 'kernel_shape' must be an ONNX 'ints' attribute, got "3x3"
// FIELD: nofield.onnx: node 'conv' (Conv, #0) in the main graph: attribute 'group' (#0, field attribute) has type INT but no value in field i
// TRUNC: not a valid ONNX ModelProto: failed to decode Protobuf message
