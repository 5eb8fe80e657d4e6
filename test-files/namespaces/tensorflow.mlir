// RUN: amanda-opt %s -split-input-file -verify-diagnostics
// A graph that declares a TensorFlow namespace is checked against that version's op
// registry: op types, required and defined attributes, attribute kinds and allowed values,
// port counts from number/type-list attributes, element types against type attributes.

module attributes {amanda.namespace = "amanda/tensorflow/2.21"} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x2>} : () -> (tensor<2x2xf32>)
    // Internal (`_`) attributes are allowed; defaults need not be written.
    %r, %ctl_0 = Relu(%x) name("r") {T = f32, _class = ["loc:@x"], _output_shapes = [#tf_type.shape<2x2>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %c, %ctl_1 = ConcatV2(%x, %r, %axis) name("c") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<i32>) -> (tensor<4x2xf32>)
    %axis, %ctl_2 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %s:2, %ctl_3 = Split(%axis, %c) name("s") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<4x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
    %id:2, %ctl_4 = IdentityN(%x, %axis) name("id") {T = [f32, i32]} : (tensor<2x2xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<i32>)
  }
}

// -----

module attributes {amanda.namespace = "amanda/tensorflow/2.21"} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.Reluu' op is not an op of amanda/tensorflow/2.21; did you mean 'Relu' or 'Relu6'?}}
    %a, %ctl_0 = Reluu(%x) name("a") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.matmul' op is not an op of amanda/tensorflow/2.21; did you mean 'MatMul'?}}
    %b, %ctl_1 = matmul(%x, %x) name("b") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.Conv2D' op requires attribute 'strides' (list(int)) of Conv2D in amanda/tensorflow/2.21}}
    %c, %ctl_2 = Conv2D(%x, %x) name("c") {T = f32, padding = "SAME"} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.Conv2D' op attribute 'padding' is "FULL", which Conv2D does not allow; allowed: "SAME", "VALID", "EXPLICIT"}}
    %d, %ctl_3 = Conv2D(%x, %x) name("d") {T = f32, padding = "FULL", strides = [1, 1, 1, 1]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.Relu' op attribute 'T' is !tf_type.string (string), which Relu does not allow; allowed: f32 (float), f64 (double), i32 (int32)}}
    %e, %ctl_4 = Relu(%x) name("e") {T = !tf_type.string} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.Relu' op attribute 'T' must be a TensorFlow 'type' attribute, got "f32"}}
    %f, %ctl_5 = Relu(%x) name("f") {T = "f32"} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.Relu' op has attribute 'alpha' that Relu does not define in amanda/tensorflow/2.21 (its attributes: T)}}
    %g, %ctl_6 = Relu(%x) name("g") {T = f32, alpha = 1.0 : f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.AddV2' op input 'y' (#1) has element type i32 (int32), but attribute 'T' makes it f32 (float)}}
    %h, %ctl_7 = AddV2(%x, %i) name("h") {T = f32} : (tensor<2x2xf32>, tensor<i32>) -> (tensor<2x2xf32>)
    %i, %ctl_8 = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
    // expected-error @+1 {{'tfg.AddN' op has 2 data inputs, but AddN in amanda/tensorflow/2.21 expects 3: inputs (N = 3)}}
    %j, %ctl_9 = AddN(%x, %x) name("j") {N = 3 : i64, T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.AddN' op attribute 'N' is 0, less than the minimum 1}}
    %k, %ctl_10 = AddN name("k") {N = 0 : i64, T = f32} : () -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.IdentityN' op has 1 data outputs, but IdentityN in amanda/tensorflow/2.21 expects 2: output (T has 2)}}
    %l, %ctl_11 = IdentityN(%x, %i) name("l") {T = [f32, i32]} : (tensor<2x2xf32>, tensor<i32>) -> (tensor<2x2xf32>)
    // expected-error @+1 {{'tfg.Placeholder' op output 'output' (#0) has element type i32 (int32), but attribute 'dtype' makes it f32 (float)}}
    %m, %ctl_12 = Placeholder name("m") {dtype = f32} : () -> (tensor<i32>)
  }
}

// -----

// Versions differ: _MklAdd is in TensorFlow 2.15's registry and gone from 2.21's.
module attributes {amanda.namespace = "amanda/tensorflow/2.15"} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
    %a:2, %ctl_0 = _MklAdd(%x, %x, %u, %u) name("a") {T = f32} : (tensor<2xf32>, tensor<2xf32>, tensor<2xui8>, tensor<2xui8>) -> (tensor<2xf32>, tensor<2xui8>)
    %u, %ctl_1 = Placeholder name("u") {dtype = ui8} : () -> (tensor<2xui8>)
  }
}

// -----

module attributes {amanda.namespace = "amanda/tensorflow"} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
    // expected-error @+1 {{'tfg._MklAdd' op is not an op of amanda/tensorflow/2.21}}
    %a:2, %ctl_0 = _MklAdd(%x, %x, %x, %x) name("a") {T = f32} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  }
}

// -----

// expected-error @+1 {{'builtin.module' op declares unknown namespace 'amanda/tensorflow/0.1'}}
module attributes {amanda.namespace = "amanda/tensorflow/0.1"} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  }
}

// -----

// A function can declare its own namespace; the innermost declaration wins.
module attributes {amanda.namespace = "amanda/tensorflow/2.21"} {
  tfg.func @f(%x: tensor<2xf32>, %u: tensor<2xui8>) -> (tensor<2xf32>) attributes {amanda.namespace = "amanda/tensorflow/2.15"} {
    %a:2, %ctl = _MklAdd(%x, %x, %u, %u) name("a") {T = f32} : (tensor<2xf32>, tensor<2xf32>, tensor<2xui8>, tensor<2xui8>) -> (tensor<2xf32>, tensor<2xui8>)
    return(%a#0) : tensor<2xf32>
  }
}
