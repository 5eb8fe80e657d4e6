// RUN: %amanda_opt %s --canonical | FileCheck %s
// RUN: %idempotent %s --canonical

// Numbers at the edges of their ranges are kept (issue 19; number-ranges.mlir has the
// errors just past them).

// An integer without a type is an i64: signless, so up to 2^64-1 (printed wrapped, as
// mlir-opt does), and down to -2^63.
// CHECK: "foo.ok"() {a = -1 : i64, b = -9223372036854775808 : i64, c = -9223372036854775808 : i64}
"foo.ok"() {a = 18446744073709551615, b = 9223372036854775808, c = -9223372036854775808} : () -> ()

// Elements and array<> values wider than 64 bits are fine for a wide enough type.
// CHECK: "foo.ok"() {a = dense<18446744073709551616> : tensor<i128>, b = array<i128: 18446744073709551616>}
"foo.ok"() {a = dense<18446744073709551616> : tensor<i128>, b = array<i128: 18446744073709551616>} : () -> ()

// Leading zeros of a hex float literal do not count.
// CHECK: "foo.ok"() {a = 1.401300e-45 : f32, b = dense<0.000000e+00> : tensor<f32>}
"foo.ok"() {a = 0x0000000000000001 : f32, b = dense<0x0000000000000000> : tensor<f32>} : () -> ()
