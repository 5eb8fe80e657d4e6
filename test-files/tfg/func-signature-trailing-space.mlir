// RUN: %amanda_opt --canonical %s | FileCheck %s --strict-whitespace

// TensorFlow's printer ends each line of a broken function signature with `, ` (a trailing
// space after the comma), for arguments and for results; --canonical prints the same bytes.

// CHECK:      {{^}}  tfg.func @f(%a: tensor<i32> {tfg.name = "a"}, {{$}}
// CHECK-NEXT: {{^}}              %b: tensor<i32> {tfg.name = "b"}){{$}}
// CHECK-NEXT: {{^}}       -> (tensor<i32> {tfg.name = "r1"}, {{$}}
// CHECK-NEXT: {{^}}           tensor<i32> {tfg.name = "r2"}){{$}}

tfg.func @f(%a: tensor<i32> {tfg.name = "a"},
            %b: tensor<i32> {tfg.name = "b"})
     -> (tensor<i32> {tfg.name = "r1"},
         tensor<i32> {tfg.name = "r2"})
 {
  return(%a, %b) : tensor<i32>, tensor<i32>
}
