// RUN: %python %S/Inputs/large_graph.py > %t.ok
// RUN: %amanda_opt --print-op-generic %t.ok | FileCheck %s --check-prefix=OK
// RUN: %amanda_opt %t.ok | %amanda_opt | cmp - %t.ok
// RUN: %python %S/Inputs/large_graph.py undefined > %t.undefined
// RUN: not %amanda_opt %t.undefined 2>&1 | FileCheck %s --check-prefix=UNDEFINED
// RUN: %python %S/Inputs/large_graph.py range > %t.range
// RUN: not %amanda_opt %t.range 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %python %S/Inputs/large_graph.py redefined > %t.redefined
// RUN: not %amanda_opt %t.redefined 2>&1 | FileCheck %s --check-prefix=REDEFINED
// RUN: %python %S/Inputs/large_graph.py utf8 > %t.utf8
// RUN: not %amanda_opt %t.utf8 -o %t.utf8.out 2>&1 | FileCheck %s --check-prefix=UTF8
// RUN: not test -e %t.utf8.out

// A 3.6 MB input is parsed on several threads (parts spliced into the main parse, common
// literal forms read as shape tokens): every forward reference resolves across the parts,
// the text prints back byte for byte, and an error deep in the file is reported at its
// line and column by the same diagnostic a sequential, plain-token parse gives. A name
// defined again far from its first definition (in another part, whose uses its thread
// bound itself) is reported as a sequential parse reports it, with the use it leaves
// undefined. A byte that is not UTF-8 is found by the check made in pieces on several
// threads, and reported where a check of the whole text finds it.

// OK:      "t.graph"() ({
// OK-NEXT:   %v0 = "t.op"(%v1) {_mlir_name = "n0", k = [1, 2], t = 7 : i8} : (i32) -> i32
// OK:        %v20000 = "t.op"(%v20001) {_mlir_name = "n20000", k = [1, 2], t = 7 : i8} : (i32) -> i32
// OK:        %v39999 = "t.op"(%v0) {_mlir_name = "n39999", k = [1, 2], t = 7 : i8} : (i32) -> i32
// OK-NEXT: }) : () -> ()

// UNDEFINED: .undefined:39992:20: error: use of undeclared SSA value name '%nope'
// RANGE: .range:39992:69: error: integer constant out of range for attribute
// REDEFINED: .redefined:39991:20: error: use of undeclared SSA value name '%v39990'
// REDEFINED: .redefined:39992:3: error: redefinition of SSA value '%v20000'
// REDEFINED: 20002 │   %v20000 = "t.op"(%v20001)
// REDEFINED-NEXT: previously defined here
// UTF8: .utf8:39992:45: error: invalid UTF-8 in input
