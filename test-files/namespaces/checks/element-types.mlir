// RUN: not amanda-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not amanda-opt %s --pass=verify-namespace 2>&1 | FileCheck %s --implicit-check-not=error:
// Namespace verification (issue 3, item 3): operand and result element types that contradict
// the type attribute (type_attr, type_list_attr entry); ONNX type constraints bound by another
// port.
// Each problem is an error at the op (FILE:LINE:COL, then codespan's snippet); amanda-opt
// exits non-zero. The module declares its namespaces, so the check is automatic; the
// verify-namespace pass gives the same errors.

module attributes {amanda.namespace = ["amanda/tensorflow/2.21", "amanda/onnx/opset-13", "amanda/pytorch/2.15"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x2xf32>)
    %i, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
    // CHECK: element-types.mlir:[[@LINE+1]]:5: error: 'tfg.AddV2' op input 'y' (#1) has element type i32 (int32), but attribute 'T' makes it f32 (float){{$}}
    %h, %ctl_1 = AddV2(%x, %i) name("h") {T = f32} : (tensor<2x2xf32>, tensor<i32>) -> (tensor<2x2xf32>)
    // CHECK: element-types.mlir:[[@LINE+1]]:5: error: 'tfg.Placeholder' op output 'output' (#0) has element type i32 (int32), but attribute 'dtype' makes it f32 (float){{$}}
    %m, %ctl_2 = Placeholder name("m") {dtype = f32} : () -> (tensor<i32>)
    // CHECK: element-types.mlir:[[@LINE+1]]:5: error: 'tfg.IdentityN' op input 'input' (#1) has element type f32 (float), but attribute 'T' makes it i32 (int32){{$}}
    %n:2, %ctl_3 = IdentityN(%x, %x) name("n") {T = [f32, i32]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
    // Reference ports (is_ref) take and give reference types; a plain input may take one.
    %v, %ctl_4 = VariableV2 name("v") {container = "", dtype = f32, shape = #tf_type.shape<2x2>, shared_name = ""} : () -> (tensor<2x2x!tf_type.f32ref>)
    %a, %ctl_5 = Assign(%v, %x) name("a") {T = f32} : (tensor<2x2x!tf_type.f32ref>, tensor<2x2xf32>) -> (tensor<2x2x!tf_type.f32ref>)
    %r, %ctl_6 = Relu(%v) name("r") {T = f32} : (tensor<2x2x!tf_type.f32ref>) -> (tensor<2x2xf32>)
    // CHECK: element-types.mlir:[[@LINE+2]]:5: error: 'tfg.Assign' op input 'ref' (#0) has a non-reference element type f32, but the port of Assign is a reference{{$}}
    // CHECK: element-types.mlir:[[@LINE+1]]:5: error: 'tfg.Assign' op output 'output_ref' (#0) has a non-reference element type f32, but the port of Assign is a reference{{$}}
    %b, %ctl_7 = Assign(%x, %x) name("b") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // CHECK: element-types.mlir:[[@LINE+1]]:5: error: 'tfg.Identity' op output 'output' (#0) has a reference element type !tf_type.f32ref, but the port of Identity is not a reference{{$}}
    %c, %ctl_8 = Identity(%x) name("c") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2x!tf_type.f32ref>)
  }
  %t = "test.source"() : () -> tensor<2x3xf32>
  %u = "test.source"() : () -> tensor<2x3xi32>
  // CHECK: element-types.mlir:[[@LINE+1]]:3: error: 'onnx.Add' op input 'B' (#1) has type tensor(int32), but T is tensor(float) (from input 'A'){{$}}
  %0 = "onnx.Add"(%t, %u) : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
}
