// --emit=dot on a tfg graph and function: one node per op (op name, node name, device),
// data edges labelled with the schema's port names (output -> input), control edges dashed,
// a function as a cluster whose arguments are nodes of their own (their .ctl tokens are
// drawn from the data argument). Deterministic: two runs give the same bytes.
// RUN: %amanda_opt %s --emit=dot | FileCheck %s
// RUN: %amanda_opt %s --emit=dot -o %t.1 && %amanda_opt %s --emit=dot -o %t.2 && cmp %t.1 %t.2

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x2>} : () -> (tensor<2x2xf32>)
  %k, %ctl_0 = Const device("/device:CPU:0") name("k") {dtype = f32, value = dense<1.0> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %mm, %ctl_1 = MatMul(%x, %k) [%ctl] name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %s:2, %ctl_2 = Split(%c, %mm) name("split") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<2x2xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>)
  %c, %ctl_3 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %u, %ctl_4 = Unknown(%s#1) name("u") : (tensor<1x2xf32>) -> (tensor<*xf32>)
}

tfg.func @f(%a: tensor<f32> {tfg.name = "a"}) -> (tensor<f32> {tfg.name = "r"}) {
  %n, %ctl = Neg(%a) [%a.ctl] name("neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  return(%n) [%ctl] : tensor<f32>
}

// CHECK:      digraph module {
// CHECK:        subgraph cluster_0 {
// CHECK-NEXT:     label="tfg.graph";
// CHECK-NEXT:     [[X:n[0-9]+]] [label="tfg.Placeholder\nx"];
// CHECK-NEXT:     [[K:n[0-9]+]] [label="tfg.Const\nk\ndevice: /device:CPU:0"];
// CHECK-NEXT:     [[MM:n[0-9]+]] [label="tfg.MatMul\nmm"];
// CHECK-NEXT:     [[SPLIT:n[0-9]+]] [label="tfg.Split\nsplit"];
// CHECK-NEXT:     [[AXIS:n[0-9]+]] [label="tfg.Const\naxis"];
// CHECK-NEXT:     [[U:n[0-9]+]] [label="tfg.Unknown\nu"];
// CHECK-NEXT:   }
// CHECK-NEXT:   subgraph cluster_1 {
// CHECK-NEXT:     label="tfg.func @f";
// CHECK-NEXT:     [[A:n[0-9]+]] [shape=ellipse, style=solid, label="%a: tensor<f32>"];
// CHECK-NEXT:     [[NEG:n[0-9]+]] [label="tfg.Neg\nneg"];
// CHECK-NEXT:     [[RET:n[0-9]+]] [label="tfg.return"];
// CHECK-NEXT:   }
// CHECK-NEXT:   [[X]] -> [[MM]] [label="output -> a"];
// CHECK-NEXT:   [[K]] -> [[MM]] [label="output -> b"];
// CHECK-NEXT:   [[X]] -> [[MM]] [style=dashed];
// CHECK-NEXT:   [[AXIS]] -> [[SPLIT]] [label="output -> split_dim"];
// CHECK-NEXT:   [[MM]] -> [[SPLIT]] [label="product -> value"];
// A port covering several values: name:index. An op no schema knows: indices.
// CHECK-NEXT:   [[SPLIT]] -> [[U]] [label="output:1 -> 0"];
// CHECK-NEXT:   [[A]] -> [[NEG]] [label="x"];
// CHECK-NEXT:   [[A]] -> [[NEG]] [style=dashed];
// CHECK-NEXT:   [[NEG]] -> [[RET]] [label="y -> 0"];
// CHECK-NEXT:   [[NEG]] -> [[RET]] [style=dashed];
// CHECK-NEXT: }
