// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Shaped builtin types: ranked (static, dynamic, rank 0, zero-sized) and unranked
// tensors, a tensor encoding, dialect element types, vectors (also scalable dims),
// memrefs with layouts and memory spaces, unranked memrefs. (The memref memory spaces
// under --canonical: memref-memory-space-canonical.mlir.)

// CHECK:     module {
// CHECK-NEXT:  "foo.types"() {a = tensor<f32>, b = tensor<2x3xf32>, c = tensor<?x4xi32>, d = tensor<*xf32>, e = tensor<0xi1>, f = tensor<2x?x?xcomplex<f64>>, g = tensor<4xf32, "enc">, h = tensor<4x!foo.elem>, i = tensor<1x1x1x1x1xindex>, j = tensor<0xf32>, k = tensor<2x0xbf16>} : () -> ()
// CHECK-NEXT:  "foo.types"() {a = vector<4xf32>, b = vector<2x3xi8>, c = vector<[4]xf32>, d = vector<2x[4]xf32>, e = vector<1xindex>} : () -> ()

"foo.types"() {a = tensor<f32>, b = tensor<2x3xf32>, c = tensor<?x4xi32>, d = tensor<*xf32>, e = tensor<0xi1>, f = tensor<2x?x?xcomplex<f64>>, g = tensor<4xf32, "enc">, h = tensor<4x!foo.elem>, i = tensor<1x1x1x1x1xindex>, j = tensor<0xf32>, k = tensor<2x0xbf16>} : () -> ()
"foo.types"() {a = vector<4xf32>, b = vector<2x3xi8>, c = vector<[4]xf32>, d = vector<2x[4]xf32>, e = vector<1xindex>} : () -> ()
"foo.types"() {a = memref<4xf32>, b = memref<?x4xf32, 1>, c = memref<*xf32>, d = memref<4x4xf32, strided<[4, 1], offset: ?>>, e = memref<f32>, f = memref<*xf32, 2>, g = memref<2xf32, "space">} : () -> ()
