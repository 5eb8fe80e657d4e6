//! Issue 35: the size a tensor *declares* is untrusted input. A few bytes of text, GraphDef
//! or ONNX may declare a splat of 10^15 elements, a shape whose element count overflows 64
//! bits, negative or unknown dims in a constant. Every such input goes through every
//! registered pass and every `--emit=` value of the built binary under an address-space
//! limit (the test suite's 2 GB): the tool exits 0 or 1, never aborts or panics, and leaves
//! no output file behind when it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use amanda_opt::interchange::graphdef::proto as gd;
use amanda_opt::interchange::onnx::proto as ox;
use prost::Message;

const BIN: &str = env!("CARGO_BIN_EXE_amanda-opt");

/// The address space each run gets (KiB), as `scripts/test.sh` gives the whole suite.
const VMEM_KB: u64 = 2 * 1024 * 1024;

const HEADER: &str = "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n";

/// A graph around `body` (ops that may use `%c`, a Const of `value` and type `ty`).
fn graph(value: &str, ty: &str, body: &str) -> String {
    format!("{HEADER}  %c, %ctl = Const name(\"big\") {{dtype = {elem}, value = {value} : {ty}}} : () -> ({ty})\n{body}}}\n", elem = elem_of(ty))
}

fn elem_of(ty: &str) -> &str {
    ty.trim_end_matches('>').rsplit('x').next().unwrap_or("f32")
}

