//! The Python spellings `--emit=pytorch` writes: constants as literals ([`constant`]), and
//! the plainer spellings of some aten calls ([`plain`]: `torch.relu(x)`, `a + b`) that call the same
//! overload with the same arguments as `torch.ops.aten.<op>.<overload>(...)`.

use crate::ir::attrs::AttrData;
use crate::ir::{Module, OpId};
use crate::printer::torch::inherent;

/// Ops with a plainer Python spelling that calls the same overload with the same arguments.
const PLAIN_FUNCS: &[(&str, &str)] = &[
    ("aten::relu", "torch.relu"),
    ("aten::sigmoid", "torch.sigmoid"),
    ("aten::tanh", "torch.tanh"),
    ("aten::exp", "torch.exp"),
    ("aten::log", "torch.log"),
    ("aten::sqrt", "torch.sqrt"),
    ("aten::rsqrt", "torch.rsqrt"),
    ("aten::neg", "torch.neg"),
    ("aten::abs", "torch.abs"),
    ("aten::erf", "torch.erf"),
    ("aten::floor", "torch.floor"),
    ("aten::ceil", "torch.ceil"),
    ("aten::sin", "torch.sin"),
    ("aten::cos", "torch.cos"),
    ("aten::square", "torch.square"),
    ("aten::reciprocal", "torch.reciprocal"),
    ("aten::logical_not", "torch.logical_not"),
    ("aten::logical_and", "torch.logical_and"),
    ("aten::logical_or", "torch.logical_or"),
    ("aten::maximum", "torch.maximum"),
    ("aten::minimum", "torch.minimum"),
    ("aten::mm", "torch.mm"),
    ("aten::matmul", "torch.matmul"),
    ("aten::bmm", "torch.bmm"),
    ("aten::permute", "torch.permute"),
    ("aten::reshape", "torch.reshape"),
    ("aten::cat", "torch.cat"),
    ("aten::stack", "torch.stack"),
    ("aten::where.self", "torch.where"),
    ("aten::flip", "torch.flip"),
    ("aten::transpose.int", "torch.transpose"),
    ("aten::unsqueeze", "torch.unsqueeze"),
    ("aten::squeeze.dim", "torch.squeeze"),
    ("aten::select.int", "torch.select"),
    ("aten::index_select", "torch.index_select"),
    ("aten::convolution", "torch.convolution"),
    ("aten::batch_norm", "torch.batch_norm"),
    ("aten::max_pool2d", "torch.max_pool2d"),
    ("aten::constant_pad_nd", "torch.constant_pad_nd"),
];

/// Ops whose Python function takes the schema's keyword arguments, and the keyword
/// arguments left out when they are the default: `torch.nn.functional.gelu(x)` calls
/// `aten::gelu(x, approximate="none")`, `torch.full(size, v, dtype=d)` calls `aten::full`
/// with no layout, device or pinning.
const KWARG_FUNCS: &[(&str, &str, &[&str])] = &[
    ("aten::gelu", "torch.nn.functional.gelu", &["approximate=\"none\""]),
    ("aten::full", "torch.full", &["layout=None", "device=None", "pin_memory=None"]),
];

/// The plain spelling of a call, when it has one: [`PLAIN_FUNCS`] (schemas without
/// keyword-only arguments), [`KWARG_FUNCS`], and the operators of `add`/`sub` with alpha 1, `mul`, `div` on
/// two tensors (`Tensor.__add__` calls `aten::add.Tensor` with alpha 1, ...).
pub fn plain(schema: &str, args: &[String], kwargs: bool) -> Option<String> {
    if let Some((_, f)) = PLAIN_FUNCS.iter().find(|(s, _)| *s == schema) {
        return (!kwargs).then(|| format!("{f}({})", args.join(", ")));
    }
    if let Some((_, f, defaults)) = KWARG_FUNCS.iter().find(|(s, ..)| *s == schema) {
        let args: Vec<&str> = args.iter().map(String::as_str).filter(|a| !defaults.contains(a)).collect();
        return Some(format!("{f}({})", args.join(", ")));
    }
    let op = match schema {
        // An int constant is inlined as its digits: `alpha=1` is the constant 1 (a value
        // computed at run time would be a name).
        "aten::add.Tensor" if args.get(2).map(String::as_str) == Some("alpha=1") => "+",
        "aten::sub.Tensor" if args.get(2).map(String::as_str) == Some("alpha=1") => "-",
        "aten::mul.Tensor" => "*",
        "aten::div.Tensor" => "/",
        _ => return None,
    };
    // Operands that are calls or literals are parenthesized only when they are not names.
    let wrap = |s: &String| if s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') { s.clone() } else { format!("({s})") };
    Some(format!("{} {op} {}", wrap(&args[0]), wrap(&args[1])))
}

/// The Python literal of a `torch.constant.*`.
pub fn constant(m: &Module, op: OpId) -> Result<String, String> {
    let name = m.op_name(op);
    if name == "torch.constant.none" {
        return Ok("None".to_string());
    }
    let bad = || format!("--emit=pytorch: {name} without a readable value");
    let a = inherent(m, op, "value").ok_or_else(bad)?;
    let a = m.ctx.resolved_attr(a);
    Ok(match (name, m.ctx.attr_data(a)) {
        ("torch.constant.int", AttrData::Int { spelling, .. }) => {
            crate::ir::context::parse_int_spelling(m.ctx.str(*spelling)).ok_or_else(bad)?.to_string()
        }
        ("torch.constant.bool", AttrData::Bool(b)) => if *b { "True" } else { "False" }.to_string(),
        ("torch.constant.bool", AttrData::Int { spelling, .. }) => {
            if crate::ir::context::parse_int_spelling(m.ctx.str(*spelling)).ok_or_else(bad)? != 0 { "True" } else { "False" }.to_string()
        }
        ("torch.constant.float", AttrData::Float { spelling, .. } | AttrData::Int { spelling, .. }) => {
            let sem = crate::printer::float::float_sem("f64").ok_or_else(bad)?;
            let text = m.ctx.str(*spelling);
            let x = match crate::ir::context::parse_int_spelling(text) {
                Some(i) if !text.trim_start_matches('-').starts_with("0x") => i as f64,
                _ => crate::passes::folding::tensor::bits_to_f64(sem, sem.literal_bits(text).ok_or_else(bad)?),
            };
            super::weights::python_float(x, false)
        }
        ("torch.constant.str" | "torch.constant.device", _) => {
            let bytes = m.ctx.string_value(a).ok_or_else(bad)?;
            python_str(&String::from_utf8_lossy(&bytes))
        }
        _ => return Err(bad()),
    })
}

/// A Python string literal.
pub fn python_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
