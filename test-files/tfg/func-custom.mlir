// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// tfg.func in custom form: argument and result attribute dictionaries, an `attributes`
// clause, the implicit `.ctl` token of each argument, and `--canonical` renaming the
// arguments after their `tfg.name` and the results after their op.

// CHECK:      module {
// CHECK-NEXT:   tfg.func @foo(%input: tensor<10xf32> {tfg.name = "input"},
// CHECK-NEXT:                 %another_input: tensor<10xf32> {tfg.name = "another_input"})
// CHECK-NEXT:        -> (tensor<10xf32> {tfg.name = "result1"},
// CHECK-NEXT:            tensor<10xf32> {tfg.name = "result2"})
// CHECK-NEXT:    attributes {description = "function foo"} {
// CHECK-NEXT:     %AddV2, %ctl = AddV2(%input, %another_input) [%another_input.ctl] : (tensor<10xf32>, tensor<10xf32>) -> (tensor<10xf32>)
// CHECK-NEXT:     return(%AddV2, %input) [%ctl] : tensor<10xf32>, tensor<10xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   tfg.func @grad()
// CHECK-NEXT:    attributes {gradient = @foo} {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

tfg.func @foo(%arg0: tensor<10xf32> {tfg.name = "input"},
              %arg1: tensor<10xf32> {tfg.name = "another_input"})
     -> (tensor<10xf32> {tfg.name = "result1"},
         tensor<10xf32> {tfg.name = "result2"})
 attributes {description = "function foo"} {
  %add, %ctl = AddV2(%arg0, %arg1) [%arg1.ctl] : (tensor<10xf32>, tensor<10xf32>) -> (tensor<10xf32>)
  return(%add, %arg0) [%ctl] : tensor<10xf32>, tensor<10xf32>
}
tfg.func @grad()
 attributes {gradient = @foo} {
  return
}