/// The hostile text inputs: (name, text).
fn text_inputs() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let huge = "tensor<100000x100000x100000xf32>";
    let unary = |op: &str, ty: &str| format!("  %n, %ctl_0 = {op}(%c) name(\"n\") {{T = {e}}} : ({ty}) -> ({ty})\n", e = elem_of(ty));
    // The input, and the same through the ops folding knows.
    for op in ["Neg", "Abs", "Exp", "ZerosLike", "OnesLike", "Identity", "Square", "Sign"] {
        out.push((format!("splat-{op}"), graph("dense<1.0>", huge, &unary(op, huge))));
    }
    for op in ["Add", "AddV2", "Mul", "Sub", "Maximum", "Less"] {
        let rty = if op == "Less" { "tensor<100000x100000x100000xi1>" } else { huge };
        let body = format!(
            "  %one, %ctl_1 = Const name(\"one\") {{dtype = f32, value = dense<2.0> : tensor<f32>}} : () -> (tensor<f32>)\n  %n, %ctl_0 = {op}(%c, %one) name(\"n\") {{T = f32}} : ({huge}, tensor<f32>) -> ({rty})\n"
        );
        out.push((format!("splat-{op}"), graph("dense<1.0>", huge, &body)));
    }
    let shape_op = |op: &str, operand: &str, oty: &str, rty: &str, attrs: &str| {
        format!(
            "  %s, %ctl_1 = Const name(\"s\") {{dtype = i32, value = {operand} : {oty}}} : () -> ({oty})\n  %n, %ctl_0 = {op}(%c, %s) name(\"n\") {{T = f32{attrs}}} : ({huge}, {oty}) -> ({rty})\n"
        )
    };
    out.push(("splat-Reshape".into(), graph("dense<1.0>", huge, &shape_op("Reshape", "dense<[1000000000000000]>", "tensor<1xi32>", "tensor<1000000000000000xf32>", ", Tshape = i32"))));
    out.push(("splat-Transpose".into(), graph("dense<1.0>", huge, &shape_op("Transpose", "dense<[2, 1, 0]>", "tensor<3xi32>", huge, ", Tperm = i32"))));
    out.push(("splat-Tile".into(), graph("dense<1.0>", huge, &shape_op("Tile", "dense<[2, 1, 1]>", "tensor<3xi32>", "tensor<200000x100000x100000xf32>", ", Tmultiples = i32"))));
    out.push(("splat-BroadcastTo".into(), graph("dense<1.0>", huge, &shape_op("BroadcastTo", "dense<[2, 100000, 100000, 100000]>", "tensor<4xi32>", "tensor<2x100000x100000x100000xf32>", ", Tidx = i32"))));
    out.push(("splat-ExpandDims".into(), graph("dense<1.0>", huge, &shape_op("ExpandDims", "dense<0>", "tensor<i32>", "tensor<1x100000x100000x100000xf32>", ", Tdim = i32"))));
    // Fill to a huge shape, with and without a declared result shape.
    for rty in ["tensor<100000x100000x100000xf32>", "tensor<*xf32>"] {
        let body = format!(
            "  %v, %ctl_1 = Const name(\"v\") {{dtype = f32, value = dense<3.0> : tensor<f32>}} : () -> (tensor<f32>)\n  %n, %ctl_0 = Fill(%c, %v) name(\"n\") {{T = f32, index_type = i64}} : (tensor<3xi64>, tensor<f32>) -> ({rty})\n"
        );
        out.push((format!("fill-{}", if rty.contains('*') { "unranked" } else { "ranked" }), graph("dense<[100000, 100000, 100000]>", "tensor<3xi64>", &body)));
    }
    // A shape operand of a huge declared length (shape inference must not make a type of
    // that rank).
    let body = "  %x, %ctl_1 = Placeholder name(\"x\") {dtype = f32} : () -> (tensor<*xf32>)\n  %n, %ctl_0 = Reshape(%x, %c) name(\"n\") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<1000000000000xi32>) -> (tensor<*xf32>)\n";
    out.push(("shape-operand-length".into(), graph("dense<1>", "tensor<1000000000000xi32>", body)));
    // Element counts that overflow 64 bits.
    let over = "tensor<4294967296x4294967296x4294967296xf32>";
    out.push(("overflow-Neg".into(), graph("dense<1.0>", over, &unary("Neg", over))));
    let over4 = "tensor<9223372036854775807x9223372036854775807xf32>";
    out.push(("overflow-max-Neg".into(), graph("dense<1.0>", over4, &unary("Neg", over4))));
    // Other element types.
    for (v, elem) in [("dense<true>", "i1"), ("dense<7>", "i64"), ("dense<1.5>", "f16"), ("dense<-2.0>", "bf16"), ("dense<3>", "i8"), ("dense<2.5>", "f64")] {
        let ty = format!("tensor<100000x100000x100000x{elem}>");
        let op = if elem == "i1" { "LogicalNot" } else { "Neg" };
        out.push((format!("splat-{elem}"), graph(v, &ty, &unary(op, &ty))));
    }
    // A hex splat (one element's bytes) and an empty huge tensor.
    out.push(("hex-splat".into(), graph("dense<\"0x0000803F\">", huge, &unary("Neg", huge))));
    out.push(("empty-dim".into(), graph("dense<>", "tensor<0x100000x100000x100000xf32>", &unary("Neg", "tensor<0x100000x100000x100000xf32>"))));
    // Negative and unknown dims in a constant's type (parse or verify errors).
    out.push(("negative-dim".into(), graph("dense<1.0>", "tensor<-5xf32>", &unary("Neg", "tensor<-5xf32>"))));
    out.push(("unknown-dim".into(), graph("dense<1.0>", "tensor<?x3xf32>", &unary("Neg", "tensor<?x3xf32>"))));
    // A huge splat already in the torch dialect (for --emit=pytorch/torchscript).
    out.push((
        "torch-splat".into(),
        "func.func @main() -> !torch.vtensor<[100000,100000,100000],f32> {\n  %0 = torch.vtensor.literal(dense<1.0> : tensor<100000x100000x100000xf32>) : !torch.vtensor<[100000,100000,100000],f32>\n  return %0 : !torch.vtensor<[100000,100000,100000],f32>\n}\n".into(),
    ));
    out
}

fn shape(dims: &[i64]) -> gd::TensorShapeProto {
    gd::TensorShapeProto { dim: dims.iter().map(|&size| gd::Dim { size, name: String::new() }).collect(), unknown_rank: false }
}

fn attr(v: gd::attr_value::Value) -> gd::AttrValue {
    gd::AttrValue { value: Some(v) }
}

