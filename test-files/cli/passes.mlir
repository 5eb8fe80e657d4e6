// RUN: %amanda_opt --list-passes | FileCheck %s --check-prefix=LIST
// RUN: %amanda_opt --pass-pipeline=canonicalize,verify %s | FileCheck %s
// RUN: %amanda_opt --pass-pipeline='builtin.module(canonicalize)' %s | FileCheck %s
// RUN: %amanda_opt --pass=canonicalize --print-ir-after-all %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: %amanda_opt --pass=canonicalize --timing %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING
// RUN: not %amanda_opt --pass=no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %amanda_opt --emit=torchscript %s 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: not %amanda_opt --no-such-flag %s 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: %amanda_opt --version | FileCheck %s --check-prefix=VERSION

// The pass manager's command line: --list-passes, --pass=NAME, --pass-pipeline (also in
// mlir-opt's `builtin.module(...)` spelling), --print-ir-after-all and --timing on stderr,
// and clean errors for an unknown pass, an output kind not supported yet, an unknown flag.
// test-files/pass-manager/ tests each of these in detail.

// LIST: --canonicalize
// LIST: --verify
// CHECK:      tfg.func @f
// CHECK-NOT:  Cast
// CHECK:      return
// DUMP:       // -----// IR Dump After Canonicalize (canonicalize) //----- //
// DUMP-NEXT:  tfg.func @f
// TIMING:     Parser
// TIMING:     Canonicalize
// TIMING:     Output
// UNKNOWN:    error: <command line>:1:1: unknown pass 'no-such-pass'
// EMIT:       error: --emit=torchscript is not supported (the kinds are: amir, generic, graphdef, pbtxt, onnx, pytorch)
// FLAG:       error: unexpected argument '--no-such-flag'
// VERSION:    amanda-opt {{[0-9]+\.[0-9]+\.[0-9]+}}

tfg.func @f(%a: tensor<i32> {tfg.name = "a"})
     -> (tensor<i32>)
 {
  %Cast, %ctl = Cast(%a) : (tensor<i32>) -> (tensor<f32>)
  return(%a) : tensor<i32>
}
