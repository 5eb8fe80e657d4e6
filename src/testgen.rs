//! Synthetic tfg-like graphs for benchmarks: [`write_graph`] / [`generate`] produce one
//! `"tfg.graph"` op in MLIR generic syntax holding N ops, which both amanda-opt and
//! `mlir-opt --allow-unregistered-dialect` accept.
//!
//! The graph is deterministic for a given `(ops, seed)`: a mix of common TensorFlow op types
//! with their usual attributes, node names and devices, data edges mostly to nearby earlier
//! ops but about one in ten to a later op (graph regions allow uses before definitions), and
//! occasional control edges. Every use is spelled with the type of its definition, so the
//! file also passes MLIR's "use of value expects different type than prior uses" check.
//! Average size is about 280 bytes per op.

use std::io::{self, Write};

/// SplitMix64: small, fast, deterministic, and good enough to shape test graphs and test
/// values (also used by the float printer's tests).
pub struct Rng(pub u64);

impl Rng {
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `percent`/100.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Element class of a data value; uses only pick definitions of the class they need.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    F32,
    I32,
}

/// Result types, indexed by [`OpInfo::ty`].
const TYPES: [&str; 7] = [
    "tensor<*xf32>",
    "tensor<?x128xf32>",
    "tensor<?x28x28x32xf32>",
    "tensor<128xf32>",
    "tensor<2xi32>",
    "tensor<i32>",
    "tensor<4xi32>",
];
const F32_TYPES: [u8; 4] = [0, 1, 2, 3];
const I32_TYPES: [u8; 3] = [4, 5, 6];
const CONTROL: &str = "!tf_type.control";

/// One op type: its data operands and results and its fixed attributes (sorted by name).
struct Kind {
    name: &'static str,
    operands: &'static [Class],
    results: &'static [Class],
    attrs: &'static [(&'static str, &'static str)],
    /// Relative frequency.
    weight: u32,
}

use Class::{F32, I32};

const T_F32: (&str, &str) = ("T", "f32");

const KINDS: &[Kind] = &[
    Kind { name: "Placeholder", operands: &[], results: &[F32], attrs: &[("dtype", "f32"), ("shape", "#tf_type.shape<?x128>")], weight: 2 },
    Kind { name: "Const", operands: &[], results: &[F32], attrs: &[("dtype", "f32"), ("value", "dense<[0.5, -1.25, 3.0, 0.0]> : tensor<4xf32>")], weight: 8 },
    Kind { name: "Const", operands: &[], results: &[I32], attrs: &[("dtype", "i32"), ("value", "dense<[-1, 128]> : tensor<2xi32>")], weight: 5 },
    Kind { name: "AddV2", operands: &[F32, F32], results: &[F32], attrs: &[T_F32], weight: 10 },
    Kind { name: "Mul", operands: &[F32, F32], results: &[F32], attrs: &[T_F32], weight: 6 },
    Kind { name: "Sub", operands: &[F32, F32], results: &[F32], attrs: &[T_F32], weight: 3 },
    Kind { name: "MatMul", operands: &[F32, F32], results: &[F32], attrs: &[T_F32, ("transpose_a", "false"), ("transpose_b", "false")], weight: 6 },
    Kind { name: "BiasAdd", operands: &[F32, F32], results: &[F32], attrs: &[T_F32, ("data_format", "\"NHWC\"")], weight: 5 },
    Kind {
        name: "Conv2D",
        operands: &[F32, F32],
        results: &[F32],
        attrs: &[
            T_F32,
            ("data_format", "\"NHWC\""),
            ("dilations", "[1, 1, 1, 1]"),
            ("explicit_paddings", "[]"),
            ("padding", "\"SAME\""),
            ("strides", "[1, 1, 1, 1]"),
            ("use_cudnn_on_gpu", "true"),
        ],
        weight: 4,
    },
    Kind { name: "Relu", operands: &[F32], results: &[F32], attrs: &[T_F32], weight: 7 },
    Kind { name: "Sigmoid", operands: &[F32], results: &[F32], attrs: &[T_F32], weight: 2 },
    Kind { name: "Tanh", operands: &[F32], results: &[F32], attrs: &[T_F32], weight: 2 },
    Kind { name: "Softmax", operands: &[F32], results: &[F32], attrs: &[T_F32], weight: 1 },
    Kind { name: "Identity", operands: &[F32], results: &[F32], attrs: &[T_F32], weight: 8 },
    Kind { name: "Reshape", operands: &[F32, I32], results: &[F32], attrs: &[T_F32, ("Tshape", "i32")], weight: 4 },
    Kind { name: "Shape", operands: &[F32], results: &[I32], attrs: &[T_F32, ("out_type", "i32")], weight: 3 },
    Kind { name: "Cast", operands: &[I32], results: &[F32], attrs: &[("DstT", "f32"), ("SrcT", "i32"), ("Truncate", "false")], weight: 2 },
    Kind { name: "ConcatV2", operands: &[F32, F32, F32, I32], results: &[F32], attrs: &[("N", "3 : i64"), T_F32, ("Tidx", "i32")], weight: 2 },
    Kind { name: "Split", operands: &[I32, F32], results: &[F32, F32], attrs: &[T_F32, ("num_split", "2 : i64")], weight: 2 },
    Kind { name: "NoOp", operands: &[], results: &[], attrs: &[], weight: 2 },
];

