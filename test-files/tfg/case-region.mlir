// RUN: %amanda_opt %s | FileCheck %s
// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s --check-prefix=CANON

// CaseRegion: a branch index, control operands, one or several regions separated by
// `}, {`, a `branch_attrs` dictionary, a bare single result type. (The exact spacing
// TensorFlow prints, `%Index [%ctl] {` and `}, {`, is checked by
// tfg/case-region-spacing.mlir and scripts/oracle_check.py.)

// CHECK-LABEL: tfg.graph
// CHECK:         %Case, %ctl_2 = CaseRegion %Index [%ctl_1] {
// CHECK-NEXT:      yield(%A) : tensor<*xf32>
// CHECK-NEXT:    }, {
// CHECK-NEXT:      yield(%B) [%ctl_0] : tensor<*xf32>
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %C, %ctl_3 = C : () -> (tensor<*xf32>)
// CHECK-NEXT:      yield(%C) : tensor<*xf32>
// CHECK-NEXT:    } {branch_attrs = [{}, {}, {}]} : (tensor<i32>) -> tensor<*xf32>
// CHECK-NEXT:    %Case2, %ctl_4 = CaseRegion %Index {
// CHECK-NEXT:      yield(%A) : tensor<*xf32>
// CHECK-NEXT:    } : (tensor<i32>) -> tensor<*xf32>

// CANON:     module {
// CANON-NEXT:  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CANON-NEXT:    %Index, %ctl = Index : () -> (tensor<i32>)
// CANON-NEXT:    %A, %ctl_0 = A : () -> (tensor<*xf32>)
// CANON-NEXT:    %B, %ctl_1 = B : () -> (tensor<*xf32>)
// CANON-NEXT:    %CaseRegion, %ctl_2 = CaseRegion %Index [%ctl_1] {
// CANON-NEXT:      yield(%A) : tensor<*xf32>
// CANON-NEXT:    }, {
// CANON-NEXT:      yield(%B) [%ctl_0] : tensor<*xf32>
// CANON-NEXT:    }, {
// CANON-NEXT:      %C, %ctl_5 = C : () -> (tensor<*xf32>)
// CANON-NEXT:      yield(%C) : tensor<*xf32>
// CANON-NEXT:    } {branch_attrs = [{}, {}, {}]} : (tensor<i32>) -> tensor<*xf32>
// CANON-NEXT:    %CaseRegion_3, %ctl_4 = CaseRegion %Index {
// CANON-NEXT:      yield(%A) : tensor<*xf32>
// CANON-NEXT:    } : (tensor<i32>) -> tensor<*xf32>
// CANON-NEXT:  }
// CANON-NEXT:}

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (tensor<*xf32>)
  %B, %ctl_1 = B : () -> (tensor<*xf32>)
  %Case, %ctl_2 = CaseRegion %Index [%ctl_1] {
    yield(%A) : tensor<*xf32>
  }, {
    yield(%B) [%ctl_0] : tensor<*xf32>
  }, {
    %C, %ctl_3 = C : () -> (tensor<*xf32>)
    yield(%C) : tensor<*xf32>
  } {branch_attrs = [{}, {}, {}]} : (tensor<i32>) -> tensor<*xf32>
  %Case2, %ctl_4 = CaseRegion %Index {
    yield(%A) : tensor<*xf32>
  } : (tensor<i32>) -> tensor<*xf32>
}
