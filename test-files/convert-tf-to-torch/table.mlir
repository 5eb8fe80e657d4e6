// The lowering of each node is chosen by the mapping table passes/convert-tf-to-torch.yaml;
// a --mapping-table file of that name replaces it. A node the table has no rule for is
// first decomposed by lower-tf-to-primitive (Selu here), and its pieces are converted.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s --check-prefix=BUILTIN
// RUN: %amanda_opt %s --print-op-generic --mapping-table=%S/Inputs/small-table/convert-tf-to-torch.yaml --convert-tf-to-torch --pass-statistics 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: %amanda_opt %s --print-op-generic --mapping-table=%S/Inputs/small-table/convert-tf-to-torch.yaml '--convert-tf-to-torch=tags=clamp' | FileCheck %s --check-prefix=TAGS
// RUN: not %amanda_opt %s --mapping-table=%S/Inputs/bad-table/convert-tf-to-torch.yaml --convert-tf-to-torch 2>&1 | FileCheck %s --check-prefix=BAD

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %s, %ctl_0 = Selu(%x) name("selu") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
  %r, %ctl_1 = Relu(%s) name("relu") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
}

// The built-in table has a rule for Selu.
// BUILTIN: "torch.aten.selu"(%arg0)
// BUILTIN: "torch.aten.relu"

// SMALL: 1 num-lowered
// SMALL-NOT: torch.aten.selu
// SMALL: "torch.aten.lt.Tensor"(%arg0
// SMALL: "torch.aten.exp"(%arg0)
// SMALL: %[[WHERE:.*]] = "torch.aten.where.self"
// SMALL: "torch.aten.relu"(%[[WHERE]])

// With tags=clamp the tagged rule (benefit 2) wins: Relu becomes clamp(x, 0, 6).
// TAGS: %[[WHERE:.*]] = "torch.aten.where.self"
// TAGS: "torch.aten.clamp"(%[[WHERE]],
// TAGS-NOT: torch.aten.relu

// BAD: convert-tf-to-torch.yaml:7:19: error: no native rewrite 'no_such_lowering'
