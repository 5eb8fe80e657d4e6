// RUN: %amanda_opt --canonical %s > %t
// RUN: %idempotent %t --canonical
// RUN: FileCheck %s < %t

// tfg prints name("..."), device("...") and assigned_device("...") without escaping the
// value, which does not read back when it holds a quote, a backslash or a control character.
// --canonical prints those values escaped (and plain ones as tfg does), so its output reads
// back (issue 19; found by the reliability test on an --emit=dot test input).

// CHECK: Placeholder device("dev\0Aline") name("q\22uo\\te")
// CHECK: Identity(%Placeholder) name("caf\C3\A9 \0Abell") {T = f32}
// CHECK: NoOp name("café → plain")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %p, %ctl = Placeholder device("dev\0Aline") name("q\22uo\\te") {dtype = f32} : () -> (tensor<f32>)
  %i, %ctl_0 = Identity(%p) name("caf\C3\A9 \0Abell") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %ctl_1 = NoOp name("café → plain") : () -> ()
}
