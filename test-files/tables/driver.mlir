// RUN: not amanda-opt %s --mapping-table %S/Inputs/ping-pong.yaml --ping-pong 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not amanda-opt %s --mapping-table %S/Inputs/ping-pong.yaml --pass-pipeline='builtin.module(ping-pong{max-iterations=2})' 2>&1 | FileCheck %s --check-prefix=LOOP2
// RUN: amanda-opt %s --mapping-table %S/Inputs/tagged.yaml --tagged | FileCheck %s --check-prefix=UNTAGGED
// RUN: amanda-opt %s --mapping-table %S/Inputs/tagged.yaml --pass-pipeline='builtin.module(tagged{tags=inference})' | FileCheck %s --check-prefix=TAGGED
// RUN: amanda-opt --mapping-table %S/Inputs/tagged.yaml --list-passes | FileCheck %s --check-prefix=LIST
// The greedy driver: rules that undo each other are stopped at the iteration cap with an
// error naming them; tags select rules; a table loaded with --mapping-table is a pass with
// the options of every table pass.

// LOOP: error: greedy rewriting did not converge after 10 iterations (patterns still applying: elu_to_relu6, relu6_to_elu)
// LOOP2: error: greedy rewriting did not converge after 2 iterations

// UNTAGGED: %[[I:.*]], %{{.*}} = Identity(%x) [%ctl] name("i")
// UNTAGGED: Relu(%[[I]]) [%{{.*}}] name("r")
// The Identity is forwarded: its users read its input and wait for its control inputs.
// TAGGED-NOT: Identity
// TAGGED: Relu(%x) [%ctl] name("r")

// LIST: --tagged
// LIST-NEXT: --max-iterations=<long>
// LIST-NEXT: --tags=<string,...>

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %i, %ctl_0 = Identity(%x) [%ctl] name("i") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %r, %ctl_1 = Relu6(%i) [%ctl_0] name("r") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}
