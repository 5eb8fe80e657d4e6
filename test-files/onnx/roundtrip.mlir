// RUN: %amanda_opt %S/Inputs/small.onnx --emit=onnx -o %t.onnx
// RUN: cmp %t.onnx %S/Inputs/small.onnx
// RUN: %amanda_opt %S/Inputs/small.onnx -o %t.mlir
// RUN: %amanda_opt %t.mlir --emit=onnx -o %t2.onnx
// RUN: cmp %t2.onnx %S/Inputs/small.onnx
// RUN: cp %S/Inputs/small.onnx %t.model
// RUN: %amanda_opt %t.model --emit=onnx -o %t3.onnx
// RUN: cmp %t3.onnx %S/Inputs/small.onnx
// RUN: %amanda_opt %t.mlir | FileCheck %s

// ONNX → IR → ONNX gives back the same bytes, directly and through the printed IR; a model
// without the .onnx extension is recognised by its content.

// CHECK: "onnx.If"