/// A GraphDef: a Const `big` of one float value and shape `dims`, and `Neg(big)`.
fn graphdef(dims: &[i64], dtype: i32, fill: impl FnOnce(&mut gd::TensorProto)) -> Vec<u8> {
    use gd::attr_value::Value;
    let mut t = gd::TensorProto { dtype, tensor_shape: Some(shape(dims)), ..Default::default() };
    fill(&mut t);
    let mut c = gd::NodeDef { name: "big".into(), op: "Const".into(), ..Default::default() };
    c.attr.insert("dtype".into(), attr(Value::Type(dtype)));
    c.attr.insert("value".into(), attr(Value::Tensor(t)));
    let mut n = gd::NodeDef { name: "neg".into(), op: "Neg".into(), input: vec!["big".into()], ..Default::default() };
    n.attr.insert("T".into(), attr(Value::Type(dtype)));
    let g = gd::GraphDef { node: vec![c, n], versions: Some(gd::VersionDef { producer: 1, min_consumer: 1, bad_consumers: vec![] }), ..Default::default() };
    g.encode_to_vec()
}

fn graphdef_inputs() -> Vec<(String, Vec<u8>)> {
    vec![
        ("gd-splat-float".into(), graphdef(&[100000, 100000, 100000], 1, |t| t.float_val = vec![1.0])),
        ("gd-splat-int64".into(), graphdef(&[100000, 100000, 100000], 9, |t| t.int64_val = vec![7])),
        ("gd-splat-bool".into(), graphdef(&[100000, 100000, 100000], 10, |t| t.bool_val = vec![true])),
        ("gd-splat-half".into(), graphdef(&[100000, 100000, 100000], 19, |t| t.half_val = vec![0x3c00])),
        ("gd-no-values".into(), graphdef(&[100000, 100000, 100000], 1, |_| {})),
        ("gd-two-values".into(), graphdef(&[100000, 100000, 100000], 1, |t| t.float_val = vec![1.0, 2.0])),
        ("gd-overflow".into(), graphdef(&[4294967296, 4294967296, 4294967296], 1, |t| t.float_val = vec![1.0])),
        ("gd-negative-dim".into(), graphdef(&[-5], 1, |t| t.float_val = vec![1.0])),
        ("gd-content-mismatch".into(), graphdef(&[100000, 100000, 100000], 1, |t| t.tensor_content = vec![0, 0, 128, 63].into())),
    ]
}

fn onnx_tensor(name: &str, dims: &[i64], fill: impl FnOnce(&mut ox::TensorProto)) -> ox::TensorProto {
    let mut t = ox::TensorProto { name: Some(name.into()), dims: dims.to_vec(), data_type: Some(ox::data_type::FLOAT), ..Default::default() };
    fill(&mut t);
    t
}

fn onnx_model(nodes: Vec<ox::NodeProto>, initializer: Vec<ox::TensorProto>, output: &str) -> Vec<u8> {
    let out = ox::ValueInfoProto { name: Some(output.into()), ..Default::default() };
    let g = ox::GraphProto { name: Some("g".into()), node: nodes, initializer, output: vec![out], ..Default::default() };
    let m = ox::ModelProto {
        ir_version: Some(8),
        opset_import: vec![ox::OperatorSetIdProto { domain: Some(String::new()), version: Some(17) }],
        graph: Some(g),
        ..Default::default()
    };
    m.encode_to_vec()
}

fn onnx_node(op: &str, inputs: &[&str], output: &str, attribute: Vec<ox::AttributeProto>) -> ox::NodeProto {
    ox::NodeProto {
        op_type: Some(op.into()),
        name: Some(format!("{op}_node")),
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: vec![output.into()],
        attribute,
        ..Default::default()
    }
}

