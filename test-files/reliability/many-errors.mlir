// At most 100 errors are reported per file, then how many more there were; the excerpt of a
// long line is a window around the error, not the whole line (issue 19).
//
// RUN: %python -c "print('\"tfg.return\"() : () -> ()\n' * 40000)" > %t.lines
// RUN: not timeout 60 %amanda_opt %t.lines 2>&1 | FileCheck %s --check-prefix=LINES
// LINES-COUNT-100: error: 'tfg.return' op requires attribute 'control_ret_attrs'
// LINES-NOT: error:
// LINES: many-errors.mlir.tmp.lines: note: 39900 more errors not shown (at most 100 are reported per file; --error-limit=0 shows all)
//
// RUN: %python -c "print('\"tfg.return\"() : () -> () ' * 20000)" > %t.long
// RUN: not timeout 60 %amanda_opt %t.long 2> %t.long.err
// RUN: FileCheck %s --check-prefix=LONG < %t.long.err
// RUN: %python -c "import sys; w = max(len(l) for l in open(sys.argv[1])); print('widest line', w); sys.exit(w > 400)" %t.long.err
// LONG: .tmp.long:1:27: error: 'tfg.return' op requires attribute 'control_ret_attrs'
// LONG: 1 │ "tfg.return"() : () -> () "tfg.return"() : () -> ()
// LONG: .tmp.long:1:2575: error:
// LONG: 1 │ {{.*}}"tfg.return"() : () -> () "tfg.return"() : () -> ()
// LONG: note: 19900 more errors not shown
//
// --error-limit=N changes the limit; 0 shows every error.
// RUN: not %amanda_opt --error-limit=3 %t.lines 2>&1 | FileCheck %s --check-prefix=THREE
// THREE-COUNT-3: error: 'tfg.return' op requires attribute 'control_ret_attrs'
// THREE-NOT: error:
// THREE: note: 39997 more errors not shown (at most 3 are reported per file; --error-limit=0 shows all)
// RUN: not %amanda_opt --error-limit=0 %t.lines 2>&1 | grep -c "error: 'tfg.return'" | FileCheck %s --check-prefix=ALL
// ALL: 40000
