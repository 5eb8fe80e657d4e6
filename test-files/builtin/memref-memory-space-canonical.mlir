// RUN: %amanda_opt --canonical %s | FileCheck %s

// An integer memref memory space prints without its type, as mlir-opt prints it.

// CHECK:     module {
// CHECK-NEXT:  "foo.types"() {a = memref<4xf32>, b = memref<?x4xf32, 1>, c = memref<*xf32>, d = memref<4x4xf32, strided<[4, 1], offset: ?>>, e = memref<f32>, f = memref<*xf32, 2>, g = memref<2xf32, "space">} : () -> ()
// CHECK-NEXT:}

"foo.types"() {a = memref<4xf32>, b = memref<?x4xf32, 1>, c = memref<*xf32>, d = memref<4x4xf32, strided<[4, 1], offset: ?>>, e = memref<f32>, f = memref<*xf32, 2>, g = memref<2xf32, "space">} : () -> ()
