// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s --strict-whitespace

// The exact spacing of a CaseRegion, as TensorFlow prints it: one space before the first
// region (`%i {`, `[%ctl] {`) and between regions (`}, {`).

// CHECK:      {{^}}    %CaseRegion, %ctl_0 = CaseRegion %Index [%ctl] {{[{]$}}
// CHECK-NEXT: {{^}}      yield(%Index) : tensor<i32>{{$}}
// CHECK-NEXT: {{^}}    }, {{[{]$}}
// CHECK-NEXT: {{^}}      yield(%Index) : tensor<i32>{{$}}
// CHECK-NEXT: {{^}}    } : (tensor<i32>) -> tensor<i32>{{$}}
// CHECK-NEXT: {{^}}    %CaseRegion_1, %ctl_2 = CaseRegion %Index {{[{]$}}

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Case, %ctl_0 = CaseRegion %Index [%ctl] {
    yield(%Index) : tensor<i32>
  }, {
    yield(%Index) : tensor<i32>
  } : (tensor<i32>) -> tensor<i32>
  %Case2, %ctl_1 = CaseRegion %Index {
    yield(%Index) : tensor<i32>
  } : (tensor<i32>) -> tensor<i32>
}