const DEVICE: &str = "\"/job:localhost/replica:0/task:0/device:CPU:0\"";
/// `_output_shapes` entries matching [`TYPES`].
const OUTPUT_SHAPES: [&str; 7] = [
    "#tf_type.shape<*>",
    "#tf_type.shape<?x128>",
    "#tf_type.shape<?x28x28x32>",
    "#tf_type.shape<128>",
    "#tf_type.shape<2>",
    "#tf_type.shape<>",
    "#tf_type.shape<4>",
];
const SCOPES: [&str; 6] = ["encoder", "decoder", "attention", "embedding", "head", "optimizer"];

/// What the writer needs to know about every op before printing any (for forward uses).
#[derive(Clone, Copy)]
struct OpInfo {
    kind: u8,
    /// Type of the data results (index into [`TYPES`]).
    ty: u8,
    /// Results named `%Kind_i, %ctl_i` instead of `%i:N`.
    named: bool,
}

/// The plan of a graph: op infos plus, per class, the ops that produce a value of it.
struct Plan {
    ops: Vec<OpInfo>,
    f32_defs: Vec<u32>,
    i32_defs: Vec<u32>,
}

fn plan(n: usize, rng: &mut Rng) -> Plan {
    let total: u32 = KINDS.iter().map(|k| k.weight).sum();
    let mut ops = Vec::with_capacity(n);
    let (mut f32_defs, mut i32_defs) = (Vec::new(), Vec::new());
    for i in 0..n {
        let mut w = rng.below(total as u64) as u32;
        let mut kind = 0;
        for (k, kd) in KINDS.iter().enumerate() {
            if w < kd.weight {
                kind = k;
                break;
            }
            w -= kd.weight;
        }
        let kd = &KINDS[kind];
        let ty = match kd.results.first() {
            Some(F32) => F32_TYPES[rng.below(F32_TYPES.len() as u64) as usize],
            Some(I32) => I32_TYPES[rng.below(I32_TYPES.len() as u64) as usize],
            None => 0,
        };
        match kd.results.first() {
            Some(F32) => f32_defs.push(i as u32),
            Some(I32) => i32_defs.push(i as u32),
            None => {}
        }
        ops.push(OpInfo { kind: kind as u8, ty, named: rng.chance(30) });
    }
    Plan { ops, f32_defs, i32_defs }
}

/// Picks a target op near `at`: usually a little before it, one time in ten after it,
/// sometimes far away. Returns an index into `pool` (sorted op indices), never `at` itself.
fn pick(pool: &[u32], at: usize, rng: &mut Rng) -> Option<u32> {
    if pool.is_empty() || (pool.len() == 1 && pool[0] as usize == at) {
        return None;
    }
    let pos = pool.partition_point(|&x| (x as usize) < at);
    for _ in 0..8 {
        let dist = if rng.chance(3) {
            1 + rng.below(pool.len() as u64) as usize
        } else {
            let span = 1u64 << rng.below(7);
            1 + rng.below(span) as usize
        };
        let idx = if rng.chance(10) {
            // after `at` (skip `at` itself if it is in the pool)
            let start = if pool.get(pos).map(|&x| x as usize == at).unwrap_or(false) { pos + 1 } else { pos };
            start + dist - 1
        } else if dist <= pos {
            pos - dist
        } else {
            continue;
        };
        if let Some(&x) = pool.get(idx) {
            if x as usize != at {
                return Some(x);
            }
        }
    }
    pool.iter().copied().find(|&x| x as usize != at)
}

