// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// `get_result(%op) "port" : N` selects a result by output port name and index (generic
// functions). `--canonical` numbers its results, as TensorFlow does.

// CHECK:     module {
// CHECK-NEXT:  tfg.func generic @g(%x: !tf_type.tensor {tfg.name = "x"})
// CHECK-NEXT:       -> (!tf_type.tensor)
// CHECK-NEXT:   {
// CHECK-NEXT:    %AddV2, %ctl = AddV2(%x, %x) : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
// CHECK-NEXT:    %0 = get_result(%AddV2) "z" : 0
// CHECK-NEXT:    %1 = get_result(%AddV2) "z" : 1
// CHECK-NEXT:    return(%0) : !tf_type.tensor
// CHECK-NEXT:  }
// CHECK-NEXT:}

tfg.func generic @g(%x: !tf_type.tensor {tfg.name = "x"})
     -> (!tf_type.tensor)
 {
  %add, %ctl = AddV2(%x, %x) : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %add_output = get_result(%add) "z" : 0
  %second = get_result(%add) "z" : 1
  return(%add_output) : !tf_type.tensor
}
