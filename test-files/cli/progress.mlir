// Progress bars: drawn on stderr only when it is a terminal (here a pseudo-terminal made by
// util-linux's `script`), not with --no-progress, never into a pipe. AMANDA_PROGRESS_DELAY_MS=0
// shows the bar of a phase however short (the default waits 0.5 s).
// RUN: %python %S/Inputs/chain.py 3000 > %t.mlir
// RUN: %amanda_opt %t.mlir --emit=graphdef -o %t.pb
// RUN: env AMANDA_PROGRESS_DELAY_MS=0 script -qec "%amanda_opt %t.pb --tfg-toposort -o %t.out" /dev/null | FileCheck %s --check-prefix=TTY
// RUN: env AMANDA_PROGRESS_DELAY_MS=0 script -qec "%amanda_opt %t.pb --tfg-toposort --no-progress -o %t.out" /dev/null | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: env AMANDA_PROGRESS_DELAY_MS=0 %amanda_opt %t.pb --tfg-toposort -o %t.out 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// convert-tf-to-torch counts the graph's nodes as a bar within the pass manager's phase.
// RUN: env AMANDA_PROGRESS_DELAY_MS=0 script -qec "%amanda_opt %t.pb --pass=convert-tf-to-torch -o %t.torch" /dev/null | FileCheck %s --check-prefix=CONVERT

// TTY: importing {{.*}}.pb
// CONVERT: converting nodes [{{.*}}] 2,999/2,999
// NONE-NOT: {{importing|running|writing}}
