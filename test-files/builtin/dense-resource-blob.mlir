// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// A file with the blobs of its `dense_resource<...>` attributes in a
// `{-# dialect_resources: ... #-}` section: kept and printed back after the module, as
// mlir-opt does.

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
