// RUN: not %amanda_opt --canonical %s 2>&1 | FileCheck %s
// RUN: %amanda_opt %s | FileCheck %s --check-prefix=KEPT

// --canonical spells aliases out (as mlir-opt does): 40 doublings would print 2^40 elements.
// That is an error, not a run out of memory (issue 19); without --canonical the aliases are
// printed by name.

// CHECK: alias-expansion.mlir:[[@LINE+42]]:1: error: spelling out the aliases (as --canonical does) would print more than 134217728 attribute and type nodes
// KEPT: "foo.op"() {v = #a39} : () -> ()
#a0 = [1, 2]
#a1 = [#a0, #a0]
#a2 = [#a1, #a1]
#a3 = [#a2, #a2]
#a4 = [#a3, #a3]
#a5 = [#a4, #a4]
#a6 = [#a5, #a5]
#a7 = [#a6, #a6]
#a8 = [#a7, #a7]
#a9 = [#a8, #a8]
#a10 = [#a9, #a9]
#a11 = [#a10, #a10]
#a12 = [#a11, #a11]
#a13 = [#a12, #a12]
#a14 = [#a13, #a13]
#a15 = [#a14, #a14]
#a16 = [#a15, #a15]
#a17 = [#a16, #a16]
#a18 = [#a17, #a17]
#a19 = [#a18, #a18]
#a20 = [#a19, #a19]
#a21 = [#a20, #a20]
#a22 = [#a21, #a21]
#a23 = [#a22, #a22]
#a24 = [#a23, #a23]
#a25 = [#a24, #a24]
#a26 = [#a25, #a25]
#a27 = [#a26, #a26]
#a28 = [#a27, #a27]
#a29 = [#a28, #a28]
#a30 = [#a29, #a29]
#a31 = [#a30, #a30]
#a32 = [#a31, #a31]
#a33 = [#a32, #a32]
#a34 = [#a33, #a33]
#a35 = [#a34, #a34]
#a36 = [#a35, #a35]
#a37 = [#a36, #a36]
#a38 = [#a37, #a37]
#a39 = [#a38, #a38]
"foo.op"() {v = #a39} : () -> ()
