//! Semantic tokens: op names (dialect prefix as a namespace token, the framework of a
//! vocabulary op as a modifier), values (control tokens marked `control` when the file
//! parses), types, attribute keys, keywords, literals, comments, aliases, blocks, symbols;
//! encoded relative, in UTF-16 units, one line per token.

use lsp_types::{SemanticToken, SemanticTokens};

use super::analysis::Analysis;
use super::index::{M_CONTROL, T_VALUE};

pub fn semantic_tokens(a: &Analysis) -> SemanticTokens {
    let text = &a.text;
    // Control values: by the definitions' start offsets.
    let control = |start: u32| -> bool {
        let Some(i) = a.index.name_at(start) else { return false };
        a.value_of(i).is_some_and(|(m, v)| m.ctx.is_control_type(m.body.value_type(v)))
    };
    let mut data = Vec::with_capacity(a.index.tokens.len());
    let (mut prev_line, mut prev_col) = (0u32, 0u32);
    let mut last_end = 0u32;
    for t in &a.index.tokens {
        // One line each, in order, no overlaps.
        if t.end <= t.start || t.start < last_end || text[t.start as usize..t.end as usize].contains('\n') {
            continue;
        }
        last_end = t.end;
        let p = a.lines.position(text, t.start);
        let len = text[t.start as usize..t.end as usize].encode_utf16().count() as u32;
        let mut mods = t.mods;
        if t.ty == T_VALUE && control(t.start) {
            mods |= M_CONTROL;
        }
        let delta_line = p.line - prev_line;
        let delta_start = if delta_line == 0 { p.character - prev_col } else { p.character };
        data.push(SemanticToken { delta_line, delta_start, length: len, token_type: t.ty, token_modifiers_bitset: mods });
        prev_line = p.line;
        prev_col = p.character;
    }
    SemanticTokens { result_id: None, data }
}
