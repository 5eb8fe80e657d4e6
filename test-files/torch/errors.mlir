// RUN: not %amanda_opt --split-input-file %s 2>&1 | FileCheck %s

// Malformed torch-mlir text: each error at its place, with torch-mlir-opt's wording where
// it has one (the operand count, the float literal, func.return's and func.func's rules).

func.func @f() {
  // CHECK: errors.mlir:[[@LINE+1]]:27: error: custom op 'torch.constant.int' expected integer value
  %a = torch.constant.int 1.5
  return
}

// -----
func.func @f() {
  // CHECK: errors.mlir:[[@LINE+1]]:29: error: unexpected decimal integer literal for a floating point value
  %a = torch.constant.float 1
  return
}

// -----
func.func @f(%x: !torch.int) {
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: 2 operands present, but expected 1
  %a = torch.aten.neg.int %x, %x : !torch.int -> !torch.int
  return
}

// -----
func.func @f() {
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: custom op 'torch.prim.GetAttr' is read in generic form only
  %a = torch.prim.GetAttr %x : !torch.int
  return
}

// -----
func.func @f() {
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: custom op 'torch.constant.str' is written 'torch.constant.str "<string>" {attrs}'
  %a = torch.constant.str 1
  return
}

// -----
func.func @f(%x: !torch.int) -> !torch.float {
  // CHECK: errors.mlir:[[@LINE+1]]:3: error: type of return operand 0 ('!torch.int') doesn't match function result type ('!torch.float') in function @f
  return %x : !torch.int
}

// -----
func.func @f(%x: !torch.int) -> !torch.int {
  // CHECK: errors.mlir:[[@LINE+1]]:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1
  return
}

// -----
// CHECK: errors.mlir:[[@LINE+1]]:1: error: 'func.func' op entry block must have 1 arguments to match function signature
"func.func"() <{function_type = (!torch.int) -> (), sym_name = "g"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----
// CHECK: errors.mlir:[[@LINE+1]]:1: error: 'func.func' op symbol declaration cannot have public visibility
func.func @decl(!torch.int)

// -----
// CHECK: errors.mlir:[[@LINE+1]]:1: error: 'func.return' op expects parent op 'func.func'
func.return
