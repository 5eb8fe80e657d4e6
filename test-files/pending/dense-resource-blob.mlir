// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// PENDING: the file metadata section `{-# dialect_resources: { builtin: { blob1: "0x..." } } #-}`
// fails to parse ("expected '}', ',' or '=', found ':'": nested entries are
// `key: value`), and the blobs must be printed back after the module, as mlir-opt does.
// Repro: amanda-opt on this file.

// CHECK:     module {
// CHECK-NEXT:  "foo.res"() {a = dense_resource<blob1> : tensor<2xf32>, b = dense_resource<__elided__> : tensor<4xi8>} : () -> ()
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:{-#
// CHECK-NEXT:  dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      blob1: "0x040000000000803F00000040"
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:#-}

"foo.res"() {a = dense_resource<blob1> : tensor<2xf32>, b = dense_resource<__elided__> : tensor<4xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000000803F00000040"
    }
  }
#-}
