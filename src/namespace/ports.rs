//! Ports by name: the schema names an op's operands and results (Amanda's input and output
//! ports). [`port_ranges`] maps each port to the operands or results it covers (a TensorFlow
//! `number_attr`/`type_list_attr` port covers several, an ONNX variadic port the rest);
//! [`result_index`] resolves `(port name, i)` to a result, as `get_result(%x) "port" : i`
//! means; the `annotate-ports` pass writes the names above each op as a comment, which
//! `--print-port-names` prints.

use super::registry::Registry;
use super::schema::{Framework, OpSchema};
use super::verify::{resolve_ops, Mode, OpCx};
use crate::ir::{CommentAnchor, Module, OpId};

/// A port and the values it covers: operands or results `start..start + count` (data values
/// only for TensorFlow, whose control operands and token are not ports).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortRange {
    pub name: String,
    pub start: usize,
    pub count: usize,
}

/// The input and output ports of `op` under `schema`; `None` for a port list whose counts
/// the attributes do not determine or that do not add up to the op's values.
pub fn port_ranges(m: &Module, op: OpId, ns: &str, schema: &OpSchema, fw: Framework) -> (Option<Vec<PortRange>>, Option<Vec<PortRange>>) {
    let body = &m.body;
    let n_in = body.operands(op).filter(|&v| !m.ctx.is_control_type(body.value(v).ty)).count();
    let n_out = body.results(op).iter().filter(|&&v| !m.ctx.is_control_type(body.value(v).ty)).count();
    let cx = OpCx { m, op, ns, schema };
    let ranges = |ports: &[super::schema::Port], n: usize| -> Option<Vec<PortRange>> {
        let mut out = Vec::new();
        let mut start = 0;
        for (i, p) in ports.iter().enumerate() {
            let count = match fw {
                Framework::TensorFlow => cx.port_count(p)?,
                // ONNX variadic (last) ports and TorchScript `...` take the rest.
                _ if p.variadic && i + 1 == ports.len() => n.saturating_sub(start),
                _ => usize::from(start < n),
            };
            let name = if p.name.is_empty() { format!("#{}", i) } else { p.name.clone() };
            out.push(PortRange { name, start, count });
            start += count;
        }
        // TensorFlow counts come from attributes, which may disagree with the op (the
        // verifier reports it): such ports cover no well-defined values.
        (fw != Framework::TensorFlow || start == n).then_some(out)
    };
    (ranges(&schema.inputs, n_in), ranges(&schema.outputs, n_out))
}

/// The data result that output port `port`, value `i`, is (`get_result(%x) "port" : i`).
pub fn result_index(m: &Module, reg: &Registry, op: OpId, port: &str, i: usize) -> Option<usize> {
    let (_, ver, schema) = resolve_ops(m, reg, Mode::All).into_iter().find(|(o, _, _)| *o == op)?;
    let v = reg.version(ver);
    let (_, outs) = port_ranges(m, op, &v.name, &schema, v.framework);
    let r = outs?.into_iter().find(|r| r.name == port)?;
    (i < r.count).then_some(r.start + i)
}

fn describe(ranges: &Option<Vec<PortRange>>) -> String {
    match ranges {
        None => "?".to_string(),
        Some(rs) => {
            let mut names = Vec::new();
            for r in rs {
                match r.count {
                    0 => {}
                    1 => names.push(r.name.clone()),
                    n => names.extend((0..n).map(|i| format!("{}#{}", r.name, i))),
                }
            }
            names.join(", ")
        }
    }
}

/// The marker of the comments [`annotate`] writes.
pub const PORTS_COMMENT: &str = "// ports: ";

/// Writes `// ports: (in, ...) -> (out, ...)` above every vocabulary op (replacing an earlier
/// annotation), for `--print-port-names`.
pub fn annotate(m: &mut Module, reg: &Registry) {
    let ops = resolve_ops(m, reg, Mode::All);
    for (op, ver, schema) in ops {
        let v = reg.version(ver);
        let (ins, outs) = port_ranges(m, op, &v.name, &schema, v.framework);
        let line = format!("{}({}) -> ({})", PORTS_COMMENT, describe(&ins), describe(&outs));
        let lines = m.comments.entry(CommentAnchor::BeforeOp(op)).or_default();
        lines.retain(|l| !l.starts_with(PORTS_COMMENT));
        lines.push(line);
    }
}
