// RUN: %roundtrip %s
// RUN: %amanda_opt %s --canonical | FileCheck %s
// RUN: %amanda_opt %s --canonical --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %amanda_opt %s --pass=verify-namespace --print-op-generic | %amanda_opt - --canonical | FileCheck %s
// What torch-mlir-import-onnx (PyPI torch-mlir 20261001) writes for a small CNN made with
// onnx.helper (Conv, Relu, MaxPool, Flatten, Softmax; weights as dense_resource blobs).

// CHECK: module {
// CHECK-NEXT:   func.func @cnn(%arg0: !torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,64],f32> attributes {torch.onnx_meta.ir_version = 13 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "", torch.onnx_meta.producer_version = ""} {
// CHECK-NEXT:     %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<w> : tensor<4x3x3x3xf32>} : () -> !torch.vtensor<[4,3,3,3],f32>
// CHECK-NEXT:     %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<b> : tensor<4xf32>} : () -> !torch.vtensor<[4],f32>
// CHECK-NEXT:     %none = torch.constant.none
// CHECK-NEXT:     %2 = torch.operator "onnx.Conv"(%arg0, %0, %1) {torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64]} : (!torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[1,4,8,8],f32>
// CHECK-NEXT:     %3 = torch.operator "onnx.Relu"(%2) : (!torch.vtensor<[1,4,8,8],f32>) -> !torch.vtensor<[1,4,8,8],f32>
// CHECK-NEXT:     %4 = torch.operator "onnx.MaxPool"(%3) {torch.onnx.kernel_shape = [2 : si64, 2 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,4,8,8],f32>) -> !torch.vtensor<[1,4,4,4],f32>
// CHECK-NEXT:     %5 = torch.operator "onnx.Flatten"(%4) : (!torch.vtensor<[1,4,4,4],f32>) -> !torch.vtensor<[1,64],f32>
// CHECK-NEXT:     %6 = torch.operator "onnx.Softmax"(%5) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,64],f32>) -> !torch.vtensor<[1,64],f32>
// CHECK-NEXT:     return %6 : !torch.vtensor<[1,64],f32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       w: "0x080000009AFC013F2FD0023FF8F37E3FD449383FFA0B5C3FFD0F0D3FEB64BF3E7667403EA6AA613E83BC383E4E48763F9DEA013F906ED23E0127403EDF42843D9C61283F924D683FF4D1E33E812E653E8110273F9AD6AA3E25D61D3FA08C163F6520FB3A0189863E91957C3FCD4DE83E15F06D3F337D8A3E6A36633E461E7F3FF0511B3FE766BB3E9B03E13E77966D3FF4E6143FC03B5C3E51FB9D3E5B7F6F3F793C583F3032783FB17F953D8284C73E13A6503E874D6A3F5E3A2B3FEEDEF83E3935C83EBC86743F8BCAF93DC38A8E3E6666043F6113513E41D6533F5A21893E7B76523FD2E33E3F9ADB753FC75BC33E828DF33E5388783EED1D8F3E67638C3E2916BE3E0223733B35E5883DD42E2D3FFAFDF73EDA553F3F394B0E3FCE3FD03E7E24463FB021373E5887613FC73C483FEF2E303FBD1F693E618B873D78D0F23E6C6D933E6502033FEE21EE3D9521B53E3B77273F97FC663F677A0F3E4D01153F0C1F673FFAF84E3D598A303F500B7E3EDCD7683F133BAB3D98CAA13EBD9DA83E1CC2623F74DE623F2EEC4A3EDA5C8B3E10366A3FD49AB13E83E6203F0787C63E557E253EEBA08F3E472D6A3F7BBB1D3F4C90323F",
// CHECK-NEXT:       b: "0x080000004EE9203F4D91263F589D673FF99D943E"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (!torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,64],f32>, sym_name = "cnn"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: !torch.vtensor<[1,3,8,8],f32>):
// GENERIC-NEXT:     %0 = "torch.operator"() <{name = "onnx.Constant"}> {torch.onnx.value = dense_resource<w> : tensor<4x3x3x3xf32>} : () -> !torch.vtensor<[4,3,3,3],f32>
// GENERIC-NEXT:     %1 = "torch.operator"() <{name = "onnx.Constant"}> {torch.onnx.value = dense_resource<b> : tensor<4xf32>} : () -> !torch.vtensor<[4],f32>
// GENERIC-NEXT:     %2 = "torch.constant.none"() : () -> !torch.none
// GENERIC-NEXT:     %3 = "torch.operator"(%arg0, %0, %1) <{name = "onnx.Conv"}> {torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64]} : (!torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[1,4,8,8],f32>
// GENERIC-NEXT:     %4 = "torch.operator"(%3) <{name = "onnx.Relu"}> : (!torch.vtensor<[1,4,8,8],f32>) -> !torch.vtensor<[1,4,8,8],f32>
// GENERIC-NEXT:     %5 = "torch.operator"(%4) <{name = "onnx.MaxPool"}> {torch.onnx.kernel_shape = [2 : si64, 2 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,4,8,8],f32>) -> !torch.vtensor<[1,4,4,4],f32>
// GENERIC-NEXT:     %6 = "torch.operator"(%5) <{name = "onnx.Flatten"}> : (!torch.vtensor<[1,4,4,4],f32>) -> !torch.vtensor<[1,64],f32>
// GENERIC-NEXT:     %7 = "torch.operator"(%6) <{name = "onnx.Softmax"}> {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,64],f32>) -> !torch.vtensor<[1,64],f32>
// GENERIC-NEXT:     "func.return"(%7) : (!torch.vtensor<[1,64],f32>) -> ()
// GENERIC-NEXT:   }) {torch.onnx_meta.ir_version = 13 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "", torch.onnx_meta.producer_version = ""} : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-EMPTY:
// GENERIC-NEXT: {-#
// GENERIC-NEXT:   dialect_resources: {
// GENERIC-NEXT:     builtin: {
// GENERIC-NEXT:       w: "0x080000009AFC013F2FD0023FF8F37E3FD449383FFA0B5C3FFD0F0D3FEB64BF3E7667403EA6AA613E83BC383E4E48763F9DEA013F906ED23E0127403EDF42843D9C61283F924D683FF4D1E33E812E653E8110273F9AD6AA3E25D61D3FA08C163F6520FB3A0189863E91957C3FCD4DE83E15F06D3F337D8A3E6A36633E461E7F3FF0511B3FE766BB3E9B03E13E77966D3FF4E6143FC03B5C3E51FB9D3E5B7F6F3F793C583F3032783FB17F953D8284C73E13A6503E874D6A3F5E3A2B3FEEDEF83E3935C83EBC86743F8BCAF93DC38A8E3E6666043F6113513E41D6533F5A21893E7B76523FD2E33E3F9ADB753FC75BC33E828DF33E5388783EED1D8F3E67638C3E2916BE3E0223733B35E5883DD42E2D3FFAFDF73EDA553F3F394B0E3FCE3FD03E7E24463FB021373E5887613FC73C483FEF2E303FBD1F693E618B873D78D0F23E6C6D933E6502033FEE21EE3D9521B53E3B77273F97FC663F677A0F3E4D01153F0C1F673FFAF84E3D598A303F500B7E3EDCD7683F133BAB3D98CAA13EBD9DA83E1CC2623F74DE623F2EEC4A3EDA5C8B3E10366A3FD49AB13E83E6203F0787C63E557E253EEBA08F3E472D6A3F7BBB1D3F4C90323F",
// GENERIC-NEXT:       b: "0x080000004EE9203F4D91263F589D673FF99D943E"
// GENERIC-NEXT:     }
// GENERIC-NEXT:   }
// GENERIC-NEXT: #-}

