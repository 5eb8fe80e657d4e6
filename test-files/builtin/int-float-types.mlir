// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Builtin integer types (signless, signed, unsigned, any width) and every float type.

// CHECK:     module {
// CHECK-NEXT:  "foo.types"() {i1 = i1, i128 = i128, i16 = i16, i32 = i32, i64 = i64, i8 = i8, s1 = si1, signed = si32, u64 = ui64, unsigned = ui16, wide = i4096} : () -> ()
// CHECK-NEXT:  "foo.types"() {bf16 = bf16, f128 = f128, f16 = f16, f32 = f32, f64 = f64, f80 = f80, tf32 = tf32} : () -> ()
// CHECK-NEXT:  "foo.types"() {a = f8E5M2, b = f8E4M3, c = f8E4M3FN, d = f8E5M2FNUZ, e = f8E4M3FNUZ, f = f8E4M3B11FNUZ, g = f8E3M4, h = f8E8M0FNU, i = f6E2M3FN, j = f6E3M2FN, k = f4E2M1FN} : () -> ()
// CHECK-NEXT:}

"foo.types"() {i1 = i1, i8 = i8, i16 = i16, i32 = i32, i64 = i64, i128 = i128, wide = i4096, signed = si32, unsigned = ui16, s1 = si1, u64 = ui64} : () -> ()
"foo.types"() {f16 = f16, bf16 = bf16, f32 = f32, f64 = f64, f80 = f80, f128 = f128, tf32 = tf32} : () -> ()
"foo.types"() {a = f8E5M2, b = f8E4M3, c = f8E4M3FN, d = f8E5M2FNUZ, e = f8E4M3FNUZ, f = f8E4M3B11FNUZ, g = f8E3M4, h = f8E8M0FNU, i = f6E2M3FN, j = f6E3M2FN, k = f4E2M1FN} : () -> ()
