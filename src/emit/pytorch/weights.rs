//! The tensors of `--emit=pytorch`: a `torch.vtensor.literal`'s `dense<...>` value decoded
//! into little-endian bytes ([`Weight`]), small literals written as Python
//! (`torch.tensor(...)`), and the
//! `weights.safetensors` file itself ([`safetensors`]).
//!
//! The safetensors format (huggingface/safetensors, `docs`/README "Format"): an unsigned
//! 64-bit little-endian header length N, N bytes of a JSON object (one entry per tensor:
//! `dtype`, `shape`, `data_offsets` [begin, end) into the data; an optional `__metadata__`
//! map of strings; padded with spaces to a multiple of 8), then the raw little-endian data.
//! Written here directly: the writer is forty lines and needs nothing but serde_json.

use crate::ir::attrs::AttrData;
use crate::ir::types::TypeData;
use crate::dialect::torch_dtype::Dt;
use crate::ir::{AttrId, Context};
use prost::bytes::Bytes;
use crate::passes::folding::tensor::{num_elements, DType, Tensor, Values, DEFAULT_MAX_CONSTANT_BYTES};

/// A decoded literal: shape, element type, values.
pub struct Literal {
    pub elem: Dt,
    pub shape: Vec<i64>,
    /// The elements as little-endian bytes, when the attribute holds them so (`dense<"0x...">`,
    /// as the GraphDef importer writes constants): copied as they are, every bit kept.
    raw: Option<Bytes>,
    /// The elements as values (for the Python spelling, and when there are no raw bytes).
    tensor: Option<Tensor>,
    /// The one element of a splat that declares more than the passes' default
    /// `max-constant-bytes` (10 MiB; `dense<1.0> : tensor<...>`): written as
    /// `torch.full(...)`, never expanded (its declared size may be anything). Smaller splats
    /// are weights like any other.
    splat: Option<Tensor>,
}

impl Literal {
    /// The shape and element type of the `dense<...>` attribute `value`, when its elements
    /// are of a type torch has (no decoding).
    pub fn header(ctx: &Context, value: AttrId) -> Option<(Vec<i64>, Dt)> {
        let AttrData::Dense { ty, .. } = ctx.attr_data(ctx.resolved_attr(value)) else { return None };
        let TypeData::RankedTensor { shape, elem, .. } = ctx.type_data(ctx.resolved_type(*ty)) else { return None };
        if shape.iter().any(|&d| d < 0) {
            return None;
        }
        Some((shape.clone(), Dt::of_builtin(ctx, *elem)?))
    }

    /// Decodes the `dense<...>` attribute `value`; `None` when it is not a dense literal of
    /// an element type torch has, or its elements do not match its type.
    pub fn decode(ctx: &Context, value: AttrId) -> Option<Literal> {
        let (shape, elem) = Literal::header(ctx, value)?;
        let n = usize::try_from(num_elements(&shape)).ok()?;
        let fits = |t: &Tensor| match (t.dtype, elem) {
            (DType::Bool, Dt::I1) => true,
            (DType::Int { width, .. }, e) => !e.is_float() && e != Dt::I1 && e.size_bytes() * 8 == width as i64,
            (DType::Float(sem), e) => e.is_float() && e.size_bytes() * 8 == sem.bits as i64,
            _ => false,
        };
        if n > 1 && declared_bytes_of(elem, &shape) > DEFAULT_MAX_CONSTANT_BYTES {
            if let Some(s) = Tensor::splat_of(ctx, value) {
                return fits(&s.scalar).then_some(Literal { elem, shape, raw: None, tensor: None, splat: Some(s.scalar) });
            }
        }
        let AttrData::Dense { value: inner, .. } = ctx.attr_data(ctx.resolved_attr(value)) else { return None };
        // Bytes held as such are shared (an imported file's weights are not copied).
        let raw = match ctx.attr_data(*inner) {
            AttrData::Hex(b) if elem != Dt::I1 => Some(b.bytes()),
            AttrData::String { spelling, .. } if elem != Dt::I1 => crate::ir::hex::unhex(ctx.str(*spelling)).map(Bytes::from),
            _ => None,
        }
        .filter(|b| Some(b.len()) == n.checked_mul(elem.size_bytes() as usize) && n > 1);
        let tensor = if raw.is_none() || n <= INLINE_LIMIT {
            let t = Tensor::from_attr(ctx, value)?;
            if !fits(&t) {
                return None;
            }
            Some(t)
        } else {
            None
        };
        Some(Literal { elem, shape, raw, tensor, splat: None })
    }

    /// Whether this is a splat of more than one element (see [`Literal::python`]).
    pub fn is_splat(&self) -> bool {
        self.splat.is_some()
    }

    pub fn len(&self) -> usize {
        num_elements(&self.shape).max(0) as usize
    }

