// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark), builtin.module(tfg.func(test-mark{name=inner})))' | FileCheck %s
// RUN: %amanda_opt %s --test-mark-func | FileCheck %s --check-prefix=IMPLICIT
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(builtin.module(test-mark))' | FileCheck %s --check-prefix=MODULE
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(any(test-mark))' | FileCheck %s --check-prefix=ANY
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(any(test-mark-func))' | FileCheck %s --check-prefix=ANYFUNC

// A file's explicit `module { }` is the module the root pipeline runs on, as the implicit
// one. An explicit nested pipeline runs on the ops of its name directly held by the op it
// runs on (MLIR's OpToOpPassAdaptor): `tfg.func(...)` at the top sees @f, not the function
// of the nested module, which `builtin.module(tfg.func(...))` reaches. A pass anchored on
// tfg.func given alone runs on every tfg.func, however deep (implicit nesting). MLIR's
// op-agnostic `any(...)` runs on each directly held op isolated from above that all its
// passes can run on (a pass anchored on tfg.func only on functions).

// CHECK:      tfg.func @f()
// CHECK-NEXT: attributes {test.mark = "0"}
// CHECK:      module @inner
// CHECK:      tfg.func @h()
// CHECK-NEXT: attributes {inner = "0"}

// IMPLICIT:      tfg.func @f()
// IMPLICIT-NEXT: attributes {test.mark = "0"}
// IMPLICIT:      tfg.func @h()
// IMPLICIT-NEXT: attributes {test.mark = "1"}

// MODULE:     module @inner attributes {test.mark = "0"}

// ANY:        tfg.func @f()
// ANY-NEXT:   attributes {test.mark = "0"}
// ANY:        module @inner attributes {test.mark = "1"}
// ANY:        tfg.func @h()
// ANY-NOT:    test.mark

// ANYFUNC:      tfg.func @f()
// ANYFUNC-NEXT: attributes {test.mark = "0"}
// ANYFUNC-NOT:  test.mark

module {
  tfg.func @f() -> () {
    return
  }
  module @inner {
    tfg.func @h() -> () {
      return
    }
  }
}
