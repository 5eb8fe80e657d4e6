//! Python identifiers for `--emit=pytorch`: graph names (TensorFlow node names such as
//! `dense/kernel`, MLIR value names, op names) made into identifiers, and one [`Names`] scope
//! per namespace (the locals of `forward`, the attributes of the module) that keeps them
//! unique and clear of Python's keywords and the names the template uses.

use std::collections::HashSet;

/// Python's keywords and soft keywords, and builtins: those the generated code calls
/// (`float`, `range`) and the common ones a name should not shadow (`sum`, `abs`, `next`).
const PYTHON_RESERVED: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
    "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "match", "case", "type",
    "float", "int", "bool", "str", "list", "tuple", "len", "range", "print", "sum", "abs", "max", "min", "round",
    "pow", "next", "all", "any", "input", "slice", "iter", "map", "zip", "id", "hash", "format", "divmod", "filter",
    "sorted", "reversed", "set", "dict", "bytes", "complex", "enumerate", "object", "super", "open", "repr", "vars",
    "dir", "eval", "exec", "compile", "isinstance", "getattr", "setattr",
];

/// Names `forward` itself uses (the module, the template's imports).
pub const LOCAL_RESERVED: &[&str] = &["self", "torch", "os", "load_file", "load", "Model", "WEIGHTS"];

/// Attributes every `torch.nn.Module` has: a weight of that name could not be registered.
pub const MODULE_RESERVED: &[&str] = &[
    "training", "forward", "eval", "train", "to", "cuda", "cpu", "xpu", "ipu", "mtia", "float", "double", "half",
    "bfloat16", "type", "state_dict", "load_state_dict", "parameters", "buffers", "modules", "children",
    "named_parameters", "named_buffers", "named_modules", "named_children", "apply", "register_buffer",
    "register_parameter", "register_module", "add_module", "zero_grad", "requires_grad_", "share_memory",
    "extra_repr", "dump_patches", "call_super_init", "get_parameter", "get_buffer", "get_submodule",
    "get_extra_state", "set_extra_state", "to_empty", "compile", "T_destination",
];

/// `name` as a Python identifier: every run of characters that cannot be in one becomes one
/// `_` (`dense/kernel:0` → `dense_kernel_0`), a leading digit gets `n` before it; `None`
/// when nothing is left.
pub fn sanitize(name: &str) -> Option<String> {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_matches('_');
    if out.is_empty() {
        return None;
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        return Some(format!("n{out}"));
    }
    Some(out.to_string())
}

/// Whether `s` is all digits (`%3`: a name that says nothing).
pub fn is_numeric(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

/// `arg0`, `arg12`: the names MLIR gives arguments, which say nothing.
pub fn is_numbered_arg(s: &str) -> bool {
    s.strip_prefix("arg").is_some_and(is_numeric)
}

/// One namespace of identifiers.
pub struct Names {
    taken: HashSet<String>,
}

impl Names {
    /// A scope in which `reserved` (and Python's keywords) are never given out.
    pub fn new(reserved: &[&str]) -> Self {
        let taken = PYTHON_RESERVED.iter().chain(reserved).map(|s| s.to_string()).collect();
        Names { taken }
    }

    /// A fresh identifier made from `base` (already sanitized): `base` itself when free, else
    /// `base_1`, `base_2`, ...
    pub fn fresh(&mut self, base: &str) -> String {
        if self.taken.insert(base.to_string()) {
            return base.to_string();
        }
        let mut i = 1;
        loop {
            let c = format!("{base}_{i}");
            if self.taken.insert(c.clone()) {
                return c;
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitizes_graph_names() {
        assert_eq!(sanitize("dense/kernel:0").as_deref(), Some("dense_kernel_0"));
        assert_eq!(sanitize("model/conv2d/Conv2D").as_deref(), Some("model_conv2d_Conv2D"));
        assert_eq!(sanitize("0").as_deref(), Some("n0"));
        assert_eq!(sanitize("//").as_deref(), None);
        assert_eq!(sanitize("a--b").as_deref(), Some("a_b"));
    }

    #[test]
    fn keeps_names_unique_and_clear_of_keywords() {
        let mut n = Names::new(LOCAL_RESERVED);
        assert_eq!(n.fresh("relu"), "relu");
        assert_eq!(n.fresh("relu"), "relu_1");
        assert_eq!(n.fresh("self"), "self_1");
        assert_eq!(n.fresh("lambda"), "lambda_1");
    }
}
