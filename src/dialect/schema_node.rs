//! Building tfg nodes from their namespace schema: data operands given by input port name
//! and placed in the schema's port order, the schema's default attributes, and result types
//! worked out from the output ports (`T`-typed ports take the dtype of attribute `T`;
//! counts from `N`-style number attributes and type-list attributes). What importers and
//! conversion rules use to create TensorFlow ops without spelling every detail.
//!
//! ```ignore
//! let conv = SchemaNode::new(m, "amanda/tensorflow", "Conv2D")?
//!     .input("input", x)?
//!     .input("filter", w)?
//!     .attr("T", f32)
//!     .attr("strides", strides)
//!     .attr("padding", same)
//!     .build()?;   // dilations, data_format, ... defaulted; result tensor<*xf32>
//! ```

use std::sync::Arc;

use smallvec::SmallVec;

use super::tfg::NodeBuilder;
use crate::ir::{AttrData, AttrId, Module, NamedAttr, OpId, TypeData, TypeId, ValueId};
use crate::namespace::schema::{Framework, OpSchema};

/// A tfg node under construction, checked against its op's schema.
pub struct SchemaNode<'m> {
    m: &'m mut Module,
    schema: Arc<OpSchema>,
    framework: Framework,
    inputs: Vec<(usize, SmallVec<[ValueId; 2]>)>,
    attrs: Vec<NamedAttr>,
    ctls: SmallVec<[ValueId; 4]>,
    name: Option<String>,
    device: Option<String>,
}

impl<'m> SchemaNode<'m> {
    /// Starts a node of type `op` as namespace `namespace` (`amanda/tensorflow`,
    /// `amanda/tensorflow/2.15`) defines it; an error if the op is not in it.
    pub fn new(m: &'m mut Module, namespace: &str, op: &str) -> Result<Self, String> {
        let (schema, framework) = crate::namespace::with_registry(|r| {
            let v = r.resolve(namespace).ok_or_else(|| format!("unknown namespace '{}'", namespace))?;
            let s = r.lookup(v, op).ok_or_else(|| format!("'{}' is not an op of {}", op, r.version(v).name))?;
            Ok::<_, String>((s, r.version(v).framework))
        })
        .map_err(|_| "namespace registry is poisoned".to_string())??;
        Ok(SchemaNode { m, schema, framework, inputs: Vec::new(), attrs: Vec::new(), ctls: SmallVec::new(), name: None, device: None })
    }

    /// The schema the node is built to.
    pub fn schema(&self) -> &OpSchema {
        &self.schema
    }

    /// The value of input port `port` (call again, or use [`SchemaNode::inputs`], for a
    /// port that takes a list).
    pub fn input(self, port: &str, v: ValueId) -> Result<Self, String> {
        self.inputs(port, &[v])
    }

    /// Values of input port `port`, appended to those it already has.
    pub fn inputs(mut self, port: &str, values: &[ValueId]) -> Result<Self, String> {
        let Some(i) = self.schema.inputs.iter().position(|p| p.name == port) else {
            let known: Vec<&str> = self.schema.input_names().collect();
            return Err(format!("'{}' has no input port '{}' (its ports: {})", self.schema.name, port, known.join(", ")));
        };
        match self.inputs.iter_mut().find(|(p, _)| *p == i) {
            Some((_, vs)) => vs.extend(values.iter().copied()),
            None => self.inputs.push((i, values.iter().copied().collect())),
        }
        Ok(self)
    }

    pub fn control_operands(mut self, values: &[ValueId]) -> Self {
        self.ctls.extend(values.iter().copied());
        self
    }

    /// Sets attribute `name`.
    pub fn attr(mut self, name: &str, value: AttrId) -> Self {
        let name = self.m.ctx.sym(name);
        match self.attrs.iter_mut().find(|a| a.name == name) {
            Some(a) => a.value = value,
            None => self.attrs.push(NamedAttr::new(name, value)),
        }
        self
    }

    pub fn name(mut self, name: &str) -> Self {
        self.name = Some(name.to_string());
        self
    }

    pub fn device(mut self, device: &str) -> Self {
        self.device = Some(device.to_string());
        self
    }

    fn attr_value(&self, name: &str) -> Option<AttrId> {
        let sym = self.m.ctx.lookup_sym(name)?;
        self.attrs.iter().find(|a| a.name == sym).map(|a| a.value)
    }

