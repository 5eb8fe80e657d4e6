// RUN: printf '"foo.a"() {s = "caf\351"} : () -> ()\n' > %t.in
// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %t.in -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// Input that is not UTF-8 (byte 0xE9 alone): the error points at the first bad byte.

// CHECK: .in:1:20: error: invalid UTF-8 in input
// UNTOUCHED: previous output
