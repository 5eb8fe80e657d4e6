// The conversion summary on stderr: with --summary (stderr is not a terminal here, so it is
// off without the flag, and --no-summary wins over nothing): ops in and out by type, the
// rules each conversion pass applied, times. Its rule counts are pass statistics
// (`rule:NAME`), which --pass-statistics shows as well. Not shown for pipelines without a
// conversion, nor when the pipeline fails.
// RUN: %amanda_opt %s --convert-tf-to-torch --summary -o %t.mlir 2>&1 | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch -o %t.mlir 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %amanda_opt %s --convert-tf-to-torch --summary --no-summary -o %t.mlir 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %amanda_opt %s --tfg-toposort --summary -o %t.mlir 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: not %amanda_opt %s '--convert-tf-to-torch=fetches=nope' --summary -o %t.mlir 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: %amanda_opt %s --convert-tf-to-torch --pass-statistics -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: %amanda_opt %s --mapping-table=%S/Inputs/summary-table.yaml --summary-table --summary -o %t.mlir 2>&1 | FileCheck %s --check-prefix=TABLE
// RUN: %amanda_opt %S/Inputs/summary.pbtxt --convert-tf-to-torch --summary -o %t.mlir 2>&1 | FileCheck %s --check-prefix=PB

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x2>} : () -> (tensor<2x2xf32>)
  %a, %ctl_0 = Relu(%x) name("a") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %b, %ctl_1 = Relu(%a) name("b") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %c, %ctl_2 = Tanh(%b) name("c") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
}

// CHECK:      === conversion summary ===
// CHECK-NEXT:   op type              in      out
// CHECK-NEXT:   func.func             -        1
// CHECK-NEXT:   func.return           -        1
// CHECK-NEXT:   tfg.Placeholder       1        -
// CHECK-NEXT:   tfg.Relu              2        -
// CHECK-NEXT:   tfg.Tanh              1        -
// CHECK-NEXT:   tfg.graph             1        -
// CHECK-NEXT:   torch.aten.relu       -        2
// CHECK-NEXT:   torch.aten.tanh       -        1
// CHECK-NEXT:   total                 5        5
// CHECK-NEXT:   convert-tf-to-torch: 3 rule applications in {{[0-9.]+}} s
// CHECK-NEXT:     Relu        2
// CHECK-NEXT:     Tanh        1
// CHECK-NEXT:     ({{[0-9]+}} num-torch-ops: Number of torch ops emitted)
// CHECK-NEXT:   total time: {{[0-9.]+}} s

// QUIET-NOT: conversion summary

// STATS:      ConvertTfToTorch
// STATS-DAG:    (S) {{[0-9]+}} num-torch-ops
// STATS-DAG:    (S) 2 rule:Relu      - Applications of this mapping-table rule
// STATS-DAG:    (S) 1 rule:Tanh      - Applications of this mapping-table rule

// TABLE:      === conversion summary ===
// TABLE:        tfg.Relu              2        -
// TABLE:        summary-table: 2 rule applications in {{[0-9.]+}} s
// TABLE-NEXT:     relu-to-tanh        2
// TABLE-NEXT:     (2 rewrites: ops rewritten by the table's rules)

// PB:      === conversion summary ===
// PB:        total
// PB-NEXT:   convert-tf-to-torch:
