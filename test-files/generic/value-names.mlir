// RUN: %amanda_opt %s | FileCheck %s
// RUN: %amanda_opt %s | %amanda_opt | FileCheck %s

// Value names are kept as a stem and a trailing number (`%Conv2D_12`: `Conv2D_` and 12):
// names that differ only in their digits stay distinct, leading zeros and numbers too large
// for 32 bits are part of the stem, and every name prints back as written.

// CHECK: %Conv2D_12, %ctl_12 = "x.conv"()
// CHECK: %Conv2D_012 = "x.op"(%Conv2D_12)
// CHECK: %Conv2D_1 = "x.op"(%Conv2D_012)
// CHECK: %0 = "x.op"(%Conv2D_1, %ctl_12)
// CHECK: %00 = "x.op"(%0)
// CHECK: %x4294967295 = "x.op"(%00)
// CHECK: %x4294967294 = "x.op"(%x4294967295)
// CHECK: %x_0 = "x.op"(%x4294967294, %x4294967295)
// CHECK: "x.user"(%later_3, %later_30)
// CHECK: %later_3 = "x.op"
// CHECK: %later_30 = "x.op"
%Conv2D_12, %ctl_12 = "x.conv"() : () -> (f32, i1)
%Conv2D_012 = "x.op"(%Conv2D_12) : (f32) -> i32
%Conv2D_1 = "x.op"(%Conv2D_012) : (i32) -> i32
%0 = "x.op"(%Conv2D_1, %ctl_12) : (i32, i1) -> i32
%00 = "x.op"(%0) : (i32) -> i32
%x4294967295 = "x.op"(%00) : (i32) -> i32
%x4294967294 = "x.op"(%x4294967295) : (i32) -> i32
%x_0 = "x.op"(%x4294967294, %x4294967295) : (i32, i32) -> i32
"x.user"(%later_3, %later_30) : (i32, i32) -> ()
%later_3 = "x.op"() : () -> i32
%later_30 = "x.op"() : () -> i32
