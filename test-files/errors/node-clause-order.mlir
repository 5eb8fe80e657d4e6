// RUN: not %amanda_opt %s --split-input-file 2>&1 | FileCheck %s

// tfg's parser reads device(...), assigned_device(...) and name(...) in that order, each at
// most once; so does amanda-opt (what TensorFlow rejects is rejected here too).

// CHECK: 8:36: error: 'device(...)' must come before 'name(...)' (tfg reads device, assigned_device, name in that order)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = Placeholder name("a") device("/CPU:0") {dtype = f32} : () -> (tensor<f32>)
}

// -----

// CHECK: 15:36: error: 'name(...)' is given twice
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = Placeholder name("a") name("b") {dtype = f32} : () -> (tensor<f32>)
}
