// RUN: %amanda_opt --canonical --tfg-consolidate-attrs %s | FileCheck %s
// RUN: %amanda_opt --canonical --tfg-consolidate-attrs --tfg-prepare-attrs-export %s | FileCheck %s --check-prefix=BACK

// Shapes in attributes move into the types: op results (at any depth, region ops'
// bodies too), function arguments (`tf._output_shapes`, `tfg.handle_data`,
// `tf._input_shapes`) and results; control edges and unknown attributes stay.

// CHECK-LABEL: tfg.func @f(%x: tensor<2x3xf32> {tfg.name = "x", tfg.regenerate_output_shapes},
// CHECK-NEXT: %[[H:.*]]: tensor<*x!tf_type.resource<tensor<4xi32>>> {tf.keep})
// CHECK-NEXT: -> (tensor<3xi32> {tfg.regenerate_output_shapes})
// CHECK-NEXT: attributes {tfg.regenerate_input_shapes} {
// CHECK: %[[A:.*]], %[[ACTL:.*]] = A(%x) [%{{.*}}] {tfg.regenerate_output_shapes, unknown = 1 : i64} : (tensor<2x3xf32>) -> (tensor<3xi32>)
// CHECK: IfRegion %{{.*}} then {
// CHECK-NEXT: %[[N:.*]], %{{.*}} = N [%[[ACTL]]] {tfg.regenerate_output_shapes} : () -> (tensor<5xf32>)
// CHECK: yield(%[[N]]) : tensor<5xf32>
// CHECK: {_mlir_name = "if"} : (tensor<i1>) -> tensor<*xf32>
// Incompatible shapes leave the type alone (and the attribute goes all the same).
// CHECK: Bad {tfg.regenerate_output_shapes} : () -> (tensor<2xf32>)
// The functional If loses its type lists and takes its output_shapes into its type.
// CHECK: If(%{{.*}}) {else_branch = #tf_type.func<@g, {}>, then_branch = #tf_type.func<@g, {}>} : (tensor<i1>) -> (tensor<7xi32>)
// CHECK: return(%[[A]]) [%[[ACTL]]] : tensor<3xi32>

// BACK-LABEL: tfg.func @f(%x: tensor<2x3xf32> {tf._output_shapes = [#tf_type.shape<2x3>], tfg.name = "x"},
// BACK-NEXT: %{{.*}}: tensor<*x!tf_type.resource<tensor<4xi32>>> {tf.keep, tfg.handle_data = [tensor<4xi32>]})
// BACK-NEXT: -> (tensor<3xi32> {tf._output_shapes = [#tf_type.shape<3>]})
// BACK-NEXT: attributes {tf._input_shapes = [#tf_type.shape<2x3>, #tf_type.shape<*>]} {
// BACK: A(%x) [%{{.*}}] {_output_shapes = [#tf_type.shape<3>], unknown = 1 : i64}
// BACK: If(%{{.*}}) {Tcond = i1, Tin = [], Tout = [i32], else_branch = #tf_type.func<@g, {}>, output_shapes = [#tf_type.shape<7>], then_branch = #tf_type.func<@g, {}>}
tfg.func @f(%x: tensor<*xf32> {tf._output_shapes = [#tf_type.shape<2x?>], tfg.name = "x"},
            %h: tensor<*x!tf_type.resource> {tfg.handle_data = [tensor<4xi32>], tfg.dtype = !tf_type.resource, tf.keep})
    -> (tensor<*xi32> {tf._output_shapes = [#tf_type.shape<3>], tfg.dtype = i32})
    attributes {tf._input_shapes = [#tf_type.shape<?x3>, #tf_type.shape<*>]} {
  %A, %ctl = A(%x) [%h.ctl] {_output_shapes = [#tf_type.shape<3>], unknown = 1} : (tensor<*xf32>) -> (tensor<*xi32>)
  %c, %ctl_c = Cond : () -> (tensor<i1>)
  %If, %ctl_if = IfRegion %c then {
    %N, %ctl_n = N [%ctl] {_output_shapes = [#tf_type.shape<5>]} : () -> (tensor<*xf32>)
    yield(%N) : tensor<*xf32>
  } else {
    %M, %ctl_m = M : () -> (tensor<*xf32>)
    yield(%M) : tensor<*xf32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<*xf32>)
  %B, %ctl_b = Bad {_output_shapes = [#tf_type.shape<3>]} : () -> (tensor<2xf32>)
  %I, %ctl_i = If(%c) {Tcond = i1, Tin = [], Tout = [i32], output_shapes = [#tf_type.shape<7>],
                       then_branch = #tf_type.func<@g, {}>, else_branch = #tf_type.func<@g, {}>} : (tensor<i1>) -> (tensor<*xi32>)
  return(%A) [%ctl] : tensor<*xi32>
}
tfg.func @g() -> (tensor<*xi32>) {
  %G, %ctl = G : () -> (tensor<*xi32>)
  return(%G) : tensor<*xi32>
}
