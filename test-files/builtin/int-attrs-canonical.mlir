// RUN: %amanda_opt --canonical %s | FileCheck %s

// --canonical prints integer attributes as mlir-opt does: decimal, with their type, also
// `: i64` for 64-bit (written or untyped) ones; i1 as true/false.

// CHECK:     module {
// CHECK-NEXT:  "foo.ints"() {a = 42 : i32, b = -7 : i8, c = 31 : i64, d = 255 : ui8, e = -128 : si8, f = true, g = 5 : index, h = 9223372036854775807 : i64, i = -9223372036854775808 : i64, j = 18446744073709551615 : ui64, k = 0 : i128, l = -1 : i8, m = 0 : i64, n = -12 : i64} : () -> ()
// CHECK-NEXT:}

"foo.ints"() {a = 42 : i32, b = -7 : i8, c = 0x1F : i64, d = 255 : ui8, e = -128 : si8, f = 1 : i1, g = 5 : index, h = 9223372036854775807 : i64, i = -9223372036854775808 : i64, j = 18446744073709551615 : ui64, k = 0 : i128, l = 0xFF : i8, m = 0, n = -12} : () -> ()
