//! The op-schema model shared by every framework: an op type with named input and output
//! ports and typed attributes. One shape for TensorFlow OpDefs, ONNX operator schemas,
//! TorchScript function schemas and the Amanda design's YAML namespace schemas; the fields a
//! framework does not use stay empty. Values (defaults, allowed values, constants) are JSON
//! values, as the vocabularies store them.

use serde_json::Value;

/// Which framework's rules a namespace follows (how ports and attributes map onto the IR).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Framework {
    TensorFlow,
    Onnx,
    PyTorch,
    /// A user schema whose type system amanda-opt does not model: only op types, attribute
    /// names, required attributes and port counts are checked.
    Other,
}

impl Framework {
    pub fn from_name(s: &str) -> Framework {
        match s {
            "tensorflow" | "tf" => Framework::TensorFlow,
            "onnx" => Framework::Onnx,
            "pytorch" | "torch" | "torchscript" => Framework::PyTorch,
            _ => Framework::Other,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Framework::TensorFlow => "tensorflow",
            Framework::Onnx => "onnx",
            Framework::PyTorch => "pytorch",
            Framework::Other => "other",
        }
    }
}

/// One input or output port.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Port {
    pub name: String,
    /// TF: a fixed dtype (`float`); ONNX: a type parameter (`T`) or a type (`tensor(int64)`);
    /// TorchScript: the argument type (`Tensor?`, `int[2]`).
    pub ty: Option<String>,
    /// TF: the attribute giving the dtype of this port.
    pub type_attr: Option<String>,
    /// TF: the int attribute giving how many values this port has.
    pub number_attr: Option<String>,
    /// TF: the list(type) attribute giving the dtypes (and so the count) of this port.
    pub type_list_attr: Option<String>,
    pub is_ref: bool,
    /// ONNX: the port may be left out.
    pub optional: bool,
    /// ONNX: the last port takes `min` or more values.
    pub variadic: bool,
    pub min: u32,
    /// ONNX: the values of a variadic port may differ in type.
    pub heterogeneous: bool,
    /// TorchScript: alias annotation (`a!`).
    pub alias: Option<String>,
    /// TorchScript: the default value (`Some(Null)` is the default `None`).
    pub default: Option<Value>,
    pub kwarg_only: bool,
}

/// One attribute.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttrSchema {
    pub name: String,
    /// The attribute type in the framework's spelling: TF `list(int)`, ONNX `ints`, a YAML
    /// schema's `tensorflow.DType`.
    pub kind: String,
    pub default: Option<Value>,
    /// The values it may take (TF allowed_values, YAML one_of constants).
    pub allowed: Option<Vec<Value>>,
    /// TF: the least int value, or the least list length.
    pub minimum: Option<i64>,
    pub required: bool,
    /// A YAML `constant_attr_type`: the only value it may have.
    pub constant: Option<Value>,
}

/// The schema of one op type in one namespace version.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpSchema {
    /// The op type as the framework spells it (`Conv2D`, `Conv`, `aten::add.Tensor`).
    pub name: String,
    /// ONNX: the opset that introduced this version of the op.
    pub since: Option<u32>,
    pub inputs: Vec<Port>,
    pub outputs: Vec<Port>,
    pub attrs: Vec<AttrSchema>,
    /// ONNX type constraints: parameter → allowed type strings.
    pub type_params: Vec<(String, Vec<String>)>,
    /// TorchScript `...` arguments / results.
    pub vararg: bool,
    pub varret: bool,
    pub stateful: bool,
    /// Why the op is deprecated, when it is.
    pub deprecated: Option<String>,
    /// TorchScript: the schema as torch prints it.
    pub text: Option<String>,
}

impl OpSchema {
    pub fn attr(&self, name: &str) -> Option<&AttrSchema> {
        self.attrs.iter().find(|a| a.name == name)
    }

    pub fn type_param(&self, name: &str) -> Option<&[String]> {
        self.type_params.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_slice())
    }

    /// The input port names in order (what `get_result`-style addressing and printed
    /// annotations use).
    pub fn input_names(&self) -> impl Iterator<Item = &str> {
        self.inputs.iter().map(|p| p.name.as_str())
    }
}

/// Formats a JSON value the way schemas show it to users (strings quoted, lists bracketed).
pub fn show_value(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{}\"", s),
        Value::Null => "None".to_string(),
        Value::Array(items) => format!("[{}]", items.iter().map(show_value).collect::<Vec<_>>().join(", ")),
        other => other.to_string(),
    }
}
