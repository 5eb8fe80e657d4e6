// RUN: not %amanda_opt %S/Inputs/dangling.pbtxt -o %t.out 2>&1 | FileCheck %s --check-prefix=DANGLING
// RUN: not test -e %t.out
// RUN: not %amanda_opt %S/Inputs/duplicate.pbtxt 2>&1 | FileCheck %s --check-prefix=DUP
// RUN: not %amanda_opt %S/Inputs/bad-index.pbtxt 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not %amanda_opt %S/Inputs/bad-text.pbtxt 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: printf '\x0a\x20\x0a\x01' > %t.pb
// RUN: not %amanda_opt %t.pb 2>&1 | FileCheck %s --check-prefix=TRUNC

// Bad GraphDefs: a diagnostic naming the node and the field, exit status 1, nothing written.

// DANGLING: INVALID_ARGUMENT: Non-existent input missing:0 in node a (field 'input')
// DUP: INVALID_ARGUMENT: Duplicated node (or function argument) with the same name: `a` (node 'a', field 'name')
// INDEX: INVALID_ARGUMENT: Result #3 of node 'c' is out of bounds (node 'b', field 'input')
// TEXT: bad-text.pbtxt:1:29: message NodeDef has no field named "colour"
// TRUNC: invalid GraphDef protobuf
