//! Attributes and types from their MLIR text (`f32`, `[1, 2]`, `dense<1.0> : tensor<f32>`,
//! `tensor<1x784xf32>`), interned into a module's context: the text is parsed as a tiny
//! module and imported. Results are cached per text, so a rule applied a million times
//! parses each of its constants once.

use rustc_hash::FxHashMap;

use crate::ir::{AttrId, Module, TypeId};

/// A per-module cache of parsed texts.
#[derive(Default)]
pub struct TextCache {
    attrs: FxHashMap<String, AttrId>,
    types: FxHashMap<String, TypeId>,
}

impl TextCache {
    /// The attribute spelled `text`, interned in `m`.
    pub fn attr(&mut self, m: &mut Module, text: &str) -> Result<AttrId, String> {
        if let Some(&a) = self.attrs.get(text) {
            return Ok(a);
        }
        let src = format!("\"amanda.attr\"() {{v = {}}} : () -> ()\n", text);
        let tiny = crate::syntax::parse_module(&src).map_err(|_| format!("'{}' is not an MLIR attribute", text))?;
        let op = tiny.top_ops()[0];
        let a = tiny.body.attrs(op).first().map(|a| a.value).ok_or_else(|| format!("'{}' is not an MLIR attribute", text))?;
        let map = m.ctx.import(&tiny.ctx);
        let a = map.attr(a);
        self.attrs.insert(text.to_string(), a);
        Ok(a)
    }

    /// The type spelled `text`, interned in `m`.
    pub fn ty(&mut self, m: &mut Module, text: &str) -> Result<TypeId, String> {
        if let Some(&t) = self.types.get(text) {
            return Ok(t);
        }
        let src = format!("\"amanda.type\"() : () -> ({})\n", text);
        let tiny = crate::syntax::parse_module(&src).map_err(|_| format!("'{}' is not an MLIR type", text))?;
        let op = tiny.top_ops()[0];
        let &v = tiny.body.results(op).first().ok_or_else(|| format!("'{}' is not an MLIR type", text))?;
        let t = tiny.body.value_type(v);
        let map = m.ctx.import(&tiny.ctx);
        let t = map.ty(t);
        self.types.insert(text.to_string(), t);
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_become_ids_of_the_module() {
        let mut m = crate::syntax::parse_module("\"a.b\"() {x = [1, 2]} : () -> ()\n").unwrap();
        let mut c = TextCache::default();
        let a = c.attr(&mut m, "[1, 2]").unwrap();
        let op = m.top_ops()[0];
        assert_eq!(m.body.attrs(op)[0].value, a);
        let t = c.ty(&mut m, "tensor<2xf32>").unwrap();
        assert_eq!(crate::printer::type_text(&m, t), "tensor<2xf32>");
        assert!(c.attr(&mut m, "[1, ").is_err());
    }
}