/// Appends the spelling of data result `k` (or the control token if `k == None`) of op `j`.
fn write_ref(out: &mut String, plan: &Plan, j: u32, k: Option<usize>) {
    use std::fmt::Write as _;
    let info = plan.ops[j as usize];
    let kd = &KINDS[info.kind as usize];
    let n_data = kd.results.len();
    if info.named {
        match k {
            Some(k) if n_data > 1 => {
                let _ = write!(out, "%{}_{}#{}", kd.name, j, k);
            }
            Some(_) => {
                let _ = write!(out, "%{}_{}", kd.name, j);
            }
            None => {
                let _ = write!(out, "%ctl_{}", j);
            }
        }
    } else if n_data == 0 {
        let _ = write!(out, "%{}", j);
    } else {
        let _ = write!(out, "%{}#{}", j, k.unwrap_or(n_data));
    }
}

/// Appends op `i` as one line of generic syntax (with the trailing newline).
fn write_op(out: &mut String, plan: &Plan, i: usize, rng: &mut Rng) {
    use std::fmt::Write as _;
    let info = plan.ops[i];
    let kd = &KINDS[info.kind as usize];
    let n_data = kd.results.len();
    out.push_str("  ");
    if info.named {
        if n_data > 0 {
            let _ = write!(out, "%{}_{}", kd.name, i);
            if n_data > 1 {
                let _ = write!(out, ":{}", n_data);
            }
            out.push_str(", ");
        }
        let _ = write!(out, "%ctl_{} = ", i);
    } else if n_data == 0 {
        let _ = write!(out, "%{} = ", i);
    } else {
        let _ = write!(out, "%{}:{} = ", i, n_data + 1);
    }
    let _ = write!(out, "\"tfg.{}\"(", kd.name);
    // Operands: data first, then control.
    let mut operand_types: Vec<&str> = Vec::with_capacity(kd.operands.len() + 2);
    let mut first = true;
    for &class in kd.operands {
        let pool = if class == F32 { &plan.f32_defs } else { &plan.i32_defs };
        let Some(j) = pick(pool, i, rng) else { continue };
        if !first {
            out.push_str(", ");
        }
        first = false;
        let jr = plan.ops[j as usize];
        let k = if KINDS[jr.kind as usize].results.len() > 1 { rng.below(KINDS[jr.kind as usize].results.len() as u64) as usize } else { 0 };
        write_ref(out, plan, j, Some(k));
        operand_types.push(TYPES[jr.ty as usize]);
    }
    let n_ctl = match rng.below(100) {
        0..=79 => 0,
        80..=94 => 1,
        _ => 2,
    };
    for _ in 0..n_ctl {
        let j = if i > 0 && !rng.chance(10) {
            i as u64 - 1 - rng.below((i as u64).min(64))
        } else {
            rng.below(plan.ops.len() as u64)
        } as u32;
        if j as usize == i {
            continue;
        }
        if !first {
            out.push_str(", ");
        }
        first = false;
        write_ref(out, plan, j, None);
        operand_types.push(CONTROL);
    }
    out.push_str(") {");
    // Attributes, sorted by name like MLIR prints them: the kind's own, plus node name and device.
    let mut attrs: Vec<(&str, String)> = kd.attrs.iter().map(|&(k, v)| (k, v.to_string())).collect();
    let scope = SCOPES[i % SCOPES.len()];
    attrs.push(("_mlir_name", format!("\"model/{}/layer_{}/{}_{}\"", scope, i / 64, kd.name, i)));
    if rng.chance(85) {
        attrs.push(("_mlir_device", DEVICE.to_string()));
    }
    if n_data > 0 && rng.chance(30) {
        let shapes = vec![OUTPUT_SHAPES[info.ty as usize]; n_data];
        attrs.push(("_output_shapes", format!("[{}]", shapes.join(", "))));
    }
    attrs.sort_by(|a, b| a.0.cmp(b.0));
    for (n, (k, v)) in attrs.iter().enumerate() {
        if n > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{} = {}", k, v);
    }
    out.push_str("} : (");
    out.push_str(&operand_types.join(", "));
    out.push_str(") -> (");
    for _ in 0..n_data {
        out.push_str(TYPES[info.ty as usize]);
        out.push_str(", ");
    }
    out.push_str(CONTROL);
    out.push_str(")\n");
}