fn tensor_attr(name: &str, t: ox::TensorProto) -> ox::AttributeProto {
    ox::AttributeProto { name: Some(name.into()), r#type: Some(ox::attr_type::TENSOR), t: Some(t), ..Default::default() }
}

fn onnx_inputs() -> Vec<(String, Vec<u8>)> {
    let huge = [100000i64, 100000, 100000];
    let one_raw = |t: &mut ox::TensorProto| t.raw_data = Some(1.0f32.to_le_bytes().to_vec().into());
    vec![
        // An initializer holding one element's raw bytes for a huge shape.
        ("onnx-initializer-raw".into(), onnx_model(vec![onnx_node("Neg", &["big"], "y", vec![])], vec![onnx_tensor("big", &huge, one_raw)], "y")),
        // One float_data value for a huge shape.
        ("onnx-initializer-typed".into(), onnx_model(vec![onnx_node("Neg", &["big"], "y", vec![])], vec![onnx_tensor("big", &huge, |t| t.float_data = vec![1.0])], "y")),
        // Constant with a huge tensor of one value.
        ("onnx-constant".into(), onnx_model(vec![onnx_node("Constant", &[], "y", vec![tensor_attr("value", onnx_tensor("", &huge, |t| t.float_data = vec![1.0]))])], vec![], "y")),
        // ConstantOfShape of a huge shape.
        (
            "onnx-constant-of-shape".into(),
            onnx_model(
                vec![onnx_node("ConstantOfShape", &["shape"], "y", vec![tensor_attr("value", onnx_tensor("", &[1], |t| t.float_data = vec![1.0]))])],
                vec![ox::TensorProto { name: Some("shape".into()), dims: vec![3], data_type: Some(ox::data_type::INT64), int64_data: huge.to_vec(), ..Default::default() }],
                "y",
            ),
        ),
        // Dims whose product overflows.
        ("onnx-overflow".into(), onnx_model(vec![onnx_node("Neg", &["big"], "y", vec![])], vec![onnx_tensor("big", &[4294967296, 4294967296, 4294967296], one_raw)], "y")),
        ("onnx-negative-dim".into(), onnx_model(vec![onnx_node("Neg", &["big"], "y", vec![])], vec![onnx_tensor("big", &[-5], |t| t.float_data = vec![1.0])], "y")),
    ]
}

/// The registered passes, from `--list-passes`.
fn passes() -> Vec<String> {
    let out = Command::new(BIN).arg("--list-passes").output().expect("amanda-opt runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let names: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("  --"))
        .filter_map(|l| l.trim_start().strip_prefix("--")?.split_whitespace().next().map(str::to_string))
        .collect();
    assert!(names.len() > 10, "--list-passes listed {} passes:\n{text}", names.len());
    names
}

const EMITS: &[&str] = &["amir", "generic", "graphdef", "pbtxt", "onnx", "torchscript", "pytorch", "dot"];

struct Outcome {
    code: Option<i32>,
    stderr: String,
}

/// Runs the binary with `args` under the address-space limit (and a time bound).
fn run(args: &[String]) -> Outcome {
    let script = format!("ulimit -v {VMEM_KB} || exit 99; if command -v timeout >/dev/null; then exec timeout 300 \"$0\" \"$@\"; else exec \"$0\" \"$@\"; fi");
    let out = Command::new("sh").arg("-c").arg(script).arg(BIN).args(args).output().expect("sh runs");
    Outcome { code: out.status.code(), stderr: String::from_utf8_lossy(&out.stderr).into_owned() }
}

/// Checks one run; `Err` describes a violation.
fn check(what: &str, args: &[String], output: Option<&Path>) -> Result<i32, String> {
    if let Some(o) = output {
        let _ = std::fs::remove_dir_all(o);
        let _ = std::fs::remove_file(o);
    }
    let r = run(args);
    let code = r.code.unwrap_or(-1);
    let head: String = r.stderr.lines().take(6).collect::<Vec<_>>().join("\n");
    if code != 0 && code != 1 {
        return Err(format!("{what}: exit {code} (want 0 or 1): {head}"));
    }
    for bad in ["panicked", "memory allocation", "RUST_BACKTRACE", "stack overflow"] {
        if r.stderr.contains(bad) {
            return Err(format!("{what}: stderr has {bad:?}: {head}"));
        }
    }
    if code == 1 {
        if let Some(o) = output {
            if o.exists() {
                return Err(format!("{what}: failed but left {}", o.display()));
            }
        }
        if r.stderr.trim().is_empty() {
            return Err(format!("{what}: exit 1 without a diagnostic"));
        }
    }
    Ok(code)
}

fn scratch() -> PathBuf {
    let base = std::env::var_os("CARGO_TARGET_TMPDIR").map(PathBuf::from).unwrap_or_else(std::env::temp_dir);
    let dir = base.join(format!("hostile-shapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every input file written to `dir`: (name, path).
fn all_inputs(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut files = Vec::new();
    for (name, text) in text_inputs() {
        let p = dir.join(format!("{name}.mlir"));
        std::fs::write(&p, text).unwrap();
        files.push((name, p));
    }
    for (name, bytes) in graphdef_inputs() {
        let p = dir.join(format!("{name}.pb"));
        std::fs::write(&p, bytes).unwrap();
        files.push((name, p));
    }
    for (name, bytes) in onnx_inputs() {
        let p = dir.join(format!("{name}.onnx"));
        std::fs::write(&p, bytes).unwrap();
        files.push((name, p));
    }
    files
}

#[test]
fn every_pass_exits_cleanly_on_hostile_shapes() {
    let dir = scratch();
    let inputs = all_inputs(&dir);
    let passes = passes();
    let mut failures = Vec::new();
    let mut runs = 0;
    for (name, path) in &inputs {
        for pass in &passes {
            let args = vec![path.display().to_string(), format!("--pass={pass}")];
            runs += 1;
            if let Err(e) = check(&format!("{name} --pass={pass}"), &args, None) {
                failures.push(e);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{runs} runs ({} inputs x {} passes)", inputs.len(), passes.len());
    assert!(failures.is_empty(), "{} of {runs} runs failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_emit_exits_cleanly_on_hostile_shapes() {
    let dir = scratch().join("emit");
    std::fs::create_dir_all(&dir).unwrap();
    let inputs = all_inputs(&dir);
    let mut failures = Vec::new();
    let mut runs = 0;
    for (name, path) in &inputs {
        for pipeline in [None, Some("--pass=tfg-constant-folding"), Some("--pass=convert-tf-to-torch")] {
            for emit in EMITS {
                let out = dir.join(format!("{name}.out.{emit}"));
                let mut args = vec![path.display().to_string(), format!("--emit={emit}"), "-o".to_string(), out.display().to_string()];
                if let Some(p) = pipeline {
                    args.push(p.to_string());
                }
                runs += 1;
                if let Err(e) = check(&format!("{name} {} --emit={emit}", pipeline.unwrap_or("")), &args, Some(&out)) {
                    failures.push(e);
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{runs} runs");
    assert!(failures.is_empty(), "{} of {runs} runs failed:\n{}", failures.len(), failures.join("\n"));
}

/// The outcomes the issue asks for, beyond a clean exit.
#[test]
fn splats_stay_splats() {
    let dir = scratch().join("splats");
    std::fs::create_dir_all(&dir).unwrap();
    let huge = "tensor<100000x100000x100000xf32>";
    let neg = graph("dense<1.0>", huge, &format!("  %n, %ctl_0 = Neg(%c) name(\"neg\") {{T = f32}} : ({huge}) -> ({huge})\n"));
    let input = dir.join("neg.mlir");
    std::fs::write(&input, &neg).unwrap();
    let stdout = |args: &[&str]| {
        let mut a: Vec<String> = vec![input.display().to_string()];
        a.extend(args.iter().map(|s| s.to_string()));
        let out = dir.join("out.txt");
        a.push("-o".into());
        a.push(out.display().to_string());
        let code = check(&format!("{args:?}"), &a, Some(&out)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(code, 0, "{args:?} failed");
        std::fs::read_to_string(&out).unwrap()
    };
    // Folding Neg of a splat gives a splat, without expanding it.
    let folded = stdout(&["--pass=tfg-constant-folding"]);
    assert!(folded.contains("dense<-1.000000e+00> : tensor<100000x100000x100000xf32>"), "{folded}");
    // Conversion keeps the literal a splat.
    let torch = stdout(&["--pass=convert-tf-to-torch"]);
    assert!(torch.contains("dense<1.000000e+00> : tensor<100000x100000x100000xf32>") || torch.contains("dense<1.0> : tensor<100000x100000x100000xf32>"), "{torch}");
    // --emit=pytorch writes torch.full in __init__ and no bytes for it.
    let out = dir.join("py");
    let args = vec![input.display().to_string(), "--pass=convert-tf-to-torch".into(), "--emit=pytorch".into(), "-o".into(), out.display().to_string()];
    assert_eq!(check("emit pytorch", &args, Some(&out)), Ok(0));
    let model = std::fs::read_to_string(out.join("model.py")).unwrap();
    assert!(model.contains("torch.full((100000, 100000, 100000), 1.0, dtype=torch.float32)"), "{model}");
    let weights = std::fs::metadata(out.join("weights.safetensors")).unwrap().len();
    assert!(weights < 4096, "weights.safetensors has {weights} bytes");
    // GraphDef export writes one value.
    let pb = stdout(&["--emit=pbtxt"]);
    assert!(pb.matches("float_val").count() == 1, "{pb}");
    let _ = std::fs::remove_dir_all(&dir);
}