module {
  func.func @cnn(%arg0: !torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,64],f32> attributes {torch.onnx_meta.ir_version = 13 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "", torch.onnx_meta.producer_version = ""} {
    %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<w> : tensor<4x3x3x3xf32>} : () -> !torch.vtensor<[4,3,3,3],f32> 
    %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<b> : tensor<4xf32>} : () -> !torch.vtensor<[4],f32> 
    %none = torch.constant.none
    %2 = torch.operator "onnx.Conv"(%arg0, %0, %1) {torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64]} : (!torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[1,4,8,8],f32> 
    %3 = torch.operator "onnx.Relu"(%2) : (!torch.vtensor<[1,4,8,8],f32>) -> !torch.vtensor<[1,4,8,8],f32> 
    %4 = torch.operator "onnx.MaxPool"(%3) {torch.onnx.kernel_shape = [2 : si64, 2 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,4,8,8],f32>) -> !torch.vtensor<[1,4,4,4],f32> 
    %5 = torch.operator "onnx.Flatten"(%4) : (!torch.vtensor<[1,4,4,4],f32>) -> !torch.vtensor<[1,64],f32> 
    %6 = torch.operator "onnx.Softmax"(%5) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,64],f32>) -> !torch.vtensor<[1,64],f32> 
    return %6 : !torch.vtensor<[1,64],f32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x080000009AFC013F2FD0023FF8F37E3FD449383FFA0B5C3FFD0F0D3FEB64BF3E7667403EA6AA613E83BC383E4E48763F9DEA013F906ED23E0127403EDF42843D9C61283F924D683FF4D1E33E812E653E8110273F9AD6AA3E25D61D3FA08C163F6520FB3A0189863E91957C3FCD4DE83E15F06D3F337D8A3E6A36633E461E7F3FF0511B3FE766BB3E9B03E13E77966D3FF4E6143FC03B5C3E51FB9D3E5B7F6F3F793C583F3032783FB17F953D8284C73E13A6503E874D6A3F5E3A2B3FEEDEF83E3935C83EBC86743F8BCAF93DC38A8E3E6666043F6113513E41D6533F5A21893E7B76523FD2E33E3F9ADB753FC75BC33E828DF33E5388783EED1D8F3E67638C3E2916BE3E0223733B35E5883DD42E2D3FFAFDF73EDA553F3F394B0E3FCE3FD03E7E24463FB021373E5887613FC73C483FEF2E303FBD1F693E618B873D78D0F23E6C6D933E6502033FEE21EE3D9521B53E3B77273F97FC663F677A0F3E4D01153F0C1F673FFAF84E3D598A303F500B7E3EDCD7683F133BAB3D98CAA13EBD9DA83E1CC2623F74DE623F2EEC4A3EDA5C8B3E10366A3FD49AB13E83E6203F0787C63E557E253EEBA08F3E472D6A3F7BBB1D3F4C90323F",
      b: "0x080000004EE9203F4D91263F589D673FF99D943E"
    }
  }
#-}
