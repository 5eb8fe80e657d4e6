// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark, verify), canonicalize)' --timing 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING --strict-whitespace
// RUN: %amanda_opt %s --test-mark-func --mlir-timing 2>&1 >/dev/null | FileCheck %s --check-prefix=ALIAS
// RUN: %amanda_opt %s --test-mark-func --test-mark --timing --timing-display=list 2>&1 >/dev/null | FileCheck %s --check-prefix=TLIST
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark, verify), test-mark{start=3}, tfg.graph(test-mark))' --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS --strict-whitespace --match-full-lines
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg.func(test-mark, verify), test-mark, tfg.graph(test-mark))' --mlir-pass-statistics --mlir-pass-statistics-display=list 2>&1 >/dev/null | FileCheck %s --check-prefix=LIST --strict-whitespace --match-full-lines
// RUN: %amanda_opt %s --split-input-file --test-mark-func --pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=SPLIT --match-full-lines

// --timing (mlir-opt's --mlir-timing) reports the wall time of each stage as a tree after
// the output is written: Parser, Verifier, each pass, nested pipelines with their passes
// indented, Output, the rest and the total, with the share of the total; or, with
// --timing-display=list, a flat list (entries of one name summed) longest first.
// --pass-statistics (--mlir-pass-statistics) reports each pass's statistics, mirroring
// the pipeline, or by pass name with --pass-statistics-display=list; with
// --split-input-file the chunks' statistics are summed (without it, the file has three
// functions).

//      TIMING:===-------------------------------------------------------------------------===
// TIMING-NEXT:                         ... Execution time report ...
// TIMING-NEXT:===-------------------------------------------------------------------------===
// TIMING-NEXT:  Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// TIMING-EMPTY:
// TIMING-NEXT:  ----Wall Time----  ----Name----
// TIMING-NEXT:  {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Parser
// TIMING-NEXT:  {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Verifier
// TIMING-NEXT:  {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  'tfg.func' Pipeline
// TIMING-NEXT:  {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    TestMark
// TIMING-NEXT:  {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    Verify
// TIMING-NEXT:  {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Canonicalize
// TIMING-NEXT:  {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Output
// TIMING-NEXT:  {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Rest
// TIMING-NEXT:  {{ *[0-9]+\.[0-9][0-9][0-9][0-9] \(100\.0%\)}}  Total

// ALIAS: Execution time report
// ALIAS: 'tfg.func' Pipeline
// ALIAS:   TestMarkFunc

// TLIST:      ----Wall Time----  ----Name----
// TLIST-DAG:  Parser
// TLIST-DAG:  Verifier
// TLIST-DAG:  Output
// TLIST-DAG:  {{%\)  }}'tfg.func' Pipeline
// TLIST-DAG:  {{%\)  }}TestMarkFunc
// TLIST-DAG:  {{%\)  }}TestMark{{$}}
// TLIST:      Rest
// TLIST-NEXT: Total

//      STATS:===-------------------------------------------------------------------------===
// STATS-NEXT:                         ... Pass statistics report ...
// STATS-NEXT:===-------------------------------------------------------------------------===
// STATS-NEXT:'tfg.func' Pipeline
// STATS-NEXT:  TestMark
// STATS-NEXT:    (S) 3 targets - ops the pass ran on
// STATS-NEXT:  Verify
// STATS-NEXT:TestMark
// STATS-NEXT:  (S) 1 targets - ops the pass ran on
// STATS-NEXT:'tfg.graph' Pipeline
// STATS-NEXT:  TestMark
// STATS-NEXT:    (S) 1 targets - ops the pass ran on
// STATS-EMPTY:

//      LIST:                         ... Pass statistics report ...
// LIST-NEXT:===-------------------------------------------------------------------------===
// LIST-NEXT:  TestMark
// LIST-NEXT:    (S) 5 targets - ops the pass ran on
// LIST-EMPTY:

//      SPLIT:'tfg.func' Pipeline
// SPLIT-NEXT:  TestMarkFunc
// SPLIT-NEXT:    (S) 3 targets - ops the pass ran on

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %A, %ctl = A : () -> (tensor<i32>)
}
tfg.func @f(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
tfg.func @g(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}

// -----

tfg.func @h() -> () {
  return
}
