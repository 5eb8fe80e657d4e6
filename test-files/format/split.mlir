// RUN: %amanda_opt --format %s | FileCheck %s
// Each `// -----` chunk is formatted on its own and the markers are kept.

// CHECK:      "x.a"() : () -> ()
// CHECK-NEXT: // -----
// CHECK-NEXT: "x.b"() : () -> ()
   "x.a"() : () -> ()
// -----
 "x.b"()   : () -> ()