    /// The elements of a matrix `[r, c]` as the bytes of its transpose `[c, r]`.
    pub fn transposed_bytes(&self) -> Option<Bytes> {
        let &[rows, cols] = self.shape.as_slice() else { return None };
        let (rows, cols, size) = (rows as usize, cols as usize, self.elem.size_bytes() as usize);
        let bytes = self.bytes();
        if bytes.len() != rows * cols * size {
            return None;
        }
        let mut out = vec![0u8; bytes.len()];
        for r in 0..rows {
            for c in 0..cols {
                let (from, to) = ((r * cols + c) * size, (c * rows + r) * size);
                out[to..to + size].copy_from_slice(&bytes[from..from + size]);
            }
        }
        Some(out.into())
    }

    /// The elements as little-endian bytes in row-major order.
    pub fn bytes(&self) -> Bytes {
        if let Some(raw) = &self.raw {
            return raw.clone();
        }
        let Some(tensor) = &self.tensor else { return Bytes::new() };
        let size = self.elem.size_bytes() as usize;
        let mut out = Vec::with_capacity(self.len() * size);
        match &tensor.values {
            Values::Float(v) => {
                for &x in v {
                    match (self.elem, tensor.dtype) {
                        (Dt::F32, _) => out.extend_from_slice(&(x as f32).to_le_bytes()),
                        (Dt::F64, _) => out.extend_from_slice(&x.to_le_bytes()),
                        (_, DType::Float(sem)) => out.extend_from_slice(&(sem.from_f64(x) as u16).to_le_bytes()),
                        _ => unreachable!("a float literal has a float type"),
                    }
                }
            }
            Values::Int(v) => {
                for &x in v {
                    out.extend_from_slice(&x.to_le_bytes()[..size]);
                }
            }
        }
        out.into()
    }

    /// The literal as a Python expression (`torch.tensor([1, 2], dtype=torch.int32)`); only
    /// for literals of at most [`INLINE_LIMIT`] elements.
    pub fn python(&self) -> String {
        let dtype = self.elem.python();
        if self.len() == 0 {
            return format!("torch.empty({}, dtype={dtype})", shape_tuple(&self.shape));
        }
        if let Some(one) = &self.splat {
            let v = match &one.values {
                Values::Float(v) => python_float(v[0], self.elem == Dt::F32),
                Values::Int(v) => self.python_int(v[0]),
            };
            return format!("torch.full({}, {v}, dtype={dtype})", shape_tuple(&self.shape));
        }
        let Some(tensor) = &self.tensor else { return format!("torch.empty({}, dtype={dtype})", shape_tuple(&self.shape)) };
        let elems: Vec<String> = match &tensor.values {
            Values::Float(v) => v.iter().map(|&x| python_float(x, self.elem == Dt::F32)).collect(),
            Values::Int(v) => v.iter().map(|&x| self.python_int(x)).collect(),
        };
        format!("torch.tensor({}, dtype={dtype})", nested(&self.shape, &elems))
    }

    /// An integer or boolean element as Python.
    fn python_int(&self, x: i64) -> String {
        match self.elem {
            Dt::I1 => if x != 0 { "True" } else { "False" }.to_string(),
            Dt::Ui64 => (x as u64).to_string(),
            _ => x.to_string(),
        }
    }
}

/// The bytes a tensor of `shape` of `elem` declares (saturating).
fn declared_bytes_of(elem: Dt, shape: &[i64]) -> i64 {
    num_elements(shape).saturating_mul(elem.size_bytes() as usize as i64)
}

/// Literals of at most this many elements may be written in `model.py`; they are always
/// decoded into values.
pub const INLINE_LIMIT: usize = 16;

/// A shape as a Python tuple: `()`, `(3,)`, `(2, 3)`.
/// `bytes` (row-major) cut into `order.len()` equal blocks of rows, block `g` of the result
/// being block `order[g]` of `bytes`; `None` when they do not divide evenly.
pub fn reorder_row_blocks(bytes: &[u8], order: &[usize]) -> Option<Bytes> {
    if order.is_empty() || bytes.len() % order.len() != 0 {
        return None;
    }
    let block = bytes.len() / order.len();
    let mut out = Vec::with_capacity(bytes.len());
    for &g in order {
        out.extend_from_slice(bytes.get(g * block..(g + 1) * block)?);
    }
    Some(out.into())
}

