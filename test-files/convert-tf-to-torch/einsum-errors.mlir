// An Einsum whose equation does not fit its inputs' shapes: an error naming the node, the
// equation and the shapes, exit 1.
// RUN: not %amanda_opt %s --convert-tf-to-torch 2>&1 | FileCheck %s --check-prefix=ERR

// ERR: error: convert-tf-to-torch: Einsum 'bad': equation 'ij,jk->ik' does not fit the input shapes {{\[\[}}2, 3], [4, 5]]
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %b, %ctl_0 = Placeholder name("b") {dtype = f32, shape = #tf_type.shape<4x5>} : () -> (tensor<*xf32>)
  %c, %ctl_1 = Einsum(%a, %b) name("bad") {N = 2 : i64, T = f32, equation = "ij,jk->ik"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
