// RUN: %amanda_opt --pass-pipeline='builtin.module(symbol-privatize{exclude=keep,other})' %s | FileCheck %s

// Every function of the module becomes private but the excluded ones; graphs and nodes
// are not symbols.

// CHECK: tfg.graph
// CHECK: tfg.func @keep
// CHECK: tfg.func private @made_private
// CHECK: tfg.func private @already
// CHECK: tfg.func @other
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %a, %ctl = A [] name("a") : () -> (tensor<i1>)
}
tfg.func @keep() -> () {
  return
}
tfg.func @made_private(%x: tensor<i1>) -> (tensor<i1>) {
  %b, %ctl = B(%x) [%x.ctl] : (tensor<i1>) -> (tensor<i1>)
  return(%b) [%ctl] : tensor<i1>
}
tfg.func private @already() -> () {
  return
}
tfg.func @other() -> () {
  return
}
