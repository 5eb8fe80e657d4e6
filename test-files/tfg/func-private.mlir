// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s
// RUN: %amanda_opt --print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// A private function, written in the generic form (with `sym_visibility = "private"`, the
// entry block interleaving data and control arguments) and in the custom form
// `tfg.func private`. `--canonical` prints both in the custom form.

// CHECK:      module {
// CHECK-NEXT:   tfg.func private @vis(%arg0: tensor<*xi32>,
// CHECK-NEXT:                         %arg2: tensor<*xi32>)
// CHECK-NEXT:        -> (tensor<*xi32> {tfg.name = "result1"})
// CHECK-NEXT:    {
// CHECK-NEXT:     return(%arg0) : tensor<*xi32>
// CHECK-NEXT:   }
// CHECK-NEXT:   tfg.func private @hidden(%x: tensor<i32> {tfg.name = "x"})
// CHECK-NEXT:        -> (tensor<i32>)
// CHECK-NEXT:    {
// CHECK-NEXT:     return(%x) : tensor<i32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC:      "tfg.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control, %arg2: tensor<*xi32>, %arg3: !tf_type.control):
// GENERIC-NEXT:   "tfg.return"(%arg0) {control_ret_attrs = []} : (tensor<*xi32>) -> ()
// GENERIC-NEXT: }) {{{.*}}sym_name = "vis", sym_visibility = "private"{{.*}}} : () -> ()
// GENERIC-NEXT: "tfg.func"() ({
// GENERIC-NEXT: ^bb0(%x: tensor<i32>, %x.ctl: !tf_type.control):
// GENERIC-NEXT:   "tfg.return"(%x) {control_ret_attrs = []} : (tensor<i32>) -> ()
// GENERIC-NEXT: }) {{{.*}}sym_name = "hidden", sym_visibility = "private"{{.*}}} : () -> ()

"tfg.func"() ({
^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control, %arg2: tensor<*xi32>, %arg3: !tf_type.control):
  "tfg.return"(%arg0) {control_ret_attrs = []} : (tensor<*xi32>) -> ()
}) {arg_attrs = [{}, {}, {}, {}], res_attrs = [{tfg.name = "result1"}], sym_name = "vis", sym_visibility = "private", function_type = (tensor<*xi32>, !tf_type.control, tensor<*xi32>, !tf_type.control) -> tensor<*xi32>} : () -> ()
tfg.func private @hidden(%x: tensor<i32> {tfg.name = "x"})
     -> (tensor<i32>)
 {
  return(%x) : tensor<i32>
}
