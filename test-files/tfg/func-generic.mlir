// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// `tfg.func generic`: a function whose data values are all `!tf_type.tensor`.

// CHECK:      module {
// CHECK-NEXT:   tfg.func generic @gfoo(%input: !tf_type.tensor {tfg.name = "input"},
// CHECK-NEXT:                  %another_input: !tf_type.tensor {tfg.name = "another_input"})
// CHECK-NEXT:        -> (!tf_type.tensor {tfg.name = "result1"})
// CHECK-NEXT:    {
// CHECK-NEXT:     %AddV2, %ctl = AddV2(%input, %another_input) [%another_input.ctl] : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
// CHECK-NEXT:     return(%AddV2) [%ctl] : !tf_type.tensor
// CHECK-NEXT:   }
// CHECK-NEXT: }

tfg.func generic @gfoo(%arg0: !tf_type.tensor {tfg.name = "input"},
               %arg1: !tf_type.tensor {tfg.name = "another_input"})
     -> (!tf_type.tensor {tfg.name = "result1"})
 {
  %add, %ctl = AddV2(%arg0, %arg1) [%arg1.ctl] : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  return(%add) [%ctl] : !tf_type.tensor
}
