// RUN: %amanda_opt --canonical %s | %amanda_opt --canonical
// PENDING: found by the roundtrip fuzz target (issue 19): with an argument whose attribute is
// not tfg.name, --canonical names a use %arg1_0 that it does not define, so its output does
// not read back. The input below is the fuzzer's, CRs removed.

tfg.func @body(%arg0: tensor<*xi1> {tfg.nbuilame = "arg0"},
               %arg1: tensor<*xi32> {tfg.name = "arg1"})
     -> (tensor<*xf32>)
 {
  %0:2 = IfRegion %arg0 then  {
    %A, %ctl = A(%arg1) [%arg1.ctl] : (tensor<*xi32>) -> (tensor<*xf32>)
    yield(%A) [%arg0.ctl] : tensor<*xf32>
  } else  {
    %B, %ctl = B(%arg1) [%arg1.ctl] : (tensor<*xi32>) -> (tensor<*xf32>)
    yield(%B) [%arg0.ctl] : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
  return(%0#0) : tensor<*xf32>
}

// CHECK: tfg.func @[[THEN]]
// CHECK:      %[[ARG1]]: tensor<*xi32>
// CHECK-NEXT: %[[ARG0]]: tensor<*xi1>
// CHECK: %[[A:.*]], %[[CTL:.*]] = A(%[[ARG1]]) [%[[ARG1]].ctl]
// CHECK: return(%[[A]]) [%[[ARG0]].ctl {tfg.name = "[[ARG0]]_0"}]

// CHECK: tfg.func @[[ELSE]]
// CHECK:      %[[ARG1]]: tensor<*xi32>
// CHECK-NEXT: %[[ARG0]]: tensor<*xi1>
// CHECK: %[[B:.*]], %[[CTL:.*]] = B(%[[ARG1]]) [%[[ARG1]].ctl]
// CHECK: return(%[[B]]) [%[[ARG0]].ctl {tfg.name = "[[ARG0]]_0"}]
