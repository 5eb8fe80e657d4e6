// --emit=dot on region ops: an op with regions and values is a cluster holding its own
// node and one cluster per region (IfRegion: then/else; WhileRegion: cond/body), block
// arguments are nodes, values from outside a region are edges into it; a multi-block
// region has a cluster per block; a nested module is a cluster. `dot -Tsvg` renders it.
// RUN: %amanda_opt %s --emit=dot | FileCheck %s
// RUN: %if graphviz %{ %amanda_opt %s --emit=dot | dot -Tsvg -o /dev/null %}

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %x:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xi32>)
  %cond, %ctl_0 = Cond : () -> (tensor<*xi1>)
  %if:2, %ctl_1 = IfRegion %cond [%ctl] then {
    yield(%x#0, %x#1) [%ctl_0] : tensor<*xf32>, tensor<*xi32>
  } else {
    %neg, %ctl_2 = Neg(%x#0) name("neg") : (tensor<*xf32>) -> (tensor<*xf32>)
    yield(%neg, %x#1) : tensor<*xf32>, tensor<*xi32>
  } : (tensor<*xi1>) -> (tensor<*xf32>, tensor<*xi32>)
  %w:2, %ctl_3 = WhileRegion(%if#0, %if#1) {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    %less, %ctl_4 = Less(%arg0, %arg1) [%arg3] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi1>)
    condition %less : tensor<*xi1> (%arg0, %arg1) : tensor<*xf32>, tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg0, %arg1) : tensor<*xf32>, tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
}

"test.cfg"() ({
^entry(%a: i32):
  "test.br"(%a)[^next] : (i32) -> ()
^next(%b: i32):
  "test.ret"(%b) : (i32) -> ()
}) : () -> ()

module @inner {
  "test.leaf"() : () -> ()
}

// CHECK:      subgraph cluster_0 {
// CHECK-NEXT:   label="tfg.graph";
// CHECK-NEXT:   [[OP:n[0-9]+]] [label="tfg.Op"];
// CHECK-NEXT:   [[COND:n[0-9]+]] [label="tfg.Cond"];
// CHECK-NEXT:   subgraph cluster_1 {
// CHECK-NEXT:     label="tfg.IfRegion";
// CHECK-NEXT:     [[IF:n[0-9]+]] [label="tfg.IfRegion"];
// CHECK-NEXT:     subgraph cluster_2 {
// CHECK-NEXT:       label="then"; style=dashed;
// CHECK-NEXT:       [[Y1:n[0-9]+]] [label="tfg.yield"];
// CHECK-NEXT:     }
// CHECK-NEXT:     subgraph cluster_3 {
// CHECK-NEXT:       label="else"; style=dashed;
// CHECK-NEXT:       [[NEG:n[0-9]+]] [label="tfg.Neg\nneg"];
// CHECK-NEXT:       [[Y2:n[0-9]+]] [label="tfg.yield"];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   subgraph cluster_4 {
// CHECK-NEXT:     label="tfg.WhileRegion";
// CHECK-NEXT:     [[WHILE:n[0-9]+]] [label="tfg.WhileRegion"];
// CHECK-NEXT:     subgraph cluster_5 {
// CHECK-NEXT:       label="cond"; style=dashed;
// CHECK-NEXT:       [[CA0:n[0-9]+]] [shape=ellipse, style=solid, label="%arg0: tensor<*xf32>"];
// CHECK-NEXT:       [[CA1:n[0-9]+]] [shape=ellipse, style=solid, label="%arg1: tensor<*xi32>"];
// CHECK-NEXT:       [[LESS:n[0-9]+]] [label="tfg.Less"];
// CHECK-NEXT:       [[CONDITION:n[0-9]+]] [label="tfg.condition"];
// CHECK-NEXT:     }
// CHECK-NEXT:     subgraph cluster_6 {
// CHECK-NEXT:       label="body"; style=dashed;
// CHECK-NEXT:       [[BA0:n[0-9]+]] [shape=ellipse, style=solid, label="%arg0: tensor<*xf32>"];
// CHECK-NEXT:       [[BA1:n[0-9]+]] [shape=ellipse, style=solid, label="%arg1: tensor<*xi32>"];
// CHECK-NEXT:       [[Y3:n[0-9]+]] [label="tfg.yield"];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// A single-region op without values: the op's cluster is the region's.
// CHECK-NEXT: subgraph cluster_7 {
// CHECK-NEXT:   label="test.cfg";
// CHECK-NEXT:   subgraph cluster_8 {
// CHECK-NEXT:     label="^entry"; style=dotted;
// CHECK-NEXT:     [[EA:n[0-9]+]] [shape=ellipse, style=solid, label="%a: i32"];
// CHECK-NEXT:     [[BR:n[0-9]+]] [label="test.br"];
// CHECK-NEXT:   }
// CHECK-NEXT:   subgraph cluster_9 {
// CHECK-NEXT:     label="^next"; style=dotted;
// CHECK-NEXT:     [[NB:n[0-9]+]] [shape=ellipse, style=solid, label="%b: i32"];
// CHECK-NEXT:     [[RET:n[0-9]+]] [label="test.ret"];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: subgraph cluster_10 {
// CHECK-NEXT:   label="builtin.module @inner";
// CHECK-NEXT:   [[LEAF:n[0-9]+]] [label="test.leaf"];
// CHECK-NEXT: }
// CHECK-NEXT: [[COND]] -> [[IF]] [label="0 -> 0"];
// CHECK-NEXT: [[OP]] -> [[IF]] [style=dashed];
// Values from outside a region: edges into the cluster.
// CHECK-NEXT: [[OP]] -> [[Y1]] [label="0 -> 0"];
// CHECK-NEXT: [[OP]] -> [[Y1]] [label="1 -> 1"];
// CHECK-NEXT: [[COND]] -> [[Y1]] [style=dashed];
// CHECK-NEXT: [[OP]] -> [[NEG]] [label="0 -> x"];
// CHECK-NEXT: [[NEG]] -> [[Y2]] [label="y -> 0"];
// CHECK-NEXT: [[OP]] -> [[Y2]] [label="1 -> 1"];
// CHECK-NEXT: [[IF]] -> [[WHILE]] [label="0 -> 0"];
// CHECK-NEXT: [[IF]] -> [[WHILE]] [label="1 -> 1"];
// A loop argument's control token (all data arguments, then their tokens): dashed from the
// data argument.
// CHECK-NEXT: [[CA0]] -> [[LESS]] [label="x"];
// CHECK-NEXT: [[CA1]] -> [[LESS]] [label="y"];
// CHECK-NEXT: [[CA1]] -> [[LESS]] [style=dashed];
// CHECK:      [[BA0]] -> [[Y3]] [label="0"];
// CHECK-NEXT: [[BA1]] -> [[Y3]] [label="1"];
// CHECK-NEXT: [[EA]] -> [[BR]] [label="0"];
// CHECK-NEXT: [[NB]] -> [[RET]] [label="0"];
// A branch: dotted, to the successor block's first node.
// CHECK-NEXT: [[BR]] -> [[NB]] [style=dotted, label="^next"];
// CHECK-NEXT: }
