// RUN: rm -rf %t && mkdir -p %t
// RUN: %amanda_opt %s -o %t/out.mlir
// RUN: FileCheck %s < %t/out.mlir
// RUN: %amanda_opt %s -o - | FileCheck %s
// RUN: %amanda_opt - < %s | FileCheck %s
// RUN: %amanda_opt < %s | FileCheck %s
// RUN: %amanda_opt %s -o /dev/null
// RUN: echo "previous contents" > %t/kept.mlir
// RUN: not %amanda_opt %S/Inputs/bad.mlir -o %t/kept.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: FileCheck %s --check-prefix=KEPT < %t/kept.mlir
// RUN: ls %t | FileCheck %s --check-prefix=NO-TEMP
// RUN: not %amanda_opt %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING

// Output goes to -o FILE (written through a temporary file renamed over it), to stdout for
// `-o -` or no -o, and straight to non-regular files like /dev/null. Input comes from a
// file, or stdin for `-` or no input. On an error nothing is written: an existing output
// file keeps its contents and no temporary file is left behind.

// CHECK:      "foo.a"() : () -> ()
// ERR:        bad.mlir:2:1: error:
// KEPT:       previous contents
// NO-TEMP-NOT: {{^[.]?tmp}}
// NO-TEMP:    kept.mlir
// NO-TEMP-NEXT: out.mlir
// NO-TEMP-NOT: {{.}}
// MISSING:    error: cannot read '{{.*}}missing.mlir'

"foo.a"() : () -> ()
