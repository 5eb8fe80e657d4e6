//! Building a runnable [`OpPipeline`] from what the user wrote, against the registry: the
//! `--pass-pipeline` text ([`from_text`]: explicit nesting, as MLIR's
//! `TextualPipeline::addToPipeline`) and passes given as separate flags ([`from_flags`]:
//! `--NAME`, `--NAME=OPTIONS`, `--pass=NAME{OPTIONS}`, implicit nesting, as mlir-opt adds
//! them). Unknown passes and options, ill-typed option values and anchor mismatches are
//! errors pointing at their column, with a did-you-mean suggestion, rendered as
//! `<pipeline>:1:COL: message` + the text + a caret line.

use super::manager::{Nesting, OpPipeline, PassEntry};
use super::pass::PassOptions;
use super::pipeline::{parse_elements, parse_options, suggest, Element, PipelineError};
use super::registry::PassRegistry;

/// The anchor of the root pipeline: the module.
pub const ROOT_ANCHOR: &str = "builtin.module";

/// A pass given on the command line, with the text errors point into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassFlag {
    /// What errors show (`tfg-cse{x=1}` for `--pass=`, `--tfg-cse=x=1` for `--NAME=`).
    pub text: String,
    /// Where the name ends in `text` for the `--NAME=OPTIONS` form (the options follow the
    /// `=`); `None` for a spec `NAME` / `NAME{OPTIONS}`.
    name_end: Option<usize>,
}

impl PassFlag {
    /// A pass spec: `NAME` or `NAME{OPTIONS}` (`--pass=...`, `--NAME`).
    pub fn from_spec(spec: &str) -> Self {
        PassFlag { text: spec.to_string(), name_end: None }
    }

    /// mlir-opt's `--NAME=OPTIONS`: the value is the whole option string.
    pub fn with_value(name: &str, options: &str) -> Self {
        PassFlag { text: format!("--{}={}", name, options), name_end: Some(2 + name.len()) }
    }

    /// (name, its offset, options, their offset) in `text`.
    fn split(&self) -> Result<(String, usize, String, usize), PipelineError> {
        if let Some(end) = self.name_end {
            return Ok((self.text[2..end].to_string(), 2, self.text[end + 1..].to_string(), end + 1));
        }
        match parse_elements(&self.text)?.as_slice() {
            [Element::Pass { name, pos, options, options_pos }] if !name.is_empty() => {
                Ok((name.clone(), *pos, options.clone(), *options_pos))
            }
            _ => Err(PipelineError::new(0, "expected one pass, as NAME or NAME{OPTIONS}")),
        }
    }
}

/// The root pipeline of passes given as separate flags, in order; a pass anchored on an op
/// other than the module runs on each such op (implicit nesting).
pub fn from_flags(registry: &PassRegistry, flags: &[PassFlag]) -> Result<OpPipeline, String> {
    let mut root = OpPipeline::new(ROOT_ANCHOR, Nesting::Explicit);
    for f in flags {
        let entry = f
            .split()
            .and_then(|(name, pos, options, options_pos)| make_entry(registry, &name, pos, &options, options_pos))
            .map_err(|e| e.render("<command line>", &f.text))?;
        root.add_implicit(entry);
    }
    Ok(root)
}

/// The root pipeline of `--pass-pipeline` text. `builtin.module(...)` (MLIR's form) nests
/// its passes explicitly: a pass anchored on another op is an error. Text that is not one
/// `OP(...)` (the older `a,b{x=1}` form) is read as the passes of the module with implicit
/// nesting. Empty text is an empty pipeline.
pub fn from_text(registry: &PassRegistry, text: &str) -> Result<OpPipeline, String> {
    build_text(registry, text).map_err(|e| e.render("<pipeline>", text))
}

fn build_text(registry: &PassRegistry, text: &str) -> Result<OpPipeline, PipelineError> {
    let mut root = OpPipeline::new(ROOT_ANCHOR, Nesting::Explicit);
    if text.trim().is_empty() {
        return Ok(root);
    }
    let elements = parse_elements(text)?;
    match elements.as_slice() {
        [Element::Nest { op, pos, inner }] => {
            if op != ROOT_ANCHOR {
                return Err(PipelineError::new(*pos, format!("can't run '{}' pass manager on '{}' op", op, ROOT_ANCHOR)));
            }
            add_elements(registry, &mut root, inner)?;
        }
        _ => {
            for e in &elements {
                match e {
                    Element::Pass { name, pos, options, options_pos } => {
                        check_name(name, *pos)?;
                        root.add_implicit(make_entry(registry, name, *pos, options, *options_pos)?);
                    }
                    Element::Nest { .. } => add_elements(registry, &mut root, std::slice::from_ref(e))?,
                }
            }
        }
    }
    Ok(root)
}

fn check_name(name: &str, pos: usize) -> Result<(), PipelineError> {
    if name.is_empty() {
        return Err(PipelineError::new(pos, "expected a pass name or an op name"));
    }
    Ok(())
}

