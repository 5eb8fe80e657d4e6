//! `--name-map=FILE`: a JSON object from each original node name to the names of the ops
//! that now stand for it, read from the fused locations rewrites leave on new ops (see
//! [`super::rewriter`]): every op with a fused location lists the names in it (a node
//! rewritten under its own name maps to itself), and an op with a name location naming
//! another op maps that name to it. Entries are sorted by original name, new names in
//! the order the ops are printed.

use std::collections::BTreeMap;

use super::rewriter::{origin_names, own_name};
use crate::ir::{AttrData, Location, Module};

/// Original name → new op names, over several modules (the chunks of one input).
pub fn collect(modules: &[&Module]) -> BTreeMap<String, Vec<String>> {
    let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in modules {
        for top in m.top_ops() {
            m.body.walk(top, |op| {
                let Some(loc) = m.body.op(op).loc else { return };
                let fused = matches!(m.ctx.attr_data(m.ctx.resolved_attr(loc)), AttrData::Loc(Location::Fused { .. }));
                let origins = origin_names(m, op);
                let Some(me) = own_name(m, op) else { return };
                if origins.is_empty() || (!fused && origins == [me.clone()]) {
                    return;
                }
                for o in origins {
                    let e = map.entry(o).or_default();
                    if !e.contains(&me) {
                        e.push(me.clone());
                    }
                }
            });
        }
    }
    map
}

/// The map as pretty JSON text.
pub fn to_json(map: &BTreeMap<String, Vec<String>>) -> String {
    let mut s = serde_json::to_string_pretty(map).unwrap_or_else(|_| "{}".to_string());
    s.push('\n');
    s
}
