//! Printing of operations: MLIR's generic form, and the tfg custom forms (node form,
//! `tfg.graph`, `tfg.func`, `return`, `yield`, `condition`, `get_result`, the region ops)
//! plus `module`. A custom form that cannot express an op (control tokens out of order,
//! unexpected attributes) falls back to the generic form, as tfg's printer does.

use crate::ir::attrs::{AttrData, NamedAttr};
use crate::ir::types::TypeData;
use crate::ir::{BlockId, CommentAnchor, OpForm, OpId, RegionId, TypeId, ValueId};

use super::attrs::{write_attr, write_dict, write_entries};
use super::segments;
use super::Printer;

const KEYWORD_ATTRS: [(&str, &str); 3] =
    [("_mlir_device", "device"), ("_mlir_assigned_device", "assigned_device"), ("_mlir_name", "name")];

const FUNC_SIGNATURE_ATTRS: [&str; 6] = ["sym_name", "generic", "sym_visibility", "function_type", "arg_attrs", "res_attrs"];

impl Printer<'_> {
    /// Prints `op` (with its comments and regions) on its own line(s) at `indent`.
    pub fn print_op(&mut self, op: OpId, indent: usize) {
        self.place_eol_comment();
        self.print_comments(CommentAnchor::BeforeOp(op), indent);
        self.indent(indent);
        self.note_eol_comment(op, self.out.len());
        let m = self.m;
        if self.names.write_result_list(m, op, &mut self.out) {
            self.out.push_str(" = ");
        }
        let custom_ok = !self.opts.generic && (self.opts.canonical || m.body.op(op).form == OpForm::Custom);
        if !(custom_ok && self.print_custom(op, indent)) {
            self.print_generic(op, indent);
        }
        if self.opts.debuginfo && (self.opts.canonical || m.body.op(op).loc.is_some()) {
            self.out.push(' ');
            super::locs::write_op_loc(&m.ctx, m.body.op(op).loc, self.style, &mut self.out);
        }
        self.place_eol_comment();
        self.out.push('\n');
        self.flush(false);
    }

    // ------------------------------------------------------------------ generic

    fn print_generic(&mut self, op: OpId, indent: usize) {
        let m = self.m;
        let od = m.body.op(op);
        self.out.push('"');
        super::attrs::push_escaped_str(m.ctx.str(od.name), &mut self.out);
        self.out.push_str("\"(");
        let n_succ_operands: u32 = od.successors.iter().map(|s| s.1).sum();
        let n_plain = od.num_operands() - n_succ_operands as usize;
        self.write_values(m.body.operands(op).take(n_plain));
        self.out.push(')');
        if !od.successors.is_empty() {
            self.out.push('[');
            for (i, (b, _)) in od.successors.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.out.push('^');
                let label = self.names.block_label(*b).to_string();
                self.out.push_str(&label);
            }
            self.out.push(']');
        }
        // MLIR's generic syntax puts properties before the regions. tfg's operand segment
        // sizes, implied by the custom form, are spelled out here.
        let name = m.ctx.str(od.name);
        let has_segments = od.properties.is_some_and(|p| m.ctx.dict_entries(p).iter().any(|e| m.ctx.str(e.name) == segments::SEGMENTS));
        let control = m.body.operands(op).map(|v| m.ctx.is_control_type(m.body.value(v).ty));
        let segments = if has_segments { None } else { segments::tfg_operand_segments(name, control) };
        match (od.properties, segments) {
            (Some(p), None) => {
                self.out.push_str(" <");
                write_attr(&m.ctx, p, self.style, &mut self.out);
                self.out.push('>');
            }
            (p, Some(sizes)) => {
                self.out.push_str(" <{");
                if let Some(p) = p {
                    write_entries(&m.ctx, m.ctx.dict_entries(p).iter(), self.style, &mut self.out);
                    if !m.ctx.dict_entries(p).is_empty() {
                        self.out.push_str(", ");
                    }
                }
                self.out.push_str(segments::SEGMENTS);
                self.out.push_str(" = ");
                self.out.push_str(&segments::segments_text(&sizes));
                self.out.push_str("}>");
            }
            (None, None) => {}
        }
        if !od.regions.is_empty() {
            self.out.push_str(" (");
            for (i, &r) in od.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(r, indent, true, true);
            }
            self.out.push(')');
        }
        if !od.attrs.is_empty() {
            self.out.push(' ');
            self.push_dict(&od.attrs);
        }
        self.out.push_str(" : (");
        self.push_value_types(m.body.operands(op));
        self.out.push_str(") -> ");
        let results = m.body.results(op);
        if let [single] = results {
            self.push_result_types(&[m.body.value(*single).ty]);
        } else {
            self.out.push('(');
            self.push_value_types(results.iter().copied());
            self.out.push(')');
        }
    }

    // ------------------------------------------------------------------ regions

    /// `{ blocks }`. `entry_args`: print the entry block's header when it has arguments;
    /// `empty_header`: print `^bb0:` for an empty entry block (generic form does).
    pub fn print_region(&mut self, r: RegionId, indent: usize, entry_args: bool, empty_header: bool) {
        let m = self.m;
        self.out.push_str("{\n");
        let blocks = m.body.region(r).blocks.clone();
        for (i, &b) in blocks.iter().enumerate() {
            let bd = m.body.block(b);
            let is_entry = i == 0;
            let empty = m.body.block_len(b) == 0;
            let header = !is_entry || (entry_args && !bd.args.is_empty()) || (empty_header && empty && bd.args.is_empty())
                || (!self.opts.canonical && is_entry && bd.label.is_some() && (entry_args || !bd.args.is_empty()));
            self.print_comments(CommentAnchor::BeforeBlock(b), indent);
            if header {
                self.print_block_header(b, indent);
            }
            self.print_block_ops(b, indent + 2);
            self.print_block_end_comments(b, indent + 2);
        }
        self.indent(indent);
        self.out.push('}');
    }

    fn print_block_header(&mut self, b: BlockId, indent: usize) {
        let m = self.m;
        let bd = m.body.block(b);
        self.indent(indent);
        self.out.push('^');
        let label = self.names.block_label(b).to_string();
        self.out.push_str(&label);
        if !bd.args.is_empty() {
            self.out.push('(');
            for (i, &a) in bd.args.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.names.write_use(self.m, a, &mut self.out);
                self.out.push_str(": ");
                self.push_type(m.body.value(a).ty);
                if self.opts.debuginfo && (self.opts.canonical || bd.arg_info[i].loc.is_some()) {
                    self.out.push(' ');
                    super::locs::write_arg_loc(&m.ctx, bd.arg_info[i].loc, self.style, &mut self.out);
                }
            }
            self.out.push(')');
        }
        self.out.push(':');
        if self.opts.canonical {
            self.print_predecessors(b);
        }
        self.out.push('\n');
    }

    /// MLIR's `// pred: ^bb0` comment after a block label.
    fn print_predecessors(&mut self, b: BlockId) {
        let m = self.m;
        let Some(region) = m.body.block(b).parent else { return };
        let blocks = &m.body.region(region).blocks;
        // Built once per region: asking every block for its predecessors by a scan of the
        // region would make a region of N blocks cost N^2.
        if let std::collections::hash_map::Entry::Vacant(slot) = self.preds.entry(region) {
            let mut map: rustc_hash::FxHashMap<BlockId, Vec<usize>> = Default::default();
            for (idx, &pb) in blocks.iter().enumerate() {
                for op in m.body.block_ops(pb) {
                    for (s, _) in &m.body.op(op).successors {
                        map.entry(*s).or_default().push(idx);
                    }
                }
            }
            slot.insert(map);
        }
        let mut preds: Vec<usize> = self.preds.get(&region).and_then(|map| map.get(&b)).cloned().unwrap_or_default();
        let is_entry = blocks.first() == Some(&b);
        if preds.is_empty() {
            if !is_entry {
                self.out.push_str("  // no predecessors");
            }
            return;
        }
        preds.sort();
        // MLIR's `getSinglePredecessor`: exactly one predecessor edge.
        if preds.len() == 1 {
            self.out.push_str("  // pred: ^");
            let label = self.names.block_label(blocks[preds[0]]).to_string();
            self.out.push_str(&label);
        } else {
            self.out.push_str(&format!("  // {} preds: ", preds.len()));
            for (i, &p) in preds.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.out.push('^');
                let label = self.names.block_label(blocks[p]).to_string();
                self.out.push_str(&label);
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    fn write_values(&mut self, values: impl Iterator<Item = ValueId>) {
        for (i, v) in values.enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.names.write_use(self.m, v, &mut self.out);
        }
    }

    /// The types of `values`, comma separated.
    fn push_value_types(&mut self, values: impl Iterator<Item = ValueId>) {
        for (i, v) in values.enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.push_type(self.m.body.value(v).ty);
        }
    }

    fn is_ctl(&self, v: ValueId) -> bool {
        self.m.ctx.is_control_type(self.m.body.value(v).ty)
    }

    /// Data operands then control operands, or `None` if a data operand follows a control one.
    fn split_operands(&self, op: OpId) -> Option<(Vec<ValueId>, Vec<ValueId>)> {
        let mut data = Vec::new();
        let mut ctls = Vec::new();
        for v in self.m.body.operands(op) {
            if self.is_ctl(v) {
                ctls.push(v);
            } else if !ctls.is_empty() {
                return None;
            } else {
                data.push(v);
            }
        }
        Some((data, ctls))
    }

    /// Data results, if every control result comes after them and exactly one is last.
    fn data_results(&self, op: OpId) -> Option<Vec<ValueId>> {
        let results = self.m.body.results(op);
        let (last, rest) = results.split_last()?;
        if !self.is_ctl(*last) || rest.iter().any(|&v| self.is_ctl(v)) {
            return None;
        }
        Some(rest.to_vec())
    }

    /// The op name as printed in custom form: `tfg.` elided inside tfg bodies.
    fn custom_name(&mut self, op: OpId) {
        let m = self.m;
        let name = m.op_name(op);
        let in_tfg = m.body.parent_op(op).map(|p| m.op_name(p).starts_with("tfg.")).unwrap_or(false);
        match name.strip_prefix("tfg.") {
            // Only a name without a dot reads back as a tfg op (`graps.` would be a dialect op).
            Some(short) if in_tfg && !short.contains('.') => self.out.push_str(short),
            _ => self.out.push_str(name),
        }
    }

    fn attr_str(&self, op: OpId, key: &str) -> Option<String> {
        let a = self.m.op_attr(op, key)?;
        let bytes = self.m.ctx.string_value(a)?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// ` device("..") assigned_device("..") name("..")`, then ` {other attrs}`.
    fn print_keyword_attrs(&mut self, op: OpId, elide: &[&str]) -> bool {
        let m = self.m;
        for (key, kw) in KEYWORD_ATTRS {
            if let Some(a) = m.op_attr(op, key) {
                let AttrData::String { spelling, ty: None } = m.ctx.attr_data(a) else { return false };
                self.out.push(' ');
                self.out.push_str(kw);
                self.out.push_str("(\"");
                let raw = crate::ir::context::unescape_string(m.ctx.str(*spelling));
                // tfg prints the value between quotes without escaping it; where that would
                // not read back (a quote, a backslash, a control character, bytes that are
                // not UTF-8), the escaped spelling is printed instead, which does.
                let plain = std::str::from_utf8(&raw).ok().filter(|t| !t.chars().any(|c| c == '"' || c == '\\' || c.is_control()));
                if let (true, Some(text)) = (self.opts.canonical, plain) {
                    self.out.push_str(text);
                } else if self.opts.canonical {
                    self.out.push_str(&crate::ir::context::escape_bytes(&raw));
                } else {
                    self.out.push_str(m.ctx.str(*spelling));
                }
                self.out.push_str("\")");
            }
        }
        let rest: Vec<NamedAttr> = m
            .body
            .op(op)
            .attrs
            .iter()
            .filter(|a| {
                let k = m.ctx.str(a.name);
                !KEYWORD_ATTRS.iter().any(|(key, _)| *key == k) && !elide.contains(&k)
            })
            .copied()
            .collect();
        self.print_attr_dict(&rest);
        true
    }

    /// `@name`, quoted when it is not a bare identifier (MLIR's symbol names).
    pub(super) fn push_symbol(&mut self, name: &str) {
        self.out.push('@');
        if super::attrs::is_bare_identifier(name) {
            self.out.push_str(name);
        } else {
            self.out.push('"');
            self.out.push_str(&crate::ir::context::escape_bytes(name.as_bytes()));
            self.out.push('"');
        }
    }

    fn print_attr_dict(&mut self, attrs: &[NamedAttr]) {
        if !attrs.is_empty() {
            self.out.push(' ');
            self.push_dict(attrs);
        }
    }

    fn types_of(&self, values: &[ValueId]) -> Vec<TypeId> {
        values.iter().map(|&v| self.m.body.value(v).ty).collect()
    }

    // ------------------------------------------------------------------ custom forms

    /// Prints the custom form of `op`; false (and nothing printed) if it has none.
    /// Invariant: a custom printer only gives up before it prints a region (regions stream
    /// their ops to the sink, so what was printed cannot be taken back after that).
    fn print_custom(&mut self, op: OpId, indent: usize) -> bool {
        let m = self.m;
        let name = m.op_name(op);
        let mark = self.out.len();
        let ok = match name {
            "builtin.module" => self.print_module_op(op, indent),
            "tfg.graph" => self.print_graph(op, indent),
            "tfg.func" => self.print_func(op, indent),
            "tfg.return" => self.print_return(op),
            "tfg.yield" => self.print_yield(op),
            "tfg.condition" => self.print_condition(op),
            "tfg.get_result" => self.print_get_result(op),
            _ if is_region_op(name) => self.print_region_op(op, indent),
            "func.func" => self.print_func_func(op, indent),
            "func.return" => self.print_func_return(op),
            _ if name.starts_with("torch.") => match crate::syntax::torch::torch_form(name) {
                Some(form) => self.print_torch(op, form, indent),
                None => false,
            },
            _ if name.starts_with("tfg.") || (!self.opts.canonical && m.body.op(op).form == OpForm::Custom) => self.print_node(op),
            _ => false,
        };
        if !ok {
            self.out.truncate(mark);
        }
        ok
    }

    fn print_node(&mut self, op: OpId) -> bool {
        let m = self.m;
        let od = m.body.op(op);
        if !od.regions.is_empty() || !od.successors.is_empty() || od.properties.is_some() {
            return false;
        }
        let Some((data, ctls)) = self.split_operands(op) else { return false };
        let Some(results) = self.data_results(op) else { return false };
        self.custom_name(op);
        self.print_operand_groups("(", &data, &ctls);
        if !self.print_keyword_attrs(op, &[]) {
            return false;
        }
        if results.is_empty() {
            if !data.is_empty() {
                self.out.push_str(" : ");
                self.push_types(&self.types_of(&data));
            }
        } else {
            self.out.push_str(" : (");
            self.push_types(&self.types_of(&data));
            self.out.push_str(") -> (");
            self.push_types(&self.types_of(&results));
            self.out.push(')');
        }
        true
    }

    fn print_module_op(&mut self, op: OpId, indent: usize) -> bool {
        let m = self.m;
        let od = m.body.op(op);
        if od.regions.len() != 1 || m.body.region(od.regions[0]).blocks.len() != 1 || !m.body.results(op).is_empty() {
            return false;
        }
        self.out.push_str("module");
        let mut rest = Vec::new();
        for a in &od.attrs {
            if m.ctx.str(a.name) == "sym_name" {
                let Some(n) = m.ctx.string_value(a.value) else { return false };
                self.out.push_str(" @");
                self.out.push_str(&String::from_utf8_lossy(&n));
            } else {
                rest.push(*a);
            }
        }
        if !rest.is_empty() {
            self.out.push_str(" attributes ");
            write_dict(&m.ctx, &rest, self.style, &mut self.out);
        }
        self.out.push(' ');
        self.print_region(od.regions[0], indent, false, false);
        true
    }

    fn print_graph(&mut self, op: OpId, indent: usize) -> bool {
        let m = self.m;
        let od = m.body.op(op);
        if od.regions.len() != 1 || od.attrs.len() != 1 || m.ctx.str(od.attrs[0].name) != "version" || od.num_operands() != 0 || !od.results.is_empty() {
            return false;
        }
        if m.body.region(od.regions[0]).blocks.len() != 1 || !m.body.block(m.body.region(od.regions[0]).blocks[0]).args.is_empty() {
            return false;
        }
        self.custom_name(op);
        self.out.push(' ');
        write_attr(&m.ctx, od.attrs[0].value, self.style, &mut self.out);
        self.out.push(' ');
        self.print_region(od.regions[0], indent, false, false);
        true
    }

    fn print_func(&mut self, op: OpId, indent: usize) -> bool {
        let m = self.m;
        let ctx = &m.ctx;
        let od = m.body.op(op);
        if od.regions.len() != 1 || od.num_operands() != 0 || !od.results.is_empty() {
            return false;
        }
        let blocks = &m.body.region(od.regions[0]).blocks;
        if blocks.len() != 1 {
            return false;
        }
        let entry = blocks[0];
        let Some(fn_ty) = m.op_attr(op, "function_type") else { return false };
        let AttrData::Type(fn_ty) = ctx.attr_data(fn_ty) else { return false };
        let TypeData::Function { inputs, results } = ctx.type_data(ctx.resolved_type(*fn_ty)) else { return false };
        let args = &m.body.block(entry).args;
        if inputs.len() != args.len() || !args.len().is_multiple_of(2) {
            return false;
        }
        for (i, &a) in args.iter().enumerate() {
            if ctx.resolved_type(m.body.value(a).ty) != ctx.resolved_type(inputs[i]) || (i % 2 == 1) != self.is_ctl(a) {
                return false;
            }
        }
        let list = |key: &str, n: usize| -> Option<Option<Vec<crate::ir::AttrId>>> {
            match m.op_attr(op, key) {
                None => Some(None),
                Some(a) => match ctx.attr_data(a) {
                    AttrData::Array(items) if items.len() == n => Some(Some(items.clone())),
                    _ => None,
                },
            }
        };
        let Some(arg_attrs) = list("arg_attrs", args.len()) else { return false };
        let Some(res_attrs) = list("res_attrs", results.len()) else { return false };
        let Some(name) = self.attr_str(op, "sym_name") else { return false };
        let visibility = self.attr_str(op, "sym_visibility");
        let generic = m.op_attr(op, "generic").is_some();
        self.custom_name(op);
        self.out.push(' ');
        let op_name_len = m.op_name(op).len();
        let mut arg_indent = op_name_len + 3;
        if let Some(v) = &visibility {
            self.out.push_str(v);
            self.out.push(' ');
            arg_indent += v.len() + 1;
        }
        if generic {
            self.out.push_str("generic ");
        }
        self.push_symbol(&name);
        arg_indent += name.len();
        self.out.push('(');
        for i in (0..args.len()).step_by(2) {
            self.names.write_use(self.m, args[i], &mut self.out);
            self.out.push_str(": ");
            self.push_type(inputs[i]);
            if let Some(list) = &arg_attrs {
                let entries = ctx.dict_entries(list[i]);
                if !entries.is_empty() {
                    self.out.push(' ');
                    write_dict(ctx, entries, self.style, &mut self.out);
                }
            }
            if self.opts.debuginfo && (self.opts.canonical || m.body.block(entry).arg_info[i].loc.is_some()) {
                self.out.push(' ');
                super::locs::write_arg_loc(ctx, m.body.block(entry).arg_info[i].loc, self.style, &mut self.out);
            }
            if i + 2 != args.len() {
                // tfg's printer leaves a space before the line break.
                self.out.push_str(if self.opts.canonical { ", \n" } else { ",\n" });
                self.indent(indent + arg_indent);
            }
        }
        self.out.push(')');
        if !results.is_empty() {
            self.out.push('\n');
            self.indent(indent);
            self.out.push_str("     -> (");
            for (i, &t) in results.iter().enumerate() {
                self.push_type(t);
                if let Some(list) = &res_attrs {
                    let entries = ctx.dict_entries(list[i]);
                    if !entries.is_empty() {
                        self.out.push(' ');
                        write_dict(ctx, entries, self.style, &mut self.out);
                    }
                }
                if i + 1 != results.len() {
                    self.out.push_str(if self.opts.canonical { ", \n" } else { ",\n" });
                    self.indent(indent + 9);
                }
            }
            self.out.push(')');
        }
        let rest: Vec<NamedAttr> =
            od.attrs.iter().filter(|a| !FUNC_SIGNATURE_ATTRS.contains(&ctx.str(a.name))).copied().collect();
        self.out.push('\n');
        self.indent(indent);
        if !rest.is_empty() {
            self.out.push_str(" attributes ");
            write_dict(ctx, &rest, self.style, &mut self.out);
        }
        self.out.push(' ');
        self.print_region(od.regions[0], indent, false, false);
        true
    }

    fn print_return(&mut self, op: OpId) -> bool {
        let m = self.m;
        let ctx = &m.ctx;
        if !m.body.results(op).is_empty() || !m.body.op(op).regions.is_empty() {
            return false;
        }
        let Some((data, ctls)) = self.split_operands(op) else { return false };
        let ret_attrs: Vec<crate::ir::AttrId> = match m.op_attr(op, "control_ret_attrs") {
            None => vec![],
            Some(a) => match ctx.attr_data(a) {
                AttrData::Array(items) if items.len() == ctls.len() && items.iter().all(|&i| matches!(ctx.attr_data(i), AttrData::Dict(_))) => items.clone(),
                _ => return false,
            },
        };
        self.custom_name(op);
        self.print_operand_groups("(", &data, &[]);
        if !ctls.is_empty() {
            self.out.push_str(" [");
            for (i, &c) in ctls.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.names.write_use(self.m, c, &mut self.out);
                if let Some(&d) = ret_attrs.get(i) {
                    if !ctx.dict_entries(d).is_empty() {
                        self.out.push(' ');
                        write_attr(ctx, d, self.style, &mut self.out);
                    }
                }
            }
            self.out.push(']');
        }
        if !self.print_keyword_attrs(op, &["control_ret_attrs"]) {
            return false;
        }
        if !data.is_empty() {
            self.out.push_str(" : ");
            self.push_types(&self.types_of(&data));
        }
        true
    }

    fn print_yield(&mut self, op: OpId) -> bool {
        let m = self.m;
        if !m.body.results(op).is_empty() || !m.body.op(op).regions.is_empty() {
            return false;
        }
        let Some((data, ctls)) = self.split_operands(op) else { return false };
        self.custom_name(op);
        self.print_terminator_tail(op, "(", &data, &ctls);
        true
    }

    /// `(data) [ctls]` of the tfg custom forms, each only when not empty, `open` starting
    /// the data list.
    fn print_operand_groups(&mut self, open: &str, data: &[ValueId], ctls: &[ValueId]) {
        if !data.is_empty() {
            self.out.push_str(open);
            self.write_values(data.iter().copied());
            self.out.push(')');
        }
        if !ctls.is_empty() {
            self.out.push_str(" [");
            self.write_values(ctls.iter().copied());
            self.out.push(']');
        }
    }

    /// `(args) [ctls] {attrs} : arg types`, each part only when there is something to
    /// print, `open` starting the argument list: the tail `yield` and `condition` share.
    fn print_terminator_tail(&mut self, op: OpId, open: &str, args: &[ValueId], ctls: &[ValueId]) {
        self.print_operand_groups(open, args, ctls);
        let attrs = self.m.body.op(op).attrs.clone();
        self.print_attr_dict(&attrs);
        if !args.is_empty() {
            self.out.push_str(" : ");
            self.push_types(&self.types_of(args));
        }
    }

    fn print_condition(&mut self, op: OpId) -> bool {
        let m = self.m;
        if !m.body.results(op).is_empty() {
            return false;
        }
        let Some((data, ctls)) = self.split_operands(op) else { return false };
        let Some((&cond, args)) = data.split_first() else { return false };
        self.custom_name(op);
        self.out.push(' ');
        self.names.write_use(self.m, cond, &mut self.out);
        self.out.push_str(" : ");
        self.push_type(m.body.value(cond).ty);
        self.print_terminator_tail(op, " (", args, &ctls);
        true
    }

    fn print_get_result(&mut self, op: OpId) -> bool {
        let m = self.m;
        let ctx = &m.ctx;
        if m.body.num_operands(op) != 1 || m.body.results(op).len() != 1 {
            return false;
        }
        let (Some(port), Some(number)) = (self.attr_str(op, "name"), m.op_attr(op, "number").and_then(|a| ctx.int_value(a))) else {
            return false;
        };
        let rest: Vec<NamedAttr> = m.body.op(op).attrs.iter().filter(|a| !["name", "number"].contains(&ctx.str(a.name))).copied().collect();
        self.custom_name(op);
        self.out.push('(');
        self.names.write_use(self.m, m.body.operand(op, 0), &mut self.out);
        self.out.push_str(") \"");
        self.out.push_str(&crate::ir::context::escape_bytes(port.as_bytes()));
        self.out.push_str("\" : ");
        self.out.push_str(&number.to_string());
        self.print_attr_dict(&rest);
        true
    }

    fn print_region_op(&mut self, op: OpId, indent: usize) -> bool {
        let m = self.m;
        let name = m.op_name(op);
        let Some((data, ctls)) = self.split_operands(op) else { return false };
        let Some(results) = self.data_results(op) else { return false };
        let regions = m.body.op(op).regions.clone();
        let kind = name.trim_start_matches("tfg.").trim_start_matches("Stateless").trim_start_matches("Stateful");
        let ok_shape = match kind {
            "IfRegion" => regions.len() == 2 && data.len() == 1,
            "CaseRegion" => !regions.is_empty() && data.len() == 1,
            "WhileRegion" => regions.len() == 2,
            "ForRegion" => regions.len() == 1 && data.len() >= 3,
            _ => false,
        };
        if !ok_shape {
            return false;
        }
        self.custom_name(op);
        let ctl_list = |p: &mut Self| {
            if !ctls.is_empty() {
                p.out.push_str(" [");
                p.write_values(ctls.iter().copied());
                p.out.push(']');
            }
        };
        match kind {
            "IfRegion" => {
                self.out.push(' ');
                self.names.write_use(self.m, data[0], &mut self.out);
                ctl_list(self);
                self.out.push_str(" then ");
                self.print_region(regions[0], indent, true, false);
                self.out.push_str(" else ");
                self.print_region(regions[1], indent, true, false);
            }
            "CaseRegion" => {
                self.out.push(' ');
                self.names.write_use(self.m, data[0], &mut self.out);
                ctl_list(self);
                for (i, &r) in regions.iter().enumerate() {
                    self.out.push_str(if i > 0 { ", " } else { " " });
                    self.print_region(r, indent, true, false);
                }
            }
            "WhileRegion" => {
                self.out.push('(');
                self.write_values(data.iter().copied());
                self.out.push(')');
                ctl_list(self);
                self.out.push(' ');
                self.print_region(regions[0], indent, true, false);
                self.out.push_str(" do ");
                self.print_region(regions[1], indent, true, false);
            }
            _ => {
                let (bounds, init) = data.split_at(3);
                if !init.is_empty() {
                    self.out.push('(');
                    self.write_values(init.iter().copied());
                    self.out.push(')');
                }
                ctl_list(self);
                self.out.push_str(" from ");
                self.names.write_use(self.m, bounds[0], &mut self.out);
                self.out.push_str(" to ");
                self.names.write_use(self.m, bounds[1], &mut self.out);
                self.out.push_str(" by ");
                self.names.write_use(self.m, bounds[2], &mut self.out);
                self.out.push(' ');
                self.print_region(regions[0], indent, true, false);
            }
        }
        let in_types = self.types_of(&data);
        let attrs = m.body.op(op).attrs.clone();
        self.print_attr_dict(&attrs);
        let out_types = self.types_of(&results);
        if kind == "ForRegion" {
            // tfg prints every data operand (bounds included) and parenthesized results.
            self.out.push_str(" : (");
            self.push_types(&in_types);
            self.out.push(')');
            if !out_types.is_empty() {
                self.out.push_str(" -> (");
                self.push_types(&out_types);
                self.out.push(')');
            }
            return true;
        }
        self.out.push_str(" : (");
        self.push_types(&in_types);
        self.out.push_str(") -> ");
        self.push_result_types(&out_types);
        true
    }
}

/// Names of the tfg region-based control-flow ops.
pub fn is_region_op(name: &str) -> bool {
    let n = name.trim_start_matches("tfg.");
    matches!(
        n,
        "IfRegion" | "StatelessIfRegion" | "StatefulIfRegion" | "CaseRegion" | "StatelessCaseRegion" | "StatefulCaseRegion"
            | "WhileRegion" | "StatelessWhileRegion" | "StatefulWhileRegion" | "ForRegion"
    )
}

