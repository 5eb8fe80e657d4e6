// Issue 35: the size a tensor declares is untrusted input. A splat of 10^15 elements is a
// few bytes of text; tfg-constant-folding and tfg-shape-inference must not expand it (they
// aborted: "memory allocation of 8000000000000000 bytes failed").
// Folding an elementwise op of splats, or an op that only moves a splat's elements, gives a
// splat; anything else stays unfolded. The checks run under the test suite's address-space
// limit.
//
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt %s --split-input-file --pass=tfg-constant-folding' | FileCheck %s --check-prefix=FOLD
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt %s --split-input-file --pass=tfg-shape-inference' | FileCheck %s --check-prefix=SHAPES
// With max-constant-bytes=0 (no splat is ever expanded) the output is the same.
// RUN: %amanda_opt %s --split-input-file --pass='tfg-constant-folding{max-constant-bytes=0}' | FileCheck %s --check-prefix=FOLD

// The issue's input: Neg of a splat is a splat.
// FOLD-LABEL: tfg.graph
// FOLD: Const [%ctl] name("neg") {dtype = f32, value = dense<-1.000000e+00> : tensor<100000x100000x100000xf32>}
// FOLD-NOT: Neg
// SHAPES-LABEL: tfg.graph
// SHAPES: Neg(%c) name("neg")
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %c, %ctl = Const name("big") {dtype = f32, value = dense<1.0> : tensor<100000x100000x100000xf32>} : () -> (tensor<100000x100000x100000xf32>)
  %n, %ctl_0 = Neg(%c) name("neg") {T = f32} : (tensor<100000x100000x100000xf32>) -> (tensor<100000x100000x100000xf32>)
}

// -----

// A binary op of two splats (broadcast), a comparison, and a cast.
// FOLD-LABEL: tfg.graph
// FOLD-DAG: name("add") {dtype = f32, value = dense<3.000000e+00> : tensor<100000x100000x100000xf32>}
// FOLD-DAG: name("less") {dtype = i1, value = dense<true> : tensor<100000x100000x100000xi1>}
// FOLD-DAG: name("cast") {dtype = i32, value = dense<1> : tensor<100000x100000x100000xi32>}
// SHAPES-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %c, %ctl = Const name("big") {dtype = f32, value = dense<1.0> : tensor<100000x100000x100000xf32>} : () -> (tensor<100000x100000x100000xf32>)
  %two, %ctl_1 = Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %a, %ctl_2 = AddV2(%c, %two) name("add") {T = f32} : (tensor<100000x100000x100000xf32>, tensor<f32>) -> (tensor<100000x100000x100000xf32>)
  %l, %ctl_3 = Less(%c, %two) name("less") {T = f32} : (tensor<100000x100000x100000xf32>, tensor<f32>) -> (tensor<100000x100000x100000xi1>)
  %k, %ctl_4 = Cast(%c) name("cast") {DstT = i32, SrcT = f32, Truncate = false} : (tensor<100000x100000x100000xf32>) -> (tensor<100000x100000x100000xi32>)
}

// -----