    /// The element type an attribute of kind `type` holds.
    fn type_attr(&self, name: &str) -> Option<TypeId> {
        match self.m.ctx.attr_data(self.m.ctx.resolved_attr(self.attr_value(name)?)) {
            AttrData::Type(t) => Some(*t),
            _ => None,
        }
    }

    /// Creates the node (detached). Required ports must have values; required attributes
    /// without a default must be set; defaults fill in the rest, in schema order, after the
    /// attributes given.
    pub fn build(mut self) -> Result<OpId, String> {
        let schema = self.schema.clone();
        // Operands in port order.
        let mut data: SmallVec<[ValueId; 4]> = SmallVec::new();
        for (i, port) in schema.inputs.iter().enumerate() {
            let given = self.inputs.iter().find(|(p, _)| *p == i).map(|(_, v)| v.clone()).unwrap_or_default();
            if given.is_empty() && !port.optional && port.number_attr.is_none() && port.type_list_attr.is_none() {
                return Err(format!("'{}' needs a value for input port '{}'", schema.name, port.name));
            }
            // A port of N values sets its number attribute (TF's `N`) when it is not given.
            if let Some(n) = &port.number_attr {
                if self.attr_value(n).is_none() {
                    let i64t = self.m.ctx.ty(TypeData::Integer { width: 64, signedness: crate::ir::types::Signedness::Signless });
                    let spelling = self.m.ctx.sym(&given.len().to_string());
                    let v = self.m.ctx.attr(AttrData::Int { spelling, ty: Some(i64t) });
                    self = self.attr(n, v);
                }
            }
            // `T`-style type attributes take the operand's element type when not given.
            if let (Some(t), Some(&first)) = (&port.type_attr, given.first()) {
                if self.attr_value(t).is_none() {
                    if let Some(elem) = element_type(self.m, self.m.body.value_type(first)) {
                        let v = self.m.ctx.attr(AttrData::Type(elem));
                        self = self.attr(t, v);
                    }
                }
            }
            data.extend(given);
        }
        // Defaults, then the check for required attributes.
        for a in &schema.attrs {
            if self.attr_value(&a.name).is_some() {
                continue;
            }
            if let Some(d) = &a.default {
                if let Some(v) = crate::namespace::defaults::attr_from_value(&mut self.m.ctx, self.framework, &a.kind, d) {
                    self = self.attr(&a.name, v);
                    continue;
                }
            }
            let inferred_elsewhere = schema.inputs.iter().chain(&schema.outputs).any(|p| p.number_attr.as_deref() == Some(&a.name));
            if a.required && a.default.is_none() && !inferred_elsewhere {
                return Err(format!("'{}' needs attribute '{}' ({})", schema.name, a.name, a.kind));
            }
        }
        // Result types: one per output value, unranked tensors of the port's dtype.
        let mut results: SmallVec<[TypeId; 4]> = SmallVec::new();
        for port in &schema.outputs {
            let elem = port
                .type_attr
                .as_deref()
                .and_then(|t| self.type_attr(t))
                .or_else(|| port.ty.as_deref().and_then(crate::namespace::types::tf_dtype_to_mlir).and_then(|s| crate::namespace::defaults::type_from_spelling(&mut self.m.ctx, s)));
            let count = match (&port.number_attr, &port.type_list_attr) {
                (Some(n), _) => self.attr_value(n).and_then(|a| self.m.ctx.int_value(a)).unwrap_or(1).max(0) as usize,
                (_, Some(l)) => match self.attr_value(l).map(|a| self.m.ctx.attr_data(self.m.ctx.resolved_attr(a)).clone()) {
                    Some(AttrData::Array(items)) => {
                        for it in items {
                            let e = match self.m.ctx.attr_data(it) {
                                AttrData::Type(t) => *t,
                                _ => return Err(format!("attribute '{}' of '{}' must list types", l, schema.name)),
                            };
                            results.push(self.m.ctx.ty(TypeData::UnrankedTensor { elem: e }));
                        }
                        continue;
                    }
                    _ => 0,
                },
                _ => 1,
            };
            let ty = match elem {
                Some(e) => self.m.ctx.ty(TypeData::UnrankedTensor { elem: e }),
                // A port whose dtype is unknown (a resource, a variant): `!tf_type.tensor`.
                None => {
                    let s = self.m.ctx.sym("tensor");
                    self.m.ctx.ty(TypeData::TfSimple(s))
                }
            };
            results.extend(std::iter::repeat_n(ty, count));
        }
        let SchemaNode { m, attrs, ctls, name, device, schema, .. } = self;
        let mut b = NodeBuilder::new(m, &schema.name).operands(&data).control_operands(&ctls).attrs(&attrs).results(&results);
        if let Some(n) = name {
            b = b.name(&n);
        }
        if let Some(d) = device {
            b = b.device(&d);
        }
        Ok(b.build())
    }
}

