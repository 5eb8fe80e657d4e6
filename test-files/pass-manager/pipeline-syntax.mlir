// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark, test-mark{name=second}), tfg.graph(test-mark{name=g}))' | FileCheck %s
// RUN: %amanda_opt %s --pass-pipeline=' builtin.module ( tfg.func ( test-mark , test-mark{ name=second } ) ,tfg.graph(test-mark{name="g"}) ) ' | FileCheck %s
// RUN: %amanda_opt %s -pass-pipeline='builtin.module(tfg.func(test-mark{name="q x"}, test-mark{name={a.b}}, test-mark{name='c,d'}))' | FileCheck %s --check-prefix=QUOTED
// RUN: %amanda_opt %s --pass-pipeline='test-mark-func,test-mark-func{name=second}' | FileCheck %s --check-prefix=OLD
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark), tfg.func(test-mark{name=second}))' | FileCheck %s --check-prefix=COALESCED
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark), tfg.func(test-mark{name=second}))' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: %amanda_opt %s --pass-pipeline='' | FileCheck %s --check-prefix=EMPTY
// RUN: %amanda_opt %s -pass-pipeline='builtin.module(tfg.func(test-mark{name=a,b start=1}),tfg.func(test-mark))' | FileCheck %s --check-prefix=COMMA

// The --pass-pipeline text as MLIR reads it: op names nest pipelines (`tfg.func(...)` runs
// its passes on each tfg.func of the module, in order: both passes on @f, then both on @g),
// pass options in braces (space-separated key=value; a value may be quoted with '...',
// "..." or {...}, which keeps spaces and commas in it), spaces anywhere around names and
// punctuation; the older form without the outer `builtin.module(...)` nests passes under
// their anchor op implicitly; adjacent pipelines on the same op are merged into one (as
// MLIR coalesces them); an empty pipeline runs nothing. Commas inside braces belong to
// the options (TensorFlow's `tfg-lift-graph-to-func{feeds=a,b fetches=c}`).

// CHECK:       "tfg.graph"
// CHECK:       }) {version = {{.*}}, g = "0"}
// CHECK:       tfg.func @f
// CHECK:       attributes {test.mark = "0", second = "0"}
// CHECK:       tfg.func @g
// CHECK:       attributes {test.mark = "1", second = "1"}

// QUOTED:      tfg.func @f
// QUOTED:      attributes {"q x" = "0", a.b = "0", "c,d" = "0"}

// OLD:         tfg.func @f
// OLD:         attributes {test.mark = "0", second = "0"}
// OLD:         tfg.func @g
// OLD:         attributes {test.mark = "1", second = "1"}

// COALESCED:      tfg.func @f
// COALESCED:      attributes {test.mark = "0", second = "0"}

// DUMP:       Pass Manager with 1 passes:
// DUMP-NEXT:  builtin.module(
// DUMP-NEXT:    tfg.func(
// DUMP-NEXT:      test-mark,
// DUMP-NEXT:      test-mark{name=second}
// DUMP-NEXT:    )
// DUMP-NEXT:  )

// COMMA:      tfg.func @f
// COMMA:      attributes {"a,b" = "1", test.mark = "0"}

// EMPTY:      tfg.func @f
// EMPTY-NEXT: -> (tensor<i32>)
// EMPTY-NEXT: {{^ }}{
// EMPTY-NOT:  attributes

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %A, %ctl = A : () -> (tensor<i32>)
}
tfg.func @f(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  %Cast, %ctl = Cast(%a) : (tensor<i32>) -> (tensor<f32>)
  return(%a) : tensor<i32>
}
tfg.func @g(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
