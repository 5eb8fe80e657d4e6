// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// TensorFlow's parser reads negative sizes in `#tf_type.shape` and prints them back as
// written: `-1` stays `-1`; only `?` is the unknown size.

// CHECK: s = #tf_type.shape<-4>
// CHECK-SAME: t = #tf_type.shape<-1x?x2>
// CHECK-SAME: u = #tf_type.shape<2x-4x-3>
// CHECK-SAME: v = #tf_type.shape<?>
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %a, %ctl = A name("a") {s = #tf_type.shape<-4>, t = #tf_type.shape<-1x?x2>, u = #tf_type.shape<2x-4x-3>, v = #tf_type.shape<?>} : () -> (tensor<i32>)
}
