//! Reading torch-mlir's custom syntax: `func.func` / `return` (MLIR's func dialect, which
//! torch-mlir's modules are made of) and the `torch` dialect's forms: the default format of
//! the generated ops (`torch.aten.X %a, %b : !t1, !t2 -> !t3`), `torch.constant.*`,
//! `torch.prim.ListConstruct`, `torch.vtensor.literal`, `torch.operator`, `torch.derefine`,
//! `torch.copy.*`, `torch.prim.If` / `Loop` and their terminators. Each form builds exactly
//! the IR that torch-mlir's generic form gives (properties where torch-mlir has them), so
//! `--print-op-generic` of custom text is what `torch-mlir-opt --mlir-print-op-generic`
//! prints. The grammar rules are in grammar/amir.lalrpop (`FuncFuncOp`, `FuncReturnOp`,
//! `TorchOp`); which op takes which form is decided here, by name ([`torch_form`]).

use smallvec::SmallVec;

use crate::ir::attrs::{AttrData, NamedAttr};
use crate::ir::types::TypeData;
use crate::ir::{AttrId, OpForm, RegionId, Span, TypeId};

use super::builder::{check_duplicate_keys, fail, ActionResult, AttrSyntax, FuncArg, OpParts, ParseCx, UseRef};

/// The parameters of a `func.func`: named (a definition) or types only (a declaration).
pub enum FuncParams {
    Named(Vec<FuncArg>),
    Types(Vec<(TypeId, Option<AttrId>)>),
}

