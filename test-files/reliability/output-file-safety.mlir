// -o replaces a file without harming it (issue 19; src/output.rs).
//
// RUN: rm -rf %t && mkdir -p %t
// A replaced file keeps its mode; a new one honours the umask (not 0600).
// RUN: echo old > %t/kept-mode.mlir && chmod 640 %t/kept-mode.mlir
// RUN: %amanda_opt %s -o %t/kept-mode.mlir
// RUN: stat -c %%a %t/kept-mode.mlir | FileCheck %s --check-prefix=MODE640
// MODE640: 640
// RUN: sh -c 'umask 022 && %amanda_opt %s -o %t/new.mlir'
// RUN: stat -c %%a %t/new.mlir | FileCheck %s --check-prefix=MODE644
// MODE644: 644
// RUN: sh -c 'umask 077 && %amanda_opt %s -o %t/private.mlir'
// RUN: stat -c %%a %t/private.mlir | FileCheck %s --check-prefix=MODE600
// MODE600: 600
//
// A symbolic link is followed: its target is replaced, the link stays a link.
// RUN: echo old > %t/real.mlir && ln -s real.mlir %t/link.mlir
// RUN: %amanda_opt %s -o %t/link.mlir
// RUN: FileCheck %s < %t/real.mlir
// RUN: test -L %t/link.mlir
//
// A file with two hard links is rewritten in place: both names see the new text.
// RUN: echo old > %t/hard1.mlir && ln %t/hard1.mlir %t/hard2.mlir
// RUN: %amanda_opt %s -o %t/hard1.mlir
// RUN: FileCheck %s < %t/hard2.mlir
// RUN: stat -c %%h %t/hard1.mlir | FileCheck %s --check-prefix=LINKS
// LINKS: 2
//
// No temporary file is left behind, also after SIGTERM or SIGINT while writing.
// RUN: ls -a %t | FileCheck %s --check-prefix=NO-TEMP
// NO-TEMP-NOT: amanda-opt
// RUN: %python %S/Inputs/signal_cleanup.py %amanda_opt %t/sig SIGTERM
// RUN: %python %S/Inputs/signal_cleanup.py %amanda_opt %t/sig SIGINT
//
// stdout: closed is an error with a message; a closed pipe ends quietly with status 1.
// RUN: not sh -c '%amanda_opt %s >&-' 2>&1 | FileCheck %s --check-prefix=CLOSED
// CLOSED: amanda-opt: error: cannot write output: stdout is closed
// RUN: not sh -c '%amanda_opt %s > /dev/full' 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: amanda-opt: error: cannot write output: No space left on device
// RUN: %python -c "print('\"foo.a\"() : () -> ()\n' * 300000)" > %t/big.mlir
// RUN: %python -c "import subprocess, sys; p = subprocess.Popen([sys.argv[1], sys.argv[2]], stdout=subprocess.PIPE, stderr=subprocess.PIPE); p.stdout.read(10); p.stdout.close(); err = p.stderr.read(); rc = p.wait(); print('status', rc, 'stderr', repr(err)); sys.exit(0 if rc == 1 and err == b'' else 1)" %amanda_opt %t/big.mlir

// CHECK: "foo.a"() : () -> ()
"foo.a"() : () -> ()