/// Adds explicitly nested elements to `pipeline`.
fn add_elements(registry: &PassRegistry, pipeline: &mut OpPipeline, elements: &[Element]) -> Result<(), PipelineError> {
    use super::manager::Stage;
    for e in elements {
        match e {
            Element::Pass { name, pos, options, options_pos } => {
                check_name(name, *pos)?;
                let entry = make_entry(registry, name, *pos, options, *options_pos)?;
                if let Some(a) = entry.anchor {
                    if a != pipeline.anchor && pipeline.anchor != super::manager::ANY_OP {
                        return Err(PipelineError::new(
                            *pos,
                            format!(
                                "can't add pass '{}' restricted to '{}' on a pass manager intended to run on '{}', did you intend to nest?",
                                name, a, pipeline.anchor
                            ),
                        ));
                    }
                }
                pipeline.stages.push(Stage::Pass(entry));
            }
            Element::Nest { op, pos, inner } => {
                check_name(op, *pos)?;
                let mut nested = OpPipeline::new(op.clone(), Nesting::Explicit);
                add_elements(registry, &mut nested, inner)?;
                pipeline.stages.push(Stage::Nest(nested));
            }
        }
    }
    Ok(())
}

/// One pass from its name and option text (offsets for errors).
fn make_entry(
    registry: &PassRegistry,
    name: &str,
    pos: usize,
    options: &str,
    options_pos: usize,
) -> Result<PassEntry, PipelineError> {
    let Some(info) = registry.get(name) else {
        let mut msg = format!("unknown pass '{}'", name);
        if let Some(s) = suggest(name, registry.all().iter().map(|p| p.name)) {
            msg.push_str(&format!("; did you mean '{}'?", s));
        }
        return Err(PipelineError::new(pos, msg));
    };
    let mut values = Vec::new();
    for arg in parse_options(options) {
        if !info.options.iter().any(|o| o.name == arg.key) {
            let mut msg = format!("no such option '{}' for pass '{}'", arg.key, name);
            match suggest(&arg.key, info.options.iter().map(|o| o.name)) {
                Some(s) => msg.push_str(&format!("; did you mean '{}'?", s)),
                None if info.options.is_empty() => msg.push_str(" (it takes no options)"),
                None => {
                    let names: Vec<&str> = info.options.iter().map(|o| o.name).collect();
                    msg.push_str(&format!(" (options: {})", names.join(", ")));
                }
            }
            return Err(PipelineError::new(options_pos + arg.key_pos, msg));
        }
        let pair = vec![(arg.key.clone(), arg.value.clone())];
        if let Err(e) = PassOptions::new(info.options, pair) {
            return Err(PipelineError::new(options_pos + arg.value_pos, format!("pass '{}': {}", name, e)));
        }
        values.push((arg.key, arg.value));
    }
    let opts = PassOptions::new(info.options, values).map_err(|e| PipelineError::new(pos, format!("pass '{}': {}", name, e)))?;
    let pass = (info.create)(&opts).map_err(|e| PipelineError::new(pos, format!("pass '{}': {}", name, e)))?;
    Ok(PassEntry { name: info.name, anchor: info.anchor, pass, options: options.trim().to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg() -> PassRegistry {
        PassRegistry::default()
    }

    #[test]
    fn module_pipelines_nest_explicitly() {
        let p = from_text(&reg(), "builtin.module(tfg.func(test-mark-func), canonicalize)").unwrap();
        assert_eq!(p.to_text(), "builtin.module(tfg.func(test-mark-func), canonicalize)");
        let p = from_text(&reg(), "canonicalize, verify").unwrap();
        assert_eq!(p.to_text(), "builtin.module(canonicalize, verify)");
        // Implicit nesting in the older form.
        let p = from_text(&reg(), "test-mark-func,test-mark-func").unwrap();
        assert_eq!(p.to_text(), "builtin.module(tfg.func(test-mark-func, test-mark-func))");
        assert!(from_text(&reg(), "  ").unwrap().is_empty());
    }

    #[test]
    fn errors_point_at_the_column_with_a_suggestion() {
        let e = from_text(&reg(), "builtin.module(canonicalise)").unwrap_err();
        assert_eq!(
            e,
            "<pipeline>:1:16: unknown pass 'canonicalise'; did you mean 'canonicalize'?\nbuiltin.module(canonicalise)\n               ^"
        );
        let e = from_text(&reg(), "builtin.module(tfg.graph(test-mark-func))").unwrap_err();
        assert!(e.starts_with("<pipeline>:1:26: can't add pass 'test-mark-func' restricted to 'tfg.func'"), "{}", e);
        let e = from_text(&reg(), "tfg.func(canonicalize)").unwrap_err();
        assert!(e.contains("can't run 'tfg.func' pass manager on 'builtin.module' op"), "{}", e);
        let e = from_text(&reg(), "builtin.module(test-mark{nam=x})").unwrap_err();
        assert!(e.starts_with("<pipeline>:1:26: no such option 'nam' for pass 'test-mark'; did you mean 'name'?"), "{}", e);
    }

    #[test]
    fn flags_nest_implicitly() {
        let flags = [PassFlag::from_spec("test-mark-func"), PassFlag::with_value("test-mark", "name=x"), PassFlag::from_spec("canonicalize")];
        let p = from_flags(&reg(), &flags).unwrap();
        assert_eq!(p.to_text(), "builtin.module(tfg.func(test-mark-func), test-mark{name=x}, canonicalize)");
        let e = from_flags(&reg(), &[PassFlag::with_value("test-mark", "nme=x")]).unwrap_err();
        assert!(e.starts_with("<command line>:1:13: no such option 'nme'"), "{}", e);
    }
}