/// What the grammar read after a `torch.*` op name.
pub enum TorchSyntax<'a> {
    /// Nothing but an optional attribute dictionary.
    Bare,
    /// `: (ins) -> outs`.
    Functional(TypeId),
    /// `: t1, t2 [-> r1, r2]`; the flag is false for `attr-dict %a : t` (yield's order).
    Lists(Vec<TypeId>, Vec<TypeId>, bool),
    /// `: t1 to t2` (`torch.derefine`, `torch.tensor_static_info_cast`).
    Cast(TypeId, TypeId),
    /// A literal value: `1`, `-2.5`, `true`, `"cpu"`.
    Value(AttrSyntax<'a>, Span),
    /// `(attr) : type`.
    Literal(AttrId, TypeId),
    /// `"name"(operands) : (ins) -> outs {regions}`.
    Operator(&'a str, TypeId, Vec<RegionId>),
    /// `-> (types) {then} else {else}`.
    If(Vec<TypeId>, RegionId, RegionId),
    /// `init(%a) {body} : (ins) -> outs`.
    Loop(Vec<UseRef>, RegionId, TypeId),
    /// `iter(%a : t)`.
    Condition((Vec<UseRef>, Vec<TypeId>)),
    /// `"s0" {min_val = 2, max_val = 9} : !torch.int`.
    SymbolicInt(AttrSyntax<'a>, Vec<NamedAttr>, TypeId),
    /// `[%s0, %s1], affine_map<...> ... : type`.
    BindShape(Vec<UseRef>, AttrId, TypeId),
}

/// The custom forms of torch ops, by what the printer and the parser need to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TorchForm {
    /// The generated ops' `printDefaultTorchOp`: `%a, %b {attrs} : t1, t2 -> r1`.
    Default,
    /// `%a, %b {attrs} : (ins) -> outs` (functional-type; `torch.prim.ListConstruct`).
    Functional,
    /// `%a {attrs} : result type` (`torch.copy.to_vtensor`, ...).
    ResultType,
    /// `%a {attrs} : t1 to t2`.
    Cast,
    /// `torch.constant.int` / `float` / `bool` / `str` / `device`: `value {attrs}`.
    Constant(ConstantKind),
    /// `torch.constant.none {attrs}`.
    None,
    /// `torch.vtensor.literal(value) {attrs} : type`.
    Literal,
    Operator,
    If,
    /// `torch.prim.If.yield {attrs} %a : t`.
    Yield,
    Loop,
    Condition,
    /// `torch.symbolic_int "s0" {min_val = 2, max_val = 9} {attrs} : !torch.int`.
    SymbolicInt,
    /// `torch.bind_symbolic_shape %x, [%s0], affine_map<...> {attrs} : !t`.
    BindShape,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstantKind {
    Int,
    Float,
    Bool,
    Str,
    Device,
}

impl ConstantKind {
    /// The result type torch-mlir gives the constant.
    pub fn result_type(self) -> &'static str {
        match self {
            ConstantKind::Int => "!torch.int",
            ConstantKind::Float => "!torch.float",
            ConstantKind::Bool => "!torch.bool",
            ConstantKind::Str => "!torch.str",
            ConstantKind::Device => "!torch.Device",
        }
    }
}

/// The custom form of a `torch.*` op (after TorchOps.td / GeneratedTorchOps.td); `None`
/// for ops torch-mlir prints in generic form only (`torch.constant.number`) or whose
/// custom form amanda-opt does not read (it prints those in generic form).
pub fn torch_form(name: &str) -> Option<TorchForm> {
    let rest = name.strip_prefix("torch.")?;
    Some(match rest {
        "constant.int" => TorchForm::Constant(ConstantKind::Int),
        "constant.float" => TorchForm::Constant(ConstantKind::Float),
        "constant.bool" => TorchForm::Constant(ConstantKind::Bool),
        "constant.str" => TorchForm::Constant(ConstantKind::Str),
        "constant.device" => TorchForm::Constant(ConstantKind::Device),
        "constant.none" => TorchForm::None,
        "vtensor.literal" | "tensor.literal" => TorchForm::Literal,
        "operator" => TorchForm::Operator,
        "prim.If" => TorchForm::If,
        "prim.If.yield" | "shape.calculate.yield" | "shape.calculate.yield.shapes" | "dtype.calculate.yield"
        | "dtype.calculate.yield.dtypes" => TorchForm::Yield,
        "prim.Loop" => TorchForm::Loop,
        "prim.Loop.condition" => TorchForm::Condition,
        "prim.ListConstruct" | "promote_dtypes" => TorchForm::Functional,
        "copy.to_tensor" | "copy.to_vtensor" | "prim.Load" | "global_slot.get" => TorchForm::ResultType,
        "derefine" | "tensor_static_info_cast" => TorchForm::Cast,
        "symbolic_int" => TorchForm::SymbolicInt,
        "bind_symbolic_shape" => TorchForm::BindShape,
        // Hand-written ops with forms of their own (TorchOps.td), read and printed generic.
        "constant.number" | "nn_module" | "nn_module_terminator" | "slot" | "class_type" | "class_type_terminator"
        | "method" | "attr" | "global_slot" | "global_slot.module_initializer" | "initialize.global_slots"
        | "global_slot.init" | "global_slot.set" | "prim.GetAttr" | "prim.SetAttr" | "prim.CallMethod" | "prim.DictConstruct"
        | "prim.CreateObject" | "linear_params.create" | "overwrite.tensor.contents" | "shape.calculate"
        | "dtype.calculate" | "hop_flex_attention" | "runtime.assert"
        | "onnx.rotary_embedding" | "prim.Store" | "prim.Enter" => return None,
        // Only a name the lexer reads as one (`torch.` + `[a-zA-Z0-9_$.]`) has a custom form;
        // `"torch.aten.rel(u"` is written and printed generic.
        _ if rest.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')) => TorchForm::Default,
        _ => return None,
    })
}

/// How an op of `form` is written, for messages.
fn form_text(name: &str, form: TorchForm) -> String {
    let shape = match form {
        TorchForm::Default => "%a, %b {attrs} : !t1, !t2 -> !r",
        TorchForm::Functional => "%a, %b {attrs} : (!t1, !t2) -> !r",
        TorchForm::ResultType => "%a {attrs} : !r",
        TorchForm::Cast => "%a {attrs} : !t to !r",
        TorchForm::Constant(ConstantKind::Int) => "<integer> {attrs}",
        TorchForm::Constant(ConstantKind::Float) => "<float> {attrs}",
        TorchForm::Constant(ConstantKind::Bool) => "true|false {attrs}",
        TorchForm::Constant(_) => "\"<string>\" {attrs}",
        TorchForm::None => "{attrs}",
        TorchForm::Literal => "(<attribute>) {attrs} : !r",
        TorchForm::Operator => "\"<name>\"(%a) {attrs} : (!t) -> !r {regions}",
        TorchForm::If => "%c -> (!r) {...} else {...} {attrs}",
        TorchForm::Yield => "{attrs} %a, %b : !t1, !t2",
        TorchForm::Loop => "%n, %c, init(%a) {...} {attrs} : (!t) -> !r",
        TorchForm::Condition => "%c, iter(%a : !t) {attrs}",
        TorchForm::SymbolicInt => "\"<name>\" {min_val = <integer>, max_val = <integer>} : !torch.int",
        TorchForm::BindShape => "%x, [%s0, ...], affine_map<...> {attrs} : !t",
    };
    format!("custom op '{}' is written '{} {}'", name, name, shape)
}

impl<'t> ParseCx<'t> {
    fn torch_type(&mut self, text: &str) -> TypeId {
        let s = self.sym(text);
        self.module.ctx.ty(TypeData::Opaque(s))
    }

    /// A `torch.*` op in custom form.
    pub fn torch_op(
        &mut self,
        name: &str,
        syntax: TorchSyntax<'_>,
        uses: Vec<UseRef>,
        attrs: Vec<crate::ir::NamedAttr>,
        l: usize,
        r: usize,
    ) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        let Some(form) = torch_form(name) else {
            return fail(span, format!("custom op '{}' is read in generic form only", name));
        };
        let wrong = || fail(span, form_text(name, form));
        let mut parts = OpParts { name: Some(self.sym(name)), form: OpForm::Custom, span, ..Default::default() };
        check_duplicate_keys(&self.module.ctx, &attrs, span)?;
        parts.attrs = SmallVec::from_vec(attrs);
        let n = uses.len();
        let typed = |parts: &mut OpParts, uses: Vec<UseRef>, types: Vec<TypeId>| {
            for (u, t) in uses.into_iter().zip(types) {
                parts.operands.push(u);
                parts.operand_types.push(Some(t));
            }
        };
        let count = |want: usize, got: usize| -> ActionResult<()> {
            if want != got {
                return fail(span, format!("{} operands present, but expected {}", got, want));
            }
            Ok(())
        };
        match (form, syntax) {
            (TorchForm::Default, TorchSyntax::Lists(ins, outs, true)) => {
                if n == 0 {
                    // `torch.x : !r`: with no operands the types are the results.
                    if !outs.is_empty() {
                        return wrong();
                    }
                    parts.result_types = ins.into();
                } else {
                    count(ins.len(), n)?;
                    typed(&mut parts, uses, ins);
                    parts.result_types = outs.into();
                }
            }
            (TorchForm::Functional, TorchSyntax::Functional(t)) => {
                let TypeData::Function { inputs, results } = self.module.ctx.type_data(self.module.ctx.resolved_type(t)).clone() else {
                    return wrong();
                };
                count(inputs.len(), n)?;
                typed(&mut parts, uses, inputs);
                parts.result_types = results.into();
            }
            (TorchForm::Operator, TorchSyntax::Operator(op_name, t, regions)) => {
                let TypeData::Function { inputs, results } = self.module.ctx.type_data(self.module.ctx.resolved_type(t)).clone() else {
                    return wrong();
                };
                count(inputs.len(), n)?;
                typed(&mut parts, uses, inputs);
                parts.result_types = results.into();
                // The quoted name as a string attribute (escapes kept as written).
                let (ol, or) = (l, r);
                let value = self.finish_attr(AttrSyntax::Str(&op_name[1..op_name.len() - 1]), None, ol, or)?;
                let key = self.sym("name");
                parts.properties = Some(self.module.ctx.attr(AttrData::Dict(vec![NamedAttr::new(key, value)])));
                parts.regions = regions.into_iter().collect();
            }
            (TorchForm::ResultType, TorchSyntax::Lists(ins, outs, true)) if n == 1 && ins.len() == 1 && outs.is_empty() => {
                parts.operands = uses;
                parts.operand_types.push(None);
                parts.result_types.push(ins[0]);
            }
            (TorchForm::Cast, TorchSyntax::Cast(from, to)) => {
                count(1, n)?;
                typed(&mut parts, uses, vec![from]);
                parts.result_types.push(to);
            }
            (TorchForm::Constant(kind), TorchSyntax::Value(v, vspan)) => {
                let (vl, vr) = (vspan.start as usize, vspan.end as usize);
                let value = match (kind, &v) {
                    (ConstantKind::Int, AttrSyntax::Int(..)) => {
                        let i64_ty = self.module.ctx.ty(TypeData::Integer { width: 64, signedness: crate::ir::types::Signedness::Signless });
                        self.finish_attr(v, Some(i64_ty), vl, vr)?
                    }
                    (ConstantKind::Float, AttrSyntax::Int(_, digits)) if !digits.starts_with("0x") => {
                        return fail(vspan, "unexpected decimal integer literal for a floating point value");
                    }
                    (ConstantKind::Float, AttrSyntax::Float(..) | AttrSyntax::Int(..)) => {
                        let f64_sym = self.sym("f64");
                        let f64_ty = self.module.ctx.ty(TypeData::Float(f64_sym));
                        self.finish_attr(v, Some(f64_ty), vl, vr)?
                    }
                    (ConstantKind::Int, _) => return fail(vspan, format!("custom op '{}' expected integer value", name)),
                    (ConstantKind::Bool, AttrSyntax::Word("true" | "false")) => self.finish_attr(v, None, vl, vr)?,
                    (ConstantKind::Str | ConstantKind::Device, AttrSyntax::Str(_)) => self.finish_attr(v, None, vl, vr)?,
                    _ => return wrong(),
                };
                parts.properties = Some(self.value_properties(value));
                parts.result_types.push(self.torch_type(kind.result_type()));
            }
            (TorchForm::None, TorchSyntax::Bare) => {
                parts.result_types.push(self.torch_type("!torch.none"));
            }
            (TorchForm::Literal, TorchSyntax::Literal(value, t)) => {
                parts.properties = Some(self.value_properties(value));
                parts.result_types.push(t);
            }
            (TorchForm::Yield, TorchSyntax::Bare) => {}
            (TorchForm::Yield, TorchSyntax::Lists(ins, outs, _)) if outs.is_empty() && n > 0 => {
                count(ins.len(), n)?;
                typed(&mut parts, uses, ins);
            }
            (TorchForm::If, TorchSyntax::If(results, then, other)) => {
                count(1, n)?;
                let b = self.torch_type("!torch.bool");
                typed(&mut parts, uses, vec![b]);
                parts.result_types = results.into();
                parts.regions.push(then);
                parts.regions.push(other);
            }
            (TorchForm::Loop, TorchSyntax::Loop(init, body, t)) => {
                count(2, n)?;
                let TypeData::Function { inputs, results } = self.module.ctx.type_data(self.module.ctx.resolved_type(t)).clone() else {
                    return wrong();
                };
                let mut all = uses;
                all.extend(init);
                count(inputs.len(), all.len())?;
                typed(&mut parts, all, inputs);
                parts.result_types = results.into();
                parts.regions.push(body);
            }
            (TorchForm::Condition, TorchSyntax::Condition((iter, types))) => {
                count(1, n)?;
                count(types.len(), iter.len())?;
                let b = self.torch_type("!torch.bool");
                typed(&mut parts, uses, vec![b]);
                typed(&mut parts, iter, types);
            }
            (TorchForm::SymbolicInt, TorchSyntax::SymbolicInt(AttrSyntax::Str(name_text), bounds, t)) => {
                let keys: Vec<&str> = bounds.iter().map(|b| self.module.ctx.str(b.name)).collect();
                if keys != ["min_val", "max_val"] {
                    return wrong();
                }
                let i64_ty = self.module.ctx.ty(TypeData::Integer { width: 64, signedness: crate::ir::types::Signedness::Signless });
                let mut props = Vec::new();
                // Sorted by name, as MLIR's properties dictionary is.
                for b in bounds.iter().rev() {
                    let AttrData::Int { spelling, ty: None } = self.module.ctx.attr_data(b.value).clone() else { return wrong() };
                    let value = self.module.ctx.attr(AttrData::Int { spelling, ty: Some(i64_ty) });
                    props.push(NamedAttr::new(b.name, value));
                }
                let sym_value = self.finish_attr(AttrSyntax::Str(name_text), None, l, r)?;
                let key = self.sym("symbol_name");
                props.push(NamedAttr::new(key, sym_value));
                parts.properties = Some(self.module.ctx.attr(AttrData::Dict(props)));
                parts.result_types.push(t);
            }
            (TorchForm::BindShape, TorchSyntax::BindShape(symbols, map, t)) => {
                count(1, n)?;
                typed(&mut parts, uses, vec![t]);
                let int = self.torch_type("!torch.int");
                let ints = vec![int; symbols.len()];
                typed(&mut parts, symbols, ints);
                let key = self.sym("shape_expressions");
                parts.properties = Some(self.module.ctx.attr(AttrData::Dict(vec![NamedAttr::new(key, map)])));
            }
            _ => return wrong(),
        }
        Ok(Box::new(parts))
    }

    /// `<{value = v}>`.
    fn value_properties(&mut self, value: AttrId) -> AttrId {
        let key = self.sym("value");
        self.module.ctx.attr(AttrData::Dict(vec![NamedAttr::new(key, value)]))
    }
}

