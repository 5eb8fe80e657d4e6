// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// `dense_resource<handle> : type` refers to a blob by name. (A file with the blobs in a
// `{-# dialect_resources: ... #-}` section: builtin/dense-resource-blob.mlir.)

// CHECK:     module {
// CHECK-NEXT:  "foo.res"() {a = dense_resource<blob1> : tensor<2xf32>, b = dense_resource<__elided__> : tensor<4xi8>} : () -> ()
// CHECK-NEXT:}

"foo.res"() {a = dense_resource<blob1> : tensor<2xf32>, b = dense_resource<__elided__> : tensor<4xi8>} : () -> ()
