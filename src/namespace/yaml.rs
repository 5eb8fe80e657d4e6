//! Loader for namespace schemas in the Amanda design's YAML form:
//!
//! ```yaml
//! namespace:
//!   name: amanda/tensorflow/1.13.1
//!   type_system: python
//!   op_schemas:
//!     - type: MatMul
//!       attrs: { name: str, T: { one_of: [ {type: tensorflow.DType, constant: float}, ... ] },
//!                transpose_a: { type: bool, default: false } }
//!       input_ports:  [ { attrs: { name: { type: str, default: a }, type_attr: { type: str, constant: T } } } ]
//!       output_ports: [ ... ]
//! ```
//!
//! An `attr_type` is a type name, `{type, default}` (optional), `{type, constant}` (fixed) or
//! `{one_of: [attr_type], default?}`. Op attributes without a default are required, except the
//! builtin `name`. A port's `name`, `type_attr`, `number_attr`, `type_list_attr` and `is_ref`
//! attributes (their `default` or `constant`) become the port's name and TensorFlow typing.
//! The type system's type names are mapped onto TensorFlow's attribute kinds where they name
//! one (`tensorflow.DType` → `type`, `str` → `string`, `tensorflow.TensorShape` → `shape`);
//! other names are kept and not kind-checked. Sub-graph templates (`ops`, `edges`) are read
//! past.

use serde_json::{Map, Value};

use super::schema::{AttrSchema, Framework, OpSchema, Port};

/// A parsed YAML namespace schema.
pub struct YamlNamespace {
    pub name: String,
    pub type_system: String,
    pub framework: Framework,
    pub ops: Vec<OpSchema>,
}

/// Parses the text of a YAML namespace schema; `path` is for messages.
pub fn parse(path: &str, text: &str) -> Result<YamlNamespace, String> {
    let doc: Value = serde_saphyr::from_str(text).map_err(|e| format!("{}: {}", path, e))?;
    let ns = doc
        .get("namespace")
        .and_then(Value::as_object)
        .ok_or_else(|| format!("{}: expected a top-level 'namespace' mapping", path))?;
    let name = ns
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{}: namespace has no 'name'", path))?
        .to_string();
    let type_system = ns.get("type_system").and_then(Value::as_str).unwrap_or("").to_string();
    let framework = framework_of(&name, &type_system);
    let mut ops = Vec::new();
    let schemas = match ns.get("op_schemas") {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(a)) => a.as_slice(),
        Some(_) => return Err(format!("{}: 'op_schemas' must be a list", path)),
    };
    for (i, s) in schemas.iter().enumerate() {
        let obj = s.as_object().ok_or_else(|| format!("{}: op_schemas[{}] is not a mapping", path, i))?;
        let ty = obj
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{}: op_schemas[{}] has no 'type'", path, i))?;
        let attrs = match obj.get("attrs") {
            Some(Value::Object(m)) => op_attrs(m, framework).map_err(|e| format!("{}: {}: {}", path, ty, e))?,
            None | Some(Value::Null) => Vec::new(),
            Some(_) => return Err(format!("{}: {}: 'attrs' must be a mapping", path, ty)),
        };
        let ports_of = |key: &str| match obj.get(key) {
            Some(Value::Array(items)) => Ok(ports(items)),
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(_) => Err(format!("{}: {}: '{}' must be a list", path, ty, key)),
        };
        ops.push(OpSchema { name: ty.to_string(), inputs: ports_of("input_ports")?, outputs: ports_of("output_ports")?, attrs, ..OpSchema::default() });
    }
    Ok(YamlNamespace { name, type_system, framework, ops })
}

fn framework_of(name: &str, type_system: &str) -> Framework {
    let parts: Vec<&str> = name.split('/').collect();
    let fw = if parts.first() == Some(&"amanda") { parts.get(1) } else { parts.first() };
    match fw.map(|s| Framework::from_name(s)) {
        Some(f) if f != Framework::Other => f,
        _ => Framework::from_name(type_system),
    }
}

/// Maps a type-system type name onto the framework's attribute kind.
fn kind_name(t: &str, framework: Framework) -> String {
    if framework != Framework::TensorFlow {
        return t.to_string();
    }
    match t {
        "str" | "string" | "std::string" => "string",
        "int" | "int64_t" => "int",
        "float" | "double" => "float",
        "bool" => "bool",
        "tensorflow.DType" | "tf.DType" | "DType" => "type",
        "tensorflow.TensorShape" | "tf.TensorShape" | "TensorShape" => "shape",
        "tensorflow.Tensor" | "tensorflow.TensorProto" => "tensor",
        other => other,
    }
    .to_string()
}

fn op_attrs(m: &Map<String, Value>, framework: Framework) -> Result<Vec<AttrSchema>, String> {
    let mut out = Vec::new();
    for (name, t) in m {
        if name == "name" {
            continue; // the builtin op name (tfg's name("..."))
        }
        let mut a = attr_type(name, t, framework)?;
        a.required = a.default.is_none() && a.constant.is_none();
        out.push(a);
    }
    Ok(out)
}

fn attr_type(name: &str, t: &Value, framework: Framework) -> Result<AttrSchema, String> {
    let mut a = AttrSchema { name: name.to_string(), ..AttrSchema::default() };
    match t {
        Value::String(s) => a.kind = kind_name(s, framework),
        Value::Object(o) => {
            if let Some(Value::Array(choices)) = o.get("one_of") {
                let mut allowed = Vec::new();
                for c in choices {
                    let sub = attr_type(name, c, framework)?;
                    if a.kind.is_empty() {
                        a.kind = sub.kind.clone();
                    }
                    if let Some(v) = sub.constant {
                        if !allowed.contains(&v) {
                            allowed.push(v);
                        }
                    }
                }
                a.allowed = Some(allowed);
            } else if let Some(ty) = o.get("type").and_then(Value::as_str) {
                a.kind = kind_name(ty, framework);
            } else {
                return Err(format!("attribute '{}': expected a type, {{type, default}}, {{type, constant}} or {{one_of}}", name));
            }
            a.default = o.get("default").cloned();
            a.constant = o.get("constant").cloned();
        }
        _ => return Err(format!("attribute '{}': expected a type name or a mapping", name)),
    }
    Ok(a)
}

/// The fixed (`constant`) or default value of a port attribute.
fn port_value<'v>(attrs: &'v Map<String, Value>, key: &str) -> Option<&'v Value> {
    match attrs.get(key)? {
        Value::Object(o) => o.get("constant").or_else(|| o.get("default")),
        _ => None,
    }
}

fn ports(items: &[Value]) -> Vec<Port> {
    items
        .iter()
        .map(|p| {
            let empty = Map::new();
            let attrs = p.get("attrs").and_then(Value::as_object).unwrap_or(&empty);
            let text = |k: &str| port_value(attrs, k).and_then(Value::as_str).map(str::to_string);
            Port {
                name: text("name").unwrap_or_default(),
                type_attr: text("type_attr"),
                number_attr: text("number_attr"),
                type_list_attr: text("type_list_attr"),
                is_ref: port_value(attrs, "is_ref").and_then(Value::as_bool).unwrap_or(false),
                ..Port::default()
            }
        })
        .collect()
}
