// RUN: %amanda_opt --split-input-file %s | FileCheck %s
// RUN: %amanda_opt -split-input-file --canonical %s | FileCheck %s --check-prefix=CANON
// RUN: not %amanda_opt %s 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: not %amanda_opt --split-input-file %S/Inputs/split-errors.mlir -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: test ! -e %t.out

// --split-input-file parses each `// -----` chunk on its own (names do not clash across
// chunks, a chunk may hold only comments) and prints the chunks separated by `// -----`.
// Without it the file is one input, where %0 is defined twice. Errors of every chunk are
// reported with their line in the whole file, and then nothing is printed.

// CHECK:      %0 = "foo.a"() : () -> i32
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: %0 = "foo.b"() : () -> f32
// CHECK-NEXT: "foo.use"(%0) : (f32) -> ()

// CANON:      module {
// CANON-NEXT:   %0 = "foo.a"() : () -> i32
// CANON-NEXT: }
// CANON-EMPTY:
// CANON-NEXT: // -----
// CANON-NEXT: module {
// CANON-NEXT: }
// CANON-EMPTY:
// CANON-NEXT: // -----
// CANON-NEXT: module {
// CANON-NEXT:   %0 = "foo.b"() : () -> f32
// CANON-NEXT:   "foo.use"(%0) : (f32) -> ()
// CANON-NEXT: }

// WHOLE: split-input-file.mlir:[[@LINE+10]]:1: error: redefinition of SSA value '%0'

// ERR:     split-errors.mlir:3:11: error: use of undeclared SSA value name '%undefined'
// ERR:     split-errors.mlir:7:20: error: expected
// ERR-NOT: foo.a

%0 = "foo.a"() : () -> i32
// -----
// A chunk with only a comment.
// -----
%0 = "foo.b"() : () -> f32
"foo.use"(%0) : (f32) -> ()
