// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// tfg ops written in MLIR's generic form stay generic when printed (as written), with the
// control result and control operands explicit; device, assigned device and name are the
// `_mlir_device`, `_mlir_assigned_device` and `_mlir_name` attributes. `--canonical`
// prints them in the node form, as TensorFlow does.

// CHECK:      module {
// CHECK-NEXT:   tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CHECK-NEXT:     %placeholder, %ctl = placeholder : () -> (tensor<*xi32>)
// CHECK-NEXT:     %AddV2, %ctl_0 = AddV2(%placeholder, %placeholder_1) [%ctl] device("GPU") assigned_device("TPU") {some_attribute = "some attr!"} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
// CHECK-NEXT:     %placeholder_1, %ctl_2 = placeholder device("CPU") name("foobar") : () -> (tensor<*xi32>)
// CHECK-NEXT:     %ctl_3 = NoOp [%ctl_2, %ctl_0]
// CHECK-NEXT:   }
// CHECK-NEXT: }

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %arg0, %ctl = "tfg.placeholder"() : () -> (tensor<*xi32>, !tf_type.control)
  %add, %ctl3 = "tfg.AddV2"(%arg0, %arg1, %ctl) {_mlir_device = "GPU", _mlir_assigned_device = "TPU", some_attribute = "some attr!"} : (tensor<*xi32>, tensor<*xi32>, !tf_type.control) -> (tensor<*xi32>, !tf_type.control)
  %arg1, %ctl2 = "tfg.placeholder"() {_mlir_device = "CPU", _mlir_name = "foobar"} : () -> (tensor<*xi32>, !tf_type.control)
  %ctl4 = "tfg.NoOp"(%ctl2, %ctl3) : (!tf_type.control, !tf_type.control) -> !tf_type.control
}
