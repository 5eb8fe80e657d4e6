// Feeds and fetches that do not fit the graph.
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{feeds=x}' 2>&1 | FileCheck %s --check-prefix=UNFED
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{fetches=nope,add:3}' 2>&1 | FileCheck %s --check-prefix=FETCH

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %y, %ctl_0 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %a, %ctl_1 = AddV2(%x, %y) name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// UNFED: errors-feeds.mlir:7:3: error: convert-tf-to-torch: Placeholder 'y' is needed by the fetches but not fed (add it to feeds)
// FETCH: error: convert-tf-to-torch: no node named 'nope' (in fetches 'nope')
// FETCH: errors-feeds.mlir:8:3: error: convert-tf-to-torch: node 'add' has no data result 3 (in fetches 'add:3')
