//! The printed text of attribute entries that repeat from op to op.
//!
//! Most entries of a TensorFlow graph's ops are the same few (`T = f32`, the device,
//! `padding = "SAME"`), while one (`_mlir_name`) differs on every op. [`EntryMemo`] keeps
//! the text of an entry from the second time it is printed on, in a small direct-mapped
//! table keyed by the entry's ids: an entry printed once costs no copy and no allocation,
//! one printed again is copied from the table instead of being written from the IR (its
//! key checked for quoting, its value's data looked up). The text is the same either way.

use super::attrs::write_entry;
use super::Style;
use crate::ir::{Context, NamedAttr};

/// Slots of the table (a power of two).
const SLOTS: usize = 1024;

/// One slot: an entry's ids (name and value packed in a `u64`), and its text once it has
/// been seen twice.
#[derive(Default)]
struct Slot {
    key: u64,
    text: Option<Box<str>>,
}

/// Texts of recently printed attribute entries.
#[derive(Default)]
pub(crate) struct EntryMemo {
    slots: Vec<Slot>,
}

impl EntryMemo {
    /// Appends the text of `e` (`key` or `key = value`) to `out`.
    pub fn push(&mut self, ctx: &Context, e: NamedAttr, style: Style, out: &mut String) {
        if self.slots.is_empty() {
            self.slots.resize_with(SLOTS, || Slot { key: u64::MAX, text: None });
        }
        let key = (e.name.index() as u64) << 32 | e.value.index() as u64;
        // Fibonacci hashing: the top bits of the product spread nearby ids over the table.
        let at = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - SLOTS.trailing_zeros())) as usize;
        let slot = &mut self.slots[at];
        if slot.key != key {
            *slot = Slot { key, text: None };
            write_entry(ctx, &e, style, out);
            return;
        }
        match &slot.text {
            Some(text) => out.push_str(text),
            None => {
                let start = out.len();
                write_entry(ctx, &e, style, out);
                slot.text = Some(out[start..].into());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::AttrData;

    #[test]
    fn repeated_entries_print_as_written() {
        let mut ctx = Context::new();
        let t = ctx.sym("T");
        let f32 = ctx.sym("f32");
        let f32 = ctx.ty(crate::ir::TypeData::Float(f32));
        let ty = ctx.attr(AttrData::Type(f32));
        let u = ctx.sym("flag");
        let unit = ctx.attr(AttrData::Unit);
        let entries = [NamedAttr::new(t, ty), NamedAttr::new(u, unit)];
        let mut memo = EntryMemo::default();
        let mut out = String::new();
        for _ in 0..3 {
            for &e in &entries {
                memo.push(&ctx, e, Style::PRESERVING, &mut out);
                out.push(';');
            }
        }
        assert_eq!(out, "T = f32;flag;".repeat(3));
    }
}
