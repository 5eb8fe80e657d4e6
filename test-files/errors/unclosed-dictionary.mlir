// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// An attribute dictionary without its closing brace: `: () -> ()` is then read as the
// type of the attribute `2`, which mlir-opt rejects at the same place with the same words.

// UNTOUCHED: previous output
// CHECK: unclosed-dictionary.mlir:[[@LINE+1]]:23: error: integer literal not valid for specified type
"foo.a"() {a = 1, b = 2 : () -> ()
