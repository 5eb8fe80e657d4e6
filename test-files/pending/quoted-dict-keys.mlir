// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s --check-prefix=CANON

// PENDING: the preserving printer must keep a dictionary key quoted when it was written
// quoted (`"a" = 1`), as it keeps other literal spellings; it prints `a = 1` today (the IR
// keeps only the key's name). --canonical prints it bare, as mlir-opt does.
// Repro: echo '"foo.x"() {"a" = 1 : i32} : () -> ()' | amanda-opt

// CANON: "foo.x"() {a = 1 : i32, "b c" = 2 : i32, d = 3 : i32} : () -> ()

"foo.x"() {"a" = 1 : i32, "b c" = 2 : i32, d = 3 : i32} : () -> ()
