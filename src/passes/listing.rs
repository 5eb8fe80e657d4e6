//! `--list-passes`, in mlir-opt's layout: `Passes:`, then each registered pass sorted by
//! name with its summary (and the op it is anchored on, if any), and under it its options sorted by name (`--name=<type>`, the
//! description and the default).

use super::pass::{OptionKind, PassOption};
use super::registry::PassRegistry;

/// The listing, ending with a newline.
pub fn list_passes(registry: &PassRegistry) -> String {
    let passes = registry.all();
    let width = passes
        .iter()
        .map(|p| {
            let own = p.name.len() + 2;
            let opts = p.options.iter().map(|o| option_arg(o).len() + 2).max().unwrap_or(0);
            own.max(opts)
        })
        .max()
        .unwrap_or(0)
        + 4;
    let mut out = String::from("Passes:\n");
    for p in passes {
        let anchor = p.anchor.map(|a| format!(" (on each '{}')", a)).unwrap_or_default();
        out.push_str(&format!("  {:<w$}-   {}{}\n", format!("--{}", p.name), p.summary, anchor, w = width));
        let mut opts: Vec<&PassOption> = p.options.iter().collect();
        opts.sort_by_key(|o| o.name);
        for o in opts {
            let mut desc = o.description.to_string();
            if !o.default.is_empty() {
                desc.push_str(&format!(" (default: {})", o.default));
            }
            out.push_str(&format!("    {:<w$}- {}\n", option_arg(o), desc, w = width - 2));
        }
    }
    out
}

/// `--name=<type>` (a bool option is a bare `--name`).
fn option_arg(o: &PassOption) -> String {
    match o.kind {
        OptionKind::Bool => format!("--{}", o.name),
        OptionKind::Int => format!("--{}=<long>", o.name),
        OptionKind::String => format!("--{}=<string>", o.name),
        OptionKind::StringList => format!("--{}=<string,...>", o.name),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn passes_and_options_are_listed() {
        let text = super::list_passes(&super::PassRegistry::default());
        assert!(text.starts_with("Passes:\n"));
        let mark = text.lines().position(|l| l.trim_start().starts_with("--test-mark ")).unwrap();
        let next = text.lines().nth(mark + 2).unwrap();
        assert!(next.starts_with("    --name=<string>"), "{}", next);
        assert!(next.ends_with("(default: test.mark)"), "{}", next);
    }
}
