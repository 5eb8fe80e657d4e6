// RUN: %amanda_opt --list-passes | FileCheck %s --strict-whitespace --match-full-lines

// --list-passes: every registered pass sorted by name with its summary (and the op it is
// anchored on), its options below it sorted by name with their type, description and
// default, in mlir-opt's layout.

//      CHECK:Passes:
//      CHECK:  --canonicalize{{ +}}-   tfg canonicalization: {{.*}}
//      CHECK:  --strip-default-attrs{{ +}}-   remove attributes equal to their schema default (TensorFlow, ONNX)
//      CHECK:  --test-mark{{ +}}-   (test) set an attribute to the run count on each op the pass runs on
// CHECK-NEXT:    --dry-run{{ +}}- count the ops but change nothing (default: false)
// CHECK-NEXT:    --name=<string>{{ +}}- the attribute to set on each op the pass runs on (default: test.mark)
// CHECK-NEXT:    --start=<long>{{ +}}- the first count (default: 0)
// CHECK-NEXT:  --test-mark-func{{ +}}-   (test) test-mark anchored on tfg.func (on each 'tfg.func')
//      CHECK:  --verify{{ +}}-   run the verifier (also done after every pass)
