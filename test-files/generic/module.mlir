// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// `module`, named or not, with an `attributes` clause and nested modules. A file holding a
// single top-level module prints as that module (no implicit module around it).

// CHECK:     module @outer attributes {foo.foo.x = 1 : i32, tfg.lib} {
// CHECK-NEXT:  module {
// CHECK-NEXT:    "foo.a"() : () -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:  module @inner {
// CHECK-NEXT:  }
// CHECK-NEXT:}

module @outer attributes {tfg.lib, foo.foo.x = 1 : i32} {
  module {
    "foo.a"() : () -> ()
  }
  module @inner {
  }
}
