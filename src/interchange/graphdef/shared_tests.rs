//! Tests that a binary GraphDef's tensor data is shared, not copied: imported as slices of
//! the input buffer, printed as MLIR's hex text, exported as the same bytes.

use super::proto::*;
use super::{export_module, import_graphdef, read_graphdef};
use crate::ir::hex::hex;
use crate::printer::{print_module, PrintOptions};
use prost::bytes::Bytes;

/// Whether `part` lies inside `whole`'s memory.
fn within(whole: &[u8], part: &[u8]) -> bool {
    let (w, p) = (whole.as_ptr() as usize, part.as_ptr() as usize);
    p >= w && p + part.len() <= w + whole.len()
}

fn tensor_of(n: &NodeDef) -> &TensorProto {
    match n.attr.get("value").and_then(|v| v.value.as_ref()) {
        Some(attr_value::Value::Tensor(t)) => t,
        _ => panic!("{} has no tensor value", n.name),
    }
}

fn weights_graph(data: &[u8], elems: i64) -> GraphDef {
    let t = TensorProto {
        dtype: 1,
        tensor_shape: Some(TensorShapeProto { dim: vec![Dim { size: elems, name: String::new() }], unknown_rank: false }),
        tensor_content: Bytes::copy_from_slice(data),
        ..Default::default()
    };
    let mut attr = std::collections::BTreeMap::new();
    attr.insert("dtype".to_string(), AttrValue { value: Some(attr_value::Value::Type(1)) });
    attr.insert("value".to_string(), AttrValue { value: Some(attr_value::Value::Tensor(t)) });
    GraphDef { node: vec![NodeDef { name: "w".into(), op: "Const".into(), attr, ..Default::default() }], ..Default::default() }
}

#[test]
fn large_tensor_contents_are_slices_of_the_input_and_export_as_they_were() {
    let data: Vec<u8> = (0..256u32).flat_map(|i| (i as f32 * 0.25 - 3.0).to_le_bytes()).collect();
    let input = Bytes::from(encode_graphdef(&weights_graph(&data, 256)));
    let g = read_graphdef("w.pb", &input).unwrap();
    assert!(within(&input, &tensor_of(&g.node[0]).tensor_content), "decoding copied the tensor content");
    let m = import_graphdef(&g).unwrap();
    drop(g);
    // Printed as MLIR prints a hex dense literal.
    let text = print_module(&m, PrintOptions { canonical: true, ..Default::default() });
    assert!(text.contains(&format!("value = dense<\"{}\"> : tensor<256xf32>", hex(&data))), "{text}");
    // Exported: the same bytes, still the input's.
    let back = export_module(&m).unwrap();
    let content = &tensor_of(&back.node[0]).tensor_content;
    assert_eq!(content[..], data[..]);
    assert!(within(&input, content), "export copied the tensor content");
    // The printed text reads back to IR that exports the same GraphDef.
    let parsed = crate::syntax::parse_module(&text).unwrap_or_else(|d| panic!("{:?}", d.first().map(|d| &d.message)));
    assert_eq!(encode_graphdef(&export_module(&parsed).unwrap()), encode_graphdef(&back));
    assert_eq!(print_module(&parsed, PrintOptions { canonical: true, ..Default::default() }), text);
}

#[test]
fn text_format_tensor_contents_import_the_same() {
    let data: Vec<u8> = (0..300u32).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let g = weights_graph(&data, 300);
    let text = super::pbtxt::print(&g);
    let from_text = read_graphdef("w.pbtxt", &Bytes::from(text.into_bytes())).unwrap();
    let m = import_graphdef(&from_text).unwrap();
    assert_eq!(tensor_of(&export_module(&m).unwrap().node[0]).tensor_content[..], data[..]);
}