// ---------------------------------------------------------------------- func

impl<'t> ParseCx<'t> {
    /// `func.func [visibility] @name(args) [-> results] [attributes {...}] [{ body }]`, as
    /// MLIR's `function_interface_impl::parseFunctionOp` builds it: properties
    /// `arg_attrs` / `res_attrs` (only when some dictionary is not empty), `function_type`,
    /// `sym_name`, `sym_visibility`; a declaration has an empty region.
    #[allow(clippy::too_many_arguments)]
    pub fn func_func(
        &mut self,
        words: Vec<(&str, Span)>,
        name: &str,
        params: FuncParams,
        results: Vec<(TypeId, Option<AttrId>)>,
        attrs: Vec<NamedAttr>,
        body: Option<RegionId>,
        l: usize,
        r: usize,
    ) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        let mut visibility = None;
        for (w, s) in words {
            match w {
                "private" | "public" | "nested" if visibility.is_none() => visibility = Some(w),
                _ => return fail(s, format!("expected valid '@'-identifier for symbol name, found '{}'", w)),
            }
        }
        let empty = self.module.ctx.attr(AttrData::Dict(vec![]));
        let (inputs, arg_dicts): (Vec<TypeId>, Vec<Option<AttrId>>) = match &params {
            FuncParams::Named(args) => args.iter().map(|a| (a.ty, a.attrs)).unzip(),
            FuncParams::Types(args) => args.iter().copied().unzip(),
        };
        let region = match (body, params) {
            (Some(region), FuncParams::Named(args)) => {
                let entry = self.ensure_entry_block(region);
                let bd = self.module.body.block(entry);
                if !bd.args.is_empty() || bd.label.is_some() {
                    return fail(span, "entry block of a function in custom form takes its arguments from the signature; expected no block label");
                }
                for a in &args {
                    let info = crate::ir::body::BlockArgInfo { name: Some(a.name), loc: a.loc, span: a.span };
                    self.module.body.add_block_arg(entry, a.ty, info);
                }
                self.rename_bare_returns(region);
                region
            }
            (None, FuncParams::Named(args)) if args.is_empty() => self.region(vec![], vec![], r, r),
            (None, FuncParams::Named(_)) => return fail(span, "expected a function body after named arguments"),
            (_, FuncParams::Types(_)) => self.region(vec![], vec![], r, r),
        };
        let (result_types, res_dicts): (Vec<TypeId>, Vec<Option<AttrId>>) = results.into_iter().unzip();
        let fn_ty = self.function_type(inputs, result_types);
        let name_text = name.strip_prefix('@').unwrap_or(name);
        let name_text = if name_text.starts_with('"') {
            String::from_utf8_lossy(&crate::ir::context::unescape_string(&name_text[1..name_text.len() - 1])).into_owned()
        } else {
            name_text.to_string()
        };
        // Sorted by name, as MLIR's properties dictionary is.
        let mut props = Vec::new();
        let dict_list = |cx: &mut Self, dicts: &[Option<AttrId>]| -> Option<AttrId> {
            let any = dicts.iter().flatten().any(|&d| !cx.module.ctx.dict_entries(d).is_empty());
            any.then(|| {
                let items = dicts.iter().map(|d| d.unwrap_or(empty)).collect();
                cx.module.ctx.attr(AttrData::Array(items))
            })
        };
        if let Some(a) = dict_list(self, &arg_dicts) {
            props.push(NamedAttr::new(self.known().arg_attrs, a));
        }
        let fn_attr = self.module.ctx.attr(AttrData::Type(fn_ty));
        props.push(NamedAttr::new(self.known().function_type, fn_attr));
        // `no_inline` is an inherent attribute the signature does not show: MLIR's parser
        // takes it from `attributes {...}` into the properties.
        let mut attrs = attrs;
        if let Some(i) = attrs.iter().position(|a| self.module.ctx.str(a.name) == "no_inline") {
            props.push(attrs.remove(i));
        }
        if let Some(a) = dict_list(self, &res_dicts) {
            props.push(NamedAttr::new(self.known().res_attrs, a));
        }
        let sym_name = self.module.ctx.string_attr(&name_text);
        props.push(NamedAttr::new(self.known().sym_name, sym_name));
        if let Some(v) = visibility {
            let va = self.module.ctx.string_attr(v);
            props.push(NamedAttr::new(self.known().sym_visibility, va));
        }
        let mut parts = OpParts { name: Some(self.sym("func.func")), form: OpForm::Custom, span, ..Default::default() };
        check_duplicate_keys(&self.module.ctx, &attrs, span)?;
        parts.attrs = SmallVec::from_vec(attrs);
        parts.properties = Some(self.module.ctx.attr(AttrData::Dict(props)));
        parts.regions.push(region);
        Ok(Box::new(parts))
    }

    /// A bare `return` is read as tfg's (the grammar cannot tell them apart); in a
    /// `func.func` body it is `func.return`.
    fn rename_bare_returns(&mut self, region: RegionId) {
        let func_return = self.sym("func.return");
        let blocks = self.module.body.region(region).blocks.clone();
        for b in blocks {
            let Some(op) = self.module.body.last_op(b) else { continue };
            let od = self.module.body.op(op);
            if self.module.ctx.str(od.name) != "tfg.return" || od.form != OpForm::Custom || od.num_operands() != 0 {
                continue;
            }
            // What tfg's `return` adds: `control_ret_attrs = []`.
            let only_empty_ctl_attrs = od.attrs.iter().all(|a| {
                self.module.ctx.str(a.name) == "control_ret_attrs" && matches!(self.module.ctx.attr_data(a.value), AttrData::Array(v) if v.is_empty())
            });
            if only_empty_ctl_attrs {
                self.module.body.set_op_name(op, func_return);
                self.module.body.set_attrs(op, SmallVec::new());
            }
        }
    }

    /// `return %a, %b : t1, t2` in a `func.func`.
    pub fn func_return(&mut self, uses: Vec<UseRef>, types: Vec<TypeId>, l: usize, r: usize) -> ActionResult<Box<OpParts>> {
        let span = Span::new(l, r);
        if uses.len() != types.len() {
            return fail(span, format!("{} operands present, but expected {}", uses.len(), types.len()));
        }
        let mut parts = OpParts { name: Some(self.sym("func.return")), form: OpForm::Custom, span, ..Default::default() };
        for (u, t) in uses.into_iter().zip(types) {
            parts.operands.push(u);
            parts.operand_types.push(Some(t));
        }
        Ok(Box::new(parts))
    }
}
