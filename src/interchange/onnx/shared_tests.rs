//! Tests that an ONNX model's raw tensor data is shared, not copied: initializers imported as
//! slices of the input buffer, exported as the same bytes.

use super::proto::*;
use super::{export_model, import_model};
use prost::bytes::Bytes;

/// Whether `part` lies inside `whole`'s memory.
fn within(whole: &[u8], part: &[u8]) -> bool {
    let (w, p) = (whole.as_ptr() as usize, part.as_ptr() as usize);
    p >= w && p + part.len() <= w + whole.len()
}

#[test]
fn initializer_raw_data_are_slices_of_the_input_and_export_as_they_were() {
    let data: Vec<u8> = (0..512u32).flat_map(|i| (i as f32 * 0.5).to_le_bytes()).collect();
    let w = TensorProto { dims: vec![16, 32], data_type: Some(data_type::FLOAT), name: Some("w".into()), raw_data: Some(Bytes::copy_from_slice(&data)), ..Default::default() };
    let model = ModelProto {
        ir_version: Some(10),
        opset_import: vec![OperatorSetIdProto { domain: Some(String::new()), version: Some(21) }],
        graph: Some(GraphProto { name: Some("g".into()), initializer: vec![w], ..Default::default() }),
        ..Default::default()
    };
    let input = Bytes::from(encode(&model));
    let decoded = decode_model(input.clone()).unwrap();
    let raw = decoded.graph.as_ref().unwrap().initializer[0].raw_data.clone().unwrap();
    assert!(within(&input, &raw), "decoding copied the raw data");
    let (m, _) = import_model(&decoded).unwrap();
    drop((decoded, raw));
    let text = crate::printer::print_module(&m, Default::default());
    assert!(text.contains(&format!("dense<\"{}\"> : tensor<16x32xf32>", crate::ir::hex::hex(&data))), "{text}");
    let back = export_model(&m).unwrap();
    let raw = back.graph.as_ref().unwrap().initializer[0].raw_data.clone().unwrap();
    assert_eq!(raw[..], data[..]);
    assert!(within(&input, &raw), "export copied the raw data");
    assert_eq!(encode(&back), input[..]);
}
