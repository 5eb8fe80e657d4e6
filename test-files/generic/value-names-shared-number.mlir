// RUN: %amanda_opt %s | FileCheck %s

// Name resolution chains the definitions of a number together (`%a_5`, `%b_5`, ...); more
// than eight stems on one number, and numbers far beyond the input's size, take another
// path. Every use must still find its own definition, whichever path it took.

// CHECK: "x.use"(%a_5, %b_5, %c_5, %d_5, %e_5, %f_5, %g_5, %h_5, %i_5, %j_5, %k_5, %big_4000000000, %5)
// CHECK-SAME: : (i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i64, f32) -> ()
"x.use"(%a_5, %b_5, %c_5, %d_5, %e_5, %f_5, %g_5, %h_5, %i_5, %j_5, %k_5, %big_4000000000, %5) : (i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i64, f32) -> ()
%a_5 = "x.op"() : () -> i1
%b_5 = "x.op"() : () -> i2
%c_5 = "x.op"() : () -> i3
%d_5 = "x.op"() : () -> i4
%e_5 = "x.op"() : () -> i5
%f_5 = "x.op"() : () -> i6
%g_5 = "x.op"() : () -> i7
%h_5 = "x.op"() : () -> i8
%i_5 = "x.op"() : () -> i9
%j_5 = "x.op"() : () -> i10
%k_5 = "x.op"() : () -> i11
%big_4000000000 = "x.op"() : () -> i64
%5 = "x.op"() : () -> f32