/// The element type of a tensor type (the type itself for a scalar type).
fn element_type(m: &Module, t: TypeId) -> Option<TypeId> {
    match m.ctx.type_data(m.ctx.resolved_type(t)) {
        TypeData::RankedTensor { elem, .. } | TypeData::UnrankedTensor { elem } => Some(*elem),
        TypeData::Integer { .. } | TypeData::Float(_) | TypeData::Complex(_) => Some(t),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::tfg;

    fn graph() -> Module {
        crate::syntax::parse_module(
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n  %x, %ctl = Placeholder name(\"x\") {dtype = f32} : () -> (tensor<1x8x8x3xf32>)\n  %w, %ctl_0 = Placeholder name(\"w\") {dtype = f32} : () -> (tensor<3x3x3x4xf32>)\n}\n",
        )
        .expect("parses")
    }

    #[test]
    fn ports_by_name_defaults_and_result_types() {
        let mut m = graph();
        let block = tfg::body_block(&m, m.top_ops()[0]).unwrap();
        let ops: Vec<OpId> = m.body.block_ops(block).collect();
        let (x, w) = (tfg::data_results(&m, ops[0])[0], tfg::data_results(&m, ops[1])[0]);
        let strides = {
            let i64t = m.ctx.ty(TypeData::Integer { width: 64, signedness: crate::ir::types::Signedness::Signless });
            let one = m.ctx.sym("1");
            let one = m.ctx.attr(AttrData::Int { spelling: one, ty: Some(i64t) });
            m.ctx.attr(AttrData::Array(vec![one; 4]))
        };
        let same = m.ctx.string_attr("SAME");
        // Ports given out of order land in the schema's order.
        let conv = SchemaNode::new(&mut m, "amanda/tensorflow/2.21", "Conv2D")
            .unwrap()
            .input("filter", w)
            .unwrap()
            .input("input", x)
            .unwrap()
            .attr("strides", strides)
            .attr("padding", same)
            .name("conv")
            .build()
            .unwrap();
        m.body.append_op(block, conv);
        let text = crate::printer::print_module(&m, Default::default());
        let line = text.lines().find(|l| l.contains("Conv2D")).unwrap();
        assert!(line.contains("Conv2D(%x, %w) name(\"conv\")"), "{}", line);
        assert!(line.contains("T = f32"), "{}", line);
        assert!(line.contains("data_format = \"NHWC\""), "{}", line);
        assert!(line.contains("dilations = [1 : i64, 1 : i64, 1 : i64, 1 : i64]"), "{}", line);
        assert!(line.ends_with("-> (tensor<*xf32>)"), "{}", line);
        assert!(crate::verify::verify_module(&m).is_empty());
        assert!(crate::namespace::verify_module(&m).is_empty(), "{:?}", crate::namespace::verify_module(&m));
    }

    #[test]
    fn errors_name_the_port_or_attribute() {
        let mut m = graph();
        let e = SchemaNode::new(&mut m, "amanda/tensorflow", "Conv2D").unwrap().build().unwrap_err();
        assert!(e.contains("input port 'input'"), "{}", e);
        let block = tfg::body_block(&m, m.top_ops()[0]).unwrap();
        let x = tfg::data_results(&m, m.body.first_op(block).unwrap())[0];
        let Err(e) = SchemaNode::new(&mut m, "amanda/tensorflow", "Relu").unwrap().input("x", x) else { panic!("accepted port x") };
        assert!(e.contains("no input port 'x'") && e.contains("features"), "{}", e);
        assert!(SchemaNode::new(&mut m, "amanda/tensorflow", "Reluu").is_err());
    }
}
