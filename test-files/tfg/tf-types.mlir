// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Every `!tf_type.*` type TensorFlow registers: control, tensor, string, resource and
// variant (also with subtypes, nested, as tensor elements), the quantized types and the
// reference types.

// CHECK:     module {
// CHECK-NEXT:  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
// CHECK-NEXT:    %ctl = Types {a0 = !tf_type.control, a1 = !tf_type.tensor, a2 = !tf_type.string, a3 = !tf_type.resource, a4 = !tf_type.variant, a5 = !tf_type.qint8, a6 = !tf_type.qint16, a7 = !tf_type.qint32, a8 = !tf_type.quint8, a9 = !tf_type.quint16}
// CHECK-NEXT:    %ctl_0 = Refs {r0 = !tf_type.halfref, r1 = !tf_type.f32ref, r2 = !tf_type.f64ref, r3 = !tf_type.bfloat16ref, r4 = !tf_type.float8e4m3fnref, r5 = !tf_type.float8e5m2ref, r6 = !tf_type.float8e4m3fnuzref, r7 = !tf_type.float8e4m3b11fnuzref, r8 = !tf_type.float8e5m2fnuzref, r9 = !tf_type.int4ref}
// CHECK-NEXT:    %ctl_1 = Refs {r0 = !tf_type.uint4ref, r1 = !tf_type.uint8ref, r2 = !tf_type.int8ref, r3 = !tf_type.uint16ref, r4 = !tf_type.int16ref, r5 = !tf_type.uint32ref, r6 = !tf_type.int32ref, r7 = !tf_type.uint64ref, r8 = !tf_type.int64ref, r9 = !tf_type.stringref}
// CHECK-NEXT:    %ctl_2 = Refs {r0 = !tf_type.boolref, r1 = !tf_type.quint8ref, r2 = !tf_type.qint8ref, r3 = !tf_type.quint16ref, r4 = !tf_type.qint16ref, r5 = !tf_type.qint32ref, r6 = !tf_type.complex64ref, r7 = !tf_type.complex128ref, r8 = !tf_type.resourceref, r9 = !tf_type.variantref}
// CHECK-NEXT:    %ctl_3 = Sub {s0 = !tf_type.resource<tensor<32xf32>>, s1 = !tf_type.resource<tensor<3xf32>, tensor<2xi32>>, s2 = !tf_type.variant<tensor<?xf32>>, s3 = tensor<!tf_type.resource<tensor<?x!tf_type.resource<tensor<?xf32>>>>>, s4 = tensor<*x!tf_type.variant<tensor<?xf32>>>, s5 = tensor<2x!tf_type.string>}
// CHECK-NEXT:    %Op, %ctl_4 = Op : () -> (tensor<*x!tf_type.resource>)
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %ctl = Types {a0 = !tf_type.control, a1 = !tf_type.tensor, a2 = !tf_type.string, a3 = !tf_type.resource, a4 = !tf_type.variant, a5 = !tf_type.qint8, a6 = !tf_type.qint16, a7 = !tf_type.qint32, a8 = !tf_type.quint8, a9 = !tf_type.quint16}
  %ctl_0 = Refs {r0 = !tf_type.halfref, r1 = !tf_type.f32ref, r2 = !tf_type.f64ref, r3 = !tf_type.bfloat16ref, r4 = !tf_type.float8e4m3fnref, r5 = !tf_type.float8e5m2ref, r6 = !tf_type.float8e4m3fnuzref, r7 = !tf_type.float8e4m3b11fnuzref, r8 = !tf_type.float8e5m2fnuzref, r9 = !tf_type.int4ref}
  %ctl_1 = Refs {r0 = !tf_type.uint4ref, r1 = !tf_type.uint8ref, r2 = !tf_type.int8ref, r3 = !tf_type.uint16ref, r4 = !tf_type.int16ref, r5 = !tf_type.uint32ref, r6 = !tf_type.int32ref, r7 = !tf_type.uint64ref, r8 = !tf_type.int64ref, r9 = !tf_type.stringref}
  %ctl_2 = Refs {r0 = !tf_type.boolref, r1 = !tf_type.quint8ref, r2 = !tf_type.qint8ref, r3 = !tf_type.quint16ref, r4 = !tf_type.qint16ref, r5 = !tf_type.qint32ref, r6 = !tf_type.complex64ref, r7 = !tf_type.complex128ref, r8 = !tf_type.resourceref, r9 = !tf_type.variantref}
  %ctl_3 = Sub {s0 = !tf_type.resource<tensor<32xf32>>, s1 = !tf_type.resource<tensor<3xf32>, tensor<2xi32>>, s2 = !tf_type.variant<tensor<?xf32>>, s3 = tensor<!tf_type.resource<tensor<?x!tf_type.resource<tensor<?xf32>>>>>, s4 = tensor<*x!tf_type.variant<tensor<?xf32>>>, s5 = tensor<2x!tf_type.string>}
  %x, %ctl_4 = Op : () -> (tensor<*x!tf_type.resource>)
}