pub fn shape_tuple(shape: &[i64]) -> String {
    match shape {
        [] => "()".to_string(),
        [d] => format!("({d},)"),
        _ => format!("({})", shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// Row-major elements as nested Python lists following `shape` (a scalar is its element).
fn nested(shape: &[i64], elems: &[String]) -> String {
    let Some((&outer, rest)) = shape.split_first() else { return elems[0].clone() };
    let outer = outer.max(0) as usize;
    let inner = elems.len().checked_div(outer).unwrap_or(0);
    let items: Vec<String> = (0..outer).map(|i| nested(rest, &elems[i * inner..(i + 1) * inner])).collect();
    format!("[{}]", items.join(", "))
}

/// A float as a Python expression that gives back exactly `x` (as an f32 when `f32`):
/// the shortest spelling that does, `float("inf")` / `float("nan")` for the others.
pub fn python_float(x: f64, f32: bool) -> String {
    if x.is_nan() {
        return "float(\"nan\")".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 { "float(\"inf\")" } else { "-float(\"inf\")" }.to_string();
    }
    // The shortest f32 spelling, when reading it as Python does (to f64, then to f32 in torch)
    // gives the same f32; else the f64 spelling, which is exact.
    let short = format!("{:?}", x as f32);
    let text = if f32 && short.parse::<f64>().ok().map(|d| d as f32) == Some(x as f32) { short } else { format!("{x:?}") };
    // Rust writes `1e-5`, `1e20`: valid Python floats; `inf` and `NaN` are handled above.
    text
}

/// One tensor of `weights.safetensors`.
pub struct Weight {
    pub name: String,
    pub elem: Dt,
    pub shape: Vec<i64>,
    pub data: Bytes,
}

/// The bytes of a safetensors file holding `weights` in order.
pub fn safetensors(weights: &[Weight]) -> Vec<u8> {
    let mut header = serde_json::Map::new();
    let mut meta = serde_json::Map::new();
    meta.insert("format".to_string(), serde_json::Value::String("pt".to_string()));
    header.insert("__metadata__".to_string(), serde_json::Value::Object(meta));
    let mut offset = 0usize;
    for w in weights {
        let end = offset + w.data.len();
        header.insert(
            w.name.clone(),
            serde_json::json!({ "dtype": w.elem.safetensors(), "shape": w.shape, "data_offsets": [offset, end] }),
        );
        offset = end;
    }
    let mut json = serde_json::Value::Object(header).to_string().into_bytes();
    while json.len() % 8 != 0 {
        json.push(b' ');
    }
    let mut out = Vec::with_capacity(8 + json.len() + offset);
    out.extend_from_slice(&(json.len() as u64).to_le_bytes());
    out.extend_from_slice(&json);
    for w in weights {
        out.extend_from_slice(&w.data);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safetensors_layout() {
        let w = vec![
            Weight { name: "b".into(), elem: Dt::F32, shape: vec![2], data: [1.0f32.to_le_bytes(), 2.0f32.to_le_bytes()].concat().into() },
            Weight { name: "a".into(), elem: Dt::Si64, shape: vec![], data: 7i64.to_le_bytes().to_vec().into() },
        ];
        let bytes = safetensors(&w);
        let n = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
        assert_eq!(n % 8, 0);
        let header: serde_json::Value = serde_json::from_slice(&bytes[8..8 + n]).unwrap();
        assert_eq!(header["b"]["data_offsets"], serde_json::json!([0, 8]));
        assert_eq!(header["a"]["data_offsets"], serde_json::json!([8, 16]));
        assert_eq!(header["a"]["dtype"], "I64");
        assert_eq!(header["a"]["shape"], serde_json::json!([]));
        assert_eq!(&bytes[8 + n + 8..], &7i64.to_le_bytes());
    }

    #[test]
    fn row_blocks_reorder() {
        let rows: Vec<u8> = (0..8).collect();
        // Four blocks of two bytes: TensorFlow 1's i, j, f, o read as PyTorch's i, f, g, o.
        assert_eq!(&reorder_row_blocks(&rows, &[0, 2, 1, 3]).unwrap()[..], &[0, 1, 4, 5, 2, 3, 6, 7]);
        assert_eq!(&reorder_row_blocks(&rows, &[0, 1, 2, 3]).unwrap()[..], &rows[..]);
        assert!(reorder_row_blocks(&rows[..7], &[0, 1, 2, 3]).is_none());
    }

    #[test]
    fn matrices_transpose_bytewise() {
        let m = crate::syntax::parse_module("\"test.op\"() {v = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>} : () -> ()\n").expect("parses");
        let a = m.op_attr(m.top_ops()[0], "v").unwrap();
        let lit = Literal::decode(&m.ctx, a).unwrap();
        let got: Vec<i16> = lit.transposed_bytes().unwrap().chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        assert_eq!(got, [1, 4, 2, 5, 3, 6]);
    }

    #[test]
    fn python_floats_read_back_exactly() {
        assert_eq!(python_float(0.1f32 as f64, true), "0.1");
        assert_eq!(python_float(0.1, false), "0.1");
        assert_eq!(python_float(1.0, true), "1.0");
        assert_eq!(python_float(f64::NEG_INFINITY, true), "-float(\"inf\")");
        assert_eq!(python_float(1e-5f32 as f64, true), "1e-5");
    }

    #[test]
    fn nested_lists_follow_the_shape() {
        let e: Vec<String> = (0..6).map(|i| i.to_string()).collect();
        assert_eq!(nested(&[2, 3], &e), "[[0, 1, 2], [3, 4, 5]]");
        assert_eq!(nested(&[], &e[..1]), "0");
        assert_eq!(shape_tuple(&[3]), "(3,)");
    }
}
