// REQUIRES: seeds
// RUN: %seed_yaml namespace amanda/tensorflow/1.13.1 > %t.yaml
// RUN: amanda-opt --namespace-file %t.yaml --describe amanda/tensorflow/1.13.1:MatMul | FileCheck %s
// `--describe` on an op of a namespace loaded from the Amanda design's YAML schema: the
// versions line compares it with the built-in TensorFlow versions.

// CHECK: tfg.MatMul  (tensorflow op MatMul in amanda/tensorflow/1.13.1;
// CHECK: T: type (required), one of: bf16 (bfloat16), f16 (half), f32 (float), f64 (double), i32 (int32), i64 (int64), complex<f32> (complex64)
// CHECK: versions with it: 1.13.1, 2.15 (differs), 2.21 (differs)
