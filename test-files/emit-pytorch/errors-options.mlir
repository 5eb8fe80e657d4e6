// --emit=pytorch writes a directory: without -o, with --split-input-file, on an -o that is a
// file, and on IR that is not torch-namespace, an error and exit 1, nothing written.
// RUN: not %amanda_opt %s --emit=pytorch 2>&1 | FileCheck %s --check-prefix=NO-O
// NO-O: error: --emit=pytorch writes a directory (model.py and weights.safetensors): give it with -o DIR
// RUN: not %amanda_opt %s --emit=pytorch --split-input-file -o %t.dir 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: error: --emit=pytorch writes one model: not with --split-input-file
// RUN: rm -rf %t.dir && not %amanda_opt %s --emit=pytorch -o %t.dir 2>&1 | FileCheck %s --check-prefix=TFG
// TFG: error: --emit=pytorch needs torch-namespace IR (a func.func of torch ops, as --pass=convert-tf-to-torch writes it); this module has tfg.graph
// RUN: not ls %t.dir
// RUN: echo keep > %t.file && not %amanda_opt %s --convert-tf-to-torch --emit=pytorch -o %t.file 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: error: -o '{{.*}}.file' is not a directory: --emit=pytorch writes a directory
// RUN: FileCheck %s --check-prefix=KEPT < %t.file
// KEPT: keep

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %r, %ctl_0 = Relu(%x) name("r") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
