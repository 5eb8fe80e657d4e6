// The pass manager's reports for inputs imported from interchange formats (a SavedModel
// directory, a binary GraphDef, an ONNX model), as for text: --print-ir-after dumps,
// --pass-statistics, --timing (its first row is the import) and --summary, on stderr,
// whether the output goes to stdout or to a file.
// RUN: %amanda_opt %S/../savedmodel/keras_conv --pass='convert-tf-to-torch{input-shapes=image:2x4x4x2}' --timing --pass-statistics -o %t.mlir 2>&1 | FileCheck %s --check-prefix=SAVED
// RUN: FileCheck %s --check-prefix=OUT < %t.mlir
// RUN: %amanda_opt %S/../savedmodel/keras_conv --emit=graphdef -o %t.pb
// RUN: %amanda_opt %t.pb --pass='convert-tf-to-torch{input-shapes=image:2x4x4x2}' --summary --print-ir-after=convert-tf-to-torch 2>&1 >/dev/null | FileCheck %s --check-prefix=PB
// RUN: %amanda_opt %S/../onnx/Inputs/small.onnx --canonicalize --timing --timing-display=list 2>&1 >/dev/null | FileCheck %s --check-prefix=ONNX
// RUN: rm -f %t.bad
// RUN: not %amanda_opt %S/../savedmodel/keras_conv --pass='convert-tf-to-torch{input-shapes=image:2x4x4x5}' --timing -o %t.bad 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: not test -e %t.bad

// SAVED:      ... Pass statistics report ...
// SAVED:      ConvertTfToTorch
// SAVED:        (S) {{ *[0-9]+}} num-torch-ops
// SAVED:        (S) {{ *}}1 rule:Conv2D
// SAVED:      ... Execution time report ...
// SAVED:      ----Wall Time----  ----Name----
// SAVED-NEXT: {{[0-9.]+ \( *[0-9.]+%\)}}  Import
// SAVED-NEXT: {{[0-9.]+ \( *[0-9.]+%\)}}  Verifier
// SAVED-NEXT: {{[0-9.]+ \( *[0-9.]+%\)}}  ConvertTfToTorch
// SAVED-NEXT: {{[0-9.]+ \( *[0-9.]+%\)}}  Output
// SAVED-NOT:  error

// OUT: func.func @main(%arg0: !torch.vtensor<[2,4,4,2],f32>

// PB:      // -----// IR Dump After ConvertTfToTorch (convert-tf-to-torch) //----- //
// PB-NEXT: module {
// PB:      torch.aten.convolution
// PB:      === conversion summary ===
// PB:        torch.aten.convolution {{ *}}-{{ *}}1

// ONNX: Execution time report
// ONNX-DAG: Import
// ONNX-DAG: Canonicalize
// ONNX-DAG: Output

// FAILED:      error: convert-tf-to-torch: input-shapes: feed 'image' pinned to [2,4,4,5]
// FAILED:      ... Execution time report ...
// FAILED:      Import
