// `amanda-opt --format` prints a file in the tool's printed form (the preserving printer),
// keeping every comment: runs separated from the op below by a blank line too, and same-line
// comments. `-i` rewrites the files in place, `--check` names the unformatted ones (exit 1).

// RUN: %amanda_opt --format %S/Inputs/messy.amir | FileCheck %s --strict-whitespace
// CHECK:      {{^}}// A graph written by hand: odd indentation, trailing blanks, comments everywhere.
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}// About the graph.
// CHECK-NEXT: {{^}}tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
// CHECK-NEXT: {{^}}  // Above A.
// CHECK-NEXT: {{^}}  %a, %ctl = A name("a") : () -> (tensor<f32>){{$}}
// CHECK-NEXT: {{^}}  %b, %ctl_0 = B(%a) name("b") : (tensor<f32>) -> (tensor<f32>)   // same line as B{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  // At the end of the graph.
// CHECK-NEXT: {{^}}}
// CHECK-NEXT: {{^}}tfg.func @f(%x: tensor<f32> {tfg.name = "x"})
// CHECK:      {{^}}  return(%x) : tensor<f32>
// CHECK-NEXT: {{^}}}
// CHECK-NEXT: {{^}}// At the end of the file.

// --check names the file and fails; -i rewrites it; then --check passes and a second
// formatting changes nothing (idempotent).
// RUN: cp %S/Inputs/messy.amir %t.amir
// RUN: not %amanda_opt --format --check %t.amir | FileCheck %s --check-prefix=UNFORMATTED
// UNFORMATTED: {{.*}}.amir: not formatted
// RUN: %amanda_opt --format -i %t.amir
// RUN: %amanda_opt --format --check %t.amir
// RUN: %amanda_opt --format %t.amir > %t.again.amir
// RUN: diff %t.amir %t.again.amir

// A file that does not parse is left alone and reported with file:line:col.
// RUN: cp %S/Inputs/broken.amir %t.broken.amir
// RUN: not %amanda_opt --format -i %t.broken.amir 2>&1 | FileCheck %s --check-prefix=BROKEN
// BROKEN: broken.amir:3:1: error: expected
// RUN: diff %S/Inputs/broken.amir %t.broken.amir

// -i and --check do not go together.
// RUN: not %amanda_opt --format -i --check %t.amir 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: -i and --check do not go together
