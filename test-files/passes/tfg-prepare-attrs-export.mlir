// RUN: %amanda_opt --canonical --tfg-prepare-attrs-export %s | FileCheck %s

// Type information goes back into attributes for export: marked ops and arguments get
// their shapes, functional control flow its type lists and output shapes, resources their
// handle data, reference types `tfg.is_ref`; generic functions are left alone.

// CHECK-LABEL: tfg.graph
// CHECK: A [%{{.*}}] {_output_shapes = [#tf_type.shape<4>, #tf_type.shape<*>], keep = "me"} : () -> (tensor<4xi32>, tensor<*xf32>)
// CHECK: N {_output_shapes = [#tf_type.shape<?x2>]} : () -> (tensor<?x2xf32>)
// CHECK: While(%{{.*}}) [%{{.*}}] {T = [f32], body = #tf_type.func<@b, {}>, cond = #tf_type.func<@c, {}>, output_shapes = [#tf_type.shape<?x2>], parallel_iterations = 10 : i64}
// CHECK: Case(%{{.*}}, %{{.*}}) {Tin = [f32], Tout = [], branches = [], output_shapes = []}
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %z, %ctl_z = Z : () -> (tensor<i32>)
  %b, %ctl_b = B : () -> (tensor<i1>)
  %A:2, %ctl = A [%ctl_z] {tfg.regenerate_output_shapes, keep = "me"} : () -> (tensor<4xi32>, tensor<*xf32>)
  %If, %ctl_if = IfRegion %b then {
    %N, %ctl_n = N {tfg.regenerate_output_shapes} : () -> (tensor<?x2xf32>)
    yield(%N) : tensor<?x2xf32>
  } else {
    %M, %ctl_m = M : () -> (tensor<?x2xf32>)
    yield(%M) : tensor<?x2xf32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<?x2xf32>)
  %W, %ctl_w = While(%If) [%ctl] {body = #tf_type.func<@b, {}>, cond = #tf_type.func<@c, {}>, parallel_iterations = 10 : i64} : (tensor<?x2xf32>) -> (tensor<?x2xf32>)
  %ctl_c = Case(%z, %W) {branches = []} : tensor<i32>, tensor<?x2xf32>
}

// CHECK-LABEL: tfg.func @f(%{{.*}}: tensor<*x!tf_type.f32ref> {tf._output_shapes = [#tf_type.shape<*>], tfg.is_ref},
// CHECK-NEXT: %{{.*}}: tensor<3x!tf_type.resource<tensor<2xi32>>> {tfg.handle_data = [tensor<2xi32>]})
// CHECK-NEXT: -> (tensor<3xi32> {tf._output_shapes = [#tf_type.shape<3>]})
// CHECK-NEXT: attributes {tf._input_shapes = [#tf_type.shape<*>, #tf_type.shape<3>]}
tfg.func @f(%r: tensor<*x!tf_type.f32ref> {tfg.regenerate_output_shapes},
            %h: tensor<3x!tf_type.resource<tensor<2xi32>>>)
    -> (tensor<3xi32> {tfg.regenerate_output_shapes})
    attributes {tfg.regenerate_input_shapes} {
  %V, %ctl = V(%r) [%h.ctl] : (tensor<*x!tf_type.f32ref>) -> (tensor<3xi32>)
  return(%V) [%ctl] : tensor<3xi32>
}

// CHECK-LABEL: tfg.func generic @g
// CHECK: A {tfg.regenerate_output_shapes}
tfg.func generic @g() -> (!tf_type.tensor) {
  %A, %ctl = A {tfg.regenerate_output_shapes} : () -> (!tf_type.tensor)
  return(%A) : !tf_type.tensor
}
