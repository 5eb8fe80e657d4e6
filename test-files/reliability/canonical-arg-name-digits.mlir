// RUN: %amanda_opt --canonical %s > %t
// RUN: %idempotent %t --canonical
// RUN: FileCheck %s < %t

// A tfg.name whose bytes are encoded in the SSA name (`\00` -> `0`) must not make the name
// start with a digit (`%00x` does not read back): `_` goes in front, as MLIR's
// sanitizeIdentifier does (found by the roundtrip fuzz target, issue 19).

// CHECK: tfg.func @f(%_00x: tensor<i32> {tfg.name = "\00\00x"})
tfg.func @f(%x: tensor<i32> {tfg.name = "\00\00x"})
     -> (tensor<i32>)
 {
  return(%x) : tensor<i32>
}
