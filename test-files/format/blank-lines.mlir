// `--format` keeps the blank lines people put between ops, functions, graphs, block labels,
// comment runs and alias definitions (a run of them becomes one, none is added); those right
// after a `{` or a block label and right before a `}` go, as with rustfmt and gofmt.

// RUN: %amanda_opt --format %S/Inputs/grouped.amir | FileCheck %s --strict-whitespace
// CHECK:      {{^}}// Groups of ops separated by blank lines, as people write them.{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}#shape = #tf_type.shape<1x4>{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}!t = tensor<1x4xf32>{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {{[{]$}}
// CHECK-NEXT: {{^}}  // inputs{{$}}
// CHECK-NEXT: {{^}}  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #shape} : () -> (!t){{$}}
// CHECK-NEXT: {{^}}  %w, %ctl_0 = Const name("w") {{.*}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  // the layer{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  %y, %ctl_1 = Mul(%x, %w) {{.*}}
// CHECK-NEXT: {{^}}  %z, %ctl_2 = Relu(%y) {{.*}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  %o, %ctl_3 = Identity(%z) name("o") {T = f32} : (!t) -> (!t)   // output{{$}}
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}tfg.func @f(%a: tensor<f32> {tfg.name = "a"}){{$}}
// CHECK-NEXT: {{^}}     -> (tensor<f32>){{$}}
// CHECK-NEXT: {{^}} {{[{]$}}
// CHECK-NEXT: {{^}}  %n, %ctl = Neg(%a) {{.*}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  return(%n) : tensor<f32>{{$}}
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-NEXT: {{^}}"test.cfg"() ({{[{]$}}
// CHECK-NEXT: {{^}}^bb0(%arg0: i32):{{$}}
// CHECK-NEXT: {{^}}  "test.use"(%arg0) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}  "test.br"()[^bb1] : () -> (){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}^bb1:{{$}}
// CHECK-NEXT: {{^}}  "test.end"() : () -> (){{$}}
// CHECK-NEXT: {{^}}// between blocks, after a blank line below{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}^bb2:{{$}}
// CHECK-NEXT: {{^}}  "test.end"() : () -> (){{$}}
// CHECK-NEXT: {{^}}}) : () -> (){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}// At the end of the file.{{$}}
// CHECK-NOT: {{.}}

// Formatting the result again changes nothing, and --check accepts it.
// RUN: %amanda_opt --format %S/Inputs/grouped.amir > %t.amir
// RUN: %amanda_opt --format --check %t.amir
// RUN: %amanda_opt --format %t.amir | diff %t.amir -

// Split files: a blank line above and below a `// -----` marker stays where it was.
// RUN: %amanda_opt --format %S/Inputs/split-blank.mlir | FileCheck %s --check-prefix=SPLIT --strict-whitespace
// SPLIT:      {{^}}"x.a"() : () -> (){{$}}
// SPLIT-EMPTY:
// SPLIT-NEXT: {{^}}"x.b"() : () -> (){{$}}
// SPLIT-EMPTY:
// SPLIT-NEXT: {{^}}// -----{{$}}
// SPLIT-EMPTY:
// SPLIT-NEXT: {{^}}// the second chunk{{$}}
// SPLIT-NEXT: {{^}}"x.c"() : () -> (){{$}}
// SPLIT-NEXT: {{^}}// -----{{$}}
// SPLIT-NEXT: {{^}}"x.d"() : () -> (){{$}}