/// Writes a graph of `ops` ops generated from `seed` to `w`.
pub fn write_graph<W: Write + ?Sized>(w: &mut W, ops: usize, seed: u64) -> io::Result<()> {
    let mut rng = Rng(seed);
    let plan = plan(ops, &mut rng);
    writeln!(w, "// {} synthetic tfg ops, seed {} (amanda_opt::testgen)", ops, seed)?;
    w.write_all(b"\"tfg.graph\"() ({\n")?;
    let mut line = String::with_capacity(512);
    for i in 0..ops {
        line.clear();
        write_op(&mut line, &plan, i, &mut rng);
        w.write_all(line.as_bytes())?;
    }
    w.write_all(b"}) {version = #tf_type.version<producer = 1882, min_consumer = 12>} : () -> ()\n")
}

/// Writes a function library: `functions` `tfg.func`s of `ops` ops each (each body a graph
/// like [`write_graph`]'s, seeded with `seed + i`), for benchmarks of passes that run on
/// every function.
pub fn write_library<W: Write + ?Sized>(w: &mut W, functions: usize, ops: usize, seed: u64) -> io::Result<()> {
    writeln!(w, "// {} synthetic tfg functions of {} ops, seed {} (amanda_opt::testgen)", functions, ops, seed)?;
    let mut line = String::with_capacity(512);
    for f in 0..functions {
        let mut rng = Rng(seed.wrapping_add(f as u64));
        let plan = plan(ops, &mut rng);
        writeln!(w, "tfg.func @f{}() -> () {{", f)?;
        for i in 0..ops {
            line.clear();
            write_op(&mut line, &plan, i, &mut rng);
            w.write_all(line.as_bytes())?;
        }
        w.write_all(b"  return\n}\n")?;
    }
    Ok(())
}

/// The graph of [`write_graph`] as a string.
pub fn generate(ops: usize, seed: u64) -> String {
    let mut buf = Vec::with_capacity(ops * 300 + 256);
    // Writing to a Vec cannot fail.
    let _ = write_graph(&mut buf, ops, seed);
    String::from_utf8(buf).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_sized() {
        let a = generate(2000, 7);
        assert_eq!(a, generate(2000, 7));
        assert_ne!(a, generate(2000, 8));
        assert_eq!(a.lines().filter(|l| l.contains("= \"tfg.")).count(), 2000);
        let per_op = a.len() / 2000;
        assert!((230..=330).contains(&per_op), "{} bytes per op", per_op);
    }

    #[test]
    fn library_parses_and_verifies() {
        let mut buf = Vec::new();
        write_library(&mut buf, 3, 200, 5).unwrap();
        let text = String::from_utf8(buf).unwrap();
        let m = crate::syntax::parse_module(&text).map_err(|d| format!("{:?}", d.first())).unwrap();
        assert_eq!(m.top_ops().len(), 3);
        assert!(crate::verify::verify_module(&m).is_empty());
    }

    #[test]
    fn parses_and_has_forward_uses() {
        let text = generate(500, 1);
        let m = crate::syntax::parse_module(&text).map_err(|d| format!("{:?}", d.first())).unwrap();
        assert!(crate::verify::verify_module(&m).is_empty());
        // Some operand is defined after its user.
        let forward = text.lines().enumerate().any(|(i, l)| {
            l.split(['(', ',']).filter_map(|t| t.trim().strip_prefix('%')).any(|t| {
                let num: String = t.chars().skip_while(|c| !c.is_ascii_digit()).take_while(|c| c.is_ascii_digit()).collect();
                num.parse::<usize>().map(|n| n + 2 > i + 1).unwrap_or(false)
            })
        });
        assert!(forward);
    }
}

// ---------------------------------------------------------------------------------------
// Convertible TensorFlow graphs for convert-tf-to-torch benchmarks (scripts/bench-convert.sh).

/// The repeating pattern of [`write_tf_chain`]: each step applies one of these to its lane.
const TF_CHAIN_STEPS: [&str; 8] = ["MatMul", "BiasAdd", "Relu", "Mul", "AddV2", "Tanh", "Sub", "Sigmoid"];

