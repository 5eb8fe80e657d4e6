// --emit=dot escapes every string it writes: quotes and backslashes, newlines as DOT line
// breaks, other control characters as visible \xNN, `&` and non-ASCII as HTML entities
// (Graphviz decodes entities in labels), so `dot -Tsvg` renders any name.
// RUN: %amanda_opt %s --emit=dot | FileCheck %s
// RUN: %if graphviz %{ %amanda_opt %s --emit=dot | dot -Tsvg -o %t.svg %}
// RUN: %if graphviz %{ FileCheck %s --check-prefix=SVG < %t.svg %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = Placeholder device("dev\0Aline&amp") name("q\"uo\\te") {dtype = f32} : () -> (tensor<f32>)
  %b, %ctl_0 = Identity(%a) name("caf\C3\A9 \E2\86\92 \01bell") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

tfg.func @"we\"ird}name"(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32> {tfg.name = "y"}) {
  return(%x) : tensor<f32>
}

// CHECK: [label="tfg.Placeholder\nq\"uo\\te\ndevice: dev\nline&amp;amp"];
// CHECK: [label="tfg.Identity\ncaf&#233; &#8594; \\x01bell"];
// CHECK: label="tfg.func @we\"ird}name";
// SVG: q&quot;uo\te
// SVG: café → \x01bell
