// --emit=pytorch spells aten.gelu as torch.nn.functional.gelu, which calls the same op with
// the same arguments: approximate="none" is its default and is left out.
// RUN: rm -rf %t && %amanda_opt %s --emit=pytorch -o %t
// RUN: FileCheck %s < %t/model.py

// CHECK:      def forward(self, x):
// CHECK-NEXT:     exact = torch.nn.functional.gelu(x)
// CHECK-NEXT:     approximated = torch.nn.functional.gelu(exact, approximate="tanh")
// CHECK-NEXT:     return approximated

func.func @main(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.str "none"
  %tanh = torch.constant.str "tanh"
  %exact = torch.aten.gelu %x, %none : !torch.vtensor<[2,3],f32>, !torch.str -> !torch.vtensor<[2,3],f32>
  %approximated = torch.aten.gelu %exact, %tanh : !torch.vtensor<[2,3],f32>, !torch.str -> !torch.vtensor<[2,3],f32>
  return %approximated : !torch.vtensor<[2,3],f32>
}