// Reshape, Transpose and ZerosLike of a splat: splats of the result shape. Tile makes it
// larger than its input, which Grappler's size rule does not fold.
// FOLD-LABEL: tfg.graph
// FOLD-DAG: name("reshape") {dtype = f32, value = dense<1.000000e+00> : tensor<1000000000000000xf32>}
// FOLD-DAG: name("transpose") {dtype = f32, value = dense<1.000000e+00> : tensor<100000x100000x100000xf32>}
// FOLD-DAG: name("zeros") {dtype = f32, value = dense<0.000000e+00> : tensor<100000x100000x100000xf32>}
// FOLD-DAG: Tile(%c, %m) name("tile")
// SHAPES-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %c, %ctl = Const name("big") {dtype = f32, value = dense<1.0> : tensor<100000x100000x100000xf32>} : () -> (tensor<100000x100000x100000xf32>)
  %s, %ctl_1 = Const name("s") {dtype = i64, value = dense<[1000000000000000]> : tensor<1xi64>} : () -> (tensor<1xi64>)
  %r, %ctl_2 = Reshape(%c, %s) name("reshape") {T = f32, Tshape = i64} : (tensor<100000x100000x100000xf32>, tensor<1xi64>) -> (tensor<1000000000000000xf32>)
  %p, %ctl_3 = Const name("p") {dtype = i32, value = dense<[2, 1, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %t, %ctl_4 = Transpose(%c, %p) name("transpose") {T = f32, Tperm = i32} : (tensor<100000x100000x100000xf32>, tensor<3xi32>) -> (tensor<100000x100000x100000xf32>)
  %z, %ctl_5 = ZerosLike(%c) name("zeros") {T = f32} : (tensor<100000x100000x100000xf32>) -> (tensor<100000x100000x100000xf32>)
  %m, %ctl_6 = Const name("m") {dtype = i32, value = dense<[2, 1, 1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %tl, %ctl_7 = Tile(%c, %m) name("tile") {T = f32, Tmultiples = i32} : (tensor<100000x100000x100000xf32>, tensor<3xi32>) -> (tensor<200000x100000x100000xf32>)
}

// -----

// Element types the folder models, and a count that overflows 64 bits.
// FOLD-LABEL: tfg.graph
// FOLD-DAG: name("not") {dtype = i1, value = dense<false> : tensor<100000x100000x100000xi1>}
// FOLD-DAG: name("neg64") {dtype = i64, value = dense<-7> : tensor<100000x100000x100000xi64>}
// FOLD-DAG: name("neghalf") {dtype = f16, value = dense<-1.500000e+00> : tensor<100000x100000x100000xf16>}
// FOLD-DAG: name("negbf") {dtype = bf16, value = dense<2.000000e+00> : tensor<100000x100000x100000xbf16>}
// FOLD-DAG: name("negover") {dtype = f32, value = dense<-1.000000e+00> : tensor<4294967296x4294967296x4294967296xf32>}
// SHAPES-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %b, %ctl = Const name("b") {dtype = i1, value = dense<true> : tensor<100000x100000x100000xi1>} : () -> (tensor<100000x100000x100000xi1>)
  %nb, %ctl_0 = LogicalNot(%b) name("not") : (tensor<100000x100000x100000xi1>) -> (tensor<100000x100000x100000xi1>)
  %i, %ctl_1 = Const name("i") {dtype = i64, value = dense<7> : tensor<100000x100000x100000xi64>} : () -> (tensor<100000x100000x100000xi64>)
  %ni, %ctl_2 = Neg(%i) name("neg64") {T = i64} : (tensor<100000x100000x100000xi64>) -> (tensor<100000x100000x100000xi64>)
  %h, %ctl_3 = Const name("h") {dtype = f16, value = dense<1.5> : tensor<100000x100000x100000xf16>} : () -> (tensor<100000x100000x100000xf16>)
  %nh, %ctl_4 = Neg(%h) name("neghalf") {T = f16} : (tensor<100000x100000x100000xf16>) -> (tensor<100000x100000x100000xf16>)
  %g, %ctl_5 = Const name("g") {dtype = bf16, value = dense<-2.0> : tensor<100000x100000x100000xbf16>} : () -> (tensor<100000x100000x100000xbf16>)
  %ng, %ctl_6 = Neg(%g) name("negbf") {T = bf16} : (tensor<100000x100000x100000xbf16>) -> (tensor<100000x100000x100000xbf16>)
  %o, %ctl_7 = Const name("o") {dtype = f32, value = dense<1.0> : tensor<4294967296x4294967296x4294967296xf32>} : () -> (tensor<4294967296x4294967296x4294967296xf32>)
  %no, %ctl_8 = Neg(%o) name("negover") {T = f32} : (tensor<4294967296x4294967296x4294967296xf32>) -> (tensor<4294967296x4294967296x4294967296xf32>)
}