/// Writes a frozen-model-like graph of `ops` ops (at least 8) in the tfg custom form the
/// GraphDef importer prints (results `tensor<*xf32>`, the Placeholder's shape as its `shape`
/// attribute), every op of which convert-tf-to-torch has a rule for: a Placeholder
/// `x: f32[8,16]`, three shared `Const`s (a 16x16 weight, a bias, a scale), four lanes that
/// start from `x` and cycle through MatMul, BiasAdd, Relu, Mul, AddV2 (with the next lane),
/// Tanh, Sub, Sigmoid, then AddV2s summing the lanes into an `Identity` named `output`.
/// Deterministic for `(ops, seed)` (the seed picks the constants).
pub fn write_tf_chain<W: Write + ?Sized>(w: &mut W, ops: usize, seed: u64) -> io::Result<()> {
    const LANES: usize = 4;
    let ops = ops.max(8);
    let mut rng = Rng(seed);
    let mut floats = |n: usize| -> String {
        let v: Vec<String> = (0..n)
            .map(|_| format!("{:.4}", (rng.below(2001) as f64 - 1000.0) / 8000.0))
            .collect();
        v.join(", ")
    };
    writeln!(w, "// {} convertible TensorFlow ops in {} lanes, seed {} (amanda_opt::testgen::write_tf_chain)", ops, LANES, seed)?;
    writeln!(w, "module {{")?;
    writeln!(w, "  tfg.graph #tf_type.version<producer = 1882, min_consumer = 12> {{")?;
    writeln!(w, "    %x, %x_ctl = Placeholder name(\"x\") {{dtype = f32, shape = #tf_type.shape<8x16>}} : () -> (tensor<*xf32>)")?;
    let rows: Vec<String> = (0..16).map(|_| format!("[{}]", floats(16))).collect();
    writeln!(w, "    %w, %w_ctl = Const name(\"w\") {{dtype = f32, value = dense<[{}]> : tensor<16x16xf32>}} : () -> (tensor<*xf32>)", rows.join(", "))?;
    writeln!(w, "    %b, %b_ctl = Const name(\"b\") {{dtype = f32, value = dense<[{}]> : tensor<16xf32>}} : () -> (tensor<*xf32>)", floats(16))?;
    writeln!(w, "    %s, %s_ctl = Const name(\"s\") {{dtype = f32, value = dense<[{}]> : tensor<16xf32>}} : () -> (tensor<*xf32>)", floats(16))?;
    // Ops so far: 4. The tail: LANES - 1 AddV2s and the Identity.
    let body = ops.saturating_sub(4 + LANES);
    let mut last: Vec<String> = vec!["%x".to_string(); LANES];
    let mut line = String::with_capacity(256);
    for i in 0..body {
        let lane = i % LANES;
        let step = TF_CHAIN_STEPS[(i / LANES) % TF_CHAIN_STEPS.len()];
        let a = &last[lane];
        let (operands, types, attrs) = match step {
            "MatMul" => (format!("{}, %w", a), 2, "T = f32, transpose_a = false, transpose_b = false"),
            "BiasAdd" => (format!("{}, %b", a), 2, "T = f32, data_format = \"NHWC\""),
            "Mul" | "Sub" => (format!("{}, %s", a), 2, "T = f32"),
            "AddV2" => (format!("{}, {}", a, last[(lane + 1) % LANES]), 2, "T = f32"),
            _ => (a.clone(), 1, "T = f32"),
        };
        line.clear();
        use std::fmt::Write as _;
        let _ = write!(
            line,
            "    %v{i}, %c{i} = {step}({operands}) name(\"n{i}\") {{{attrs}}} : ({}) -> (tensor<*xf32>)\n",
            if types == 2 { "tensor<*xf32>, tensor<*xf32>" } else { "tensor<*xf32>" },
        );
        w.write_all(line.as_bytes())?;
        last[lane] = format!("%v{}", i);
    }
    let mut acc = last[0].clone();
    for (k, v) in last.iter().enumerate().skip(1) {
        writeln!(w, "    %sum{k}, %sum{k}_ctl = AddV2({acc}, {v}) name(\"sum{k}\") {{T = f32}} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)")?;
        acc = format!("%sum{}", k);
    }
    writeln!(w, "    %output, %output_ctl = Identity({acc}) name(\"output\") {{T = f32}} : (tensor<*xf32>) -> (tensor<*xf32>)")?;
    writeln!(w, "  }}")?;
    writeln!(w, "}}")
}

#[cfg(test)]
mod tf_chain_tests {
    use super::*;

    #[test]
    fn tf_chain_parses_verifies_and_has_the_size_asked() {
        for ops in [8usize, 9, 100, 1001] {
            let mut buf = Vec::new();
            write_tf_chain(&mut buf, ops, 3).unwrap();
            let text = String::from_utf8(buf).unwrap();
            let m = crate::syntax::parse_module(&text).map_err(|d| format!("{:?}", d.first())).unwrap();
            assert!(crate::verify::verify_module(&m).is_empty(), "{} ops", ops);
            let nodes = text.lines().filter(|l| l.contains(" name(\"")).count();
            assert_eq!(nodes, ops);
            let mut again = Vec::new();
            write_tf_chain(&mut again, ops, 3).unwrap();
            assert_eq!(text.as_bytes(), &again[..]);
        }
    }
}
