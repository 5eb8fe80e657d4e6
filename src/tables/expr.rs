//! The expression form of mapping tables: a string value of a table may hold expressions in
//! braces. `"{x}"` is the value of capture `x`; `"{x:1}"` result 1 of the op captured (or
//! built) as `x`; `"{f(a, 'NHWC', 2, [1, 2])}"` calls the Rust helper `f` (see
//! [`super::helpers`]) with captures and literals (integers, floats, `'strings'`, `true`,
//! `false`, `[lists]`); text around braces makes a string (`"{name}/MatMul"`).

use crate::ir::Span;

/// One expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Int(i64),
    Float(f64),
    Str(String),
    Bool(bool),
    List(Vec<Expr>),
    /// A capture, with an optional result index (`x:1`).
    Cap { name: String, index: Option<usize> },
    Call { name: String, args: Vec<Expr> },
}

/// Part of a string value: text, or an expression in braces.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    Text(String),
    Expr(Expr),
}

/// A string value of the table with its expressions; `span` is where it is in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    pub parts: Vec<Part>,
    pub span: Span,
}

impl Template {
    /// A template without expressions.
    pub fn is_plain(&self) -> bool {
        self.parts.iter().all(|p| matches!(p, Part::Text(_)))
    }

    /// The single expression when the whole string is one `{...}`.
    pub fn single(&self) -> Option<&Expr> {
        match self.parts.as_slice() {
            [Part::Expr(e)] => Some(e),
            _ => None,
        }
    }

    pub fn text(&self) -> String {
        self.parts
            .iter()
            .map(|p| match p {
                Part::Text(t) => t.clone(),
                Part::Expr(_) => String::new(),
            })
            .collect()
    }

    /// Every capture name used, with call names (`(name, is_call)`).
    pub fn names(&self) -> Vec<(String, bool)> {
        let mut out = Vec::new();
        for p in &self.parts {
            if let Part::Expr(e) = p {
                e.names(&mut out);
            }
        }
        out
    }
}

impl Expr {
    fn names(&self, out: &mut Vec<(String, bool)>) {
        match self {
            Expr::Cap { name, .. } => out.push((name.clone(), false)),
            Expr::Call { name, args } => {
                out.push((name.clone(), true));
                for a in args {
                    a.names(out);
                }
            }
            Expr::List(items) => {
                for a in items {
                    a.names(out);
                }
            }
            _ => {}
        }
    }
}

/// Parses a string value; `span` is the value's place in the file (for messages). An error
/// gives the byte offset in `text` and a message.
pub fn parse_template(text: &str, span: Span) -> Result<Template, (usize, String)> {
    let mut parts = Vec::new();
    let mut rest = text;
    let mut at = 0;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            parts.push(Part::Text(rest[..open].to_string()));
        }
        let inner_start = at + open + 1;
        let close = find_close(&rest[open + 1..]).ok_or((at + open, "'{' without a closing '}'".to_string()))?;
        let inner = &rest[open + 1..open + 1 + close];
        let mut p = Parser { s: inner, pos: 0, base: inner_start };
        let e = p.expr()?;
        p.ws();
        if p.pos < p.s.len() {
            return Err((p.base + p.pos, format!("unexpected '{}' in expression", &p.s[p.pos..])));
        }
        parts.push(Part::Expr(e));
        at += open + 1 + close + 1;
        rest = &rest[open + 1 + close + 1..];
    }
    if !rest.is_empty() {
        parts.push(Part::Text(rest.to_string()));
    }
    Ok(Template { parts, span })
}

/// The index of the `}` closing an expression (quotes and nested brackets skipped).
fn find_close(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    let mut quote = None;
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[') => depth += 1,
            (None, ')' | ']') => depth -= 1,
            (None, '}') if depth <= 0 => return Some(i),
            _ => {}
        }
    }
    None
}

struct Parser<'a> {
    s: &'a str,
    pos: usize,
    base: usize,
}

type PResult<T> = Result<T, (usize, String)>;

impl Parser<'_> {
    fn ws(&mut self) {
        while self.s[self.pos..].starts_with(char::is_whitespace) {
            self.pos += self.s[self.pos..].chars().next().map_or(1, char::len_utf8);
        }
    }

    fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err((self.base + self.pos, msg.into()))
    }

    fn eat(&mut self, c: char) -> bool {
        self.ws();
        if self.s[self.pos..].starts_with(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expr(&mut self) -> PResult<Expr> {
        self.ws();
        let rest = &self.s[self.pos..];
        let Some(c) = rest.chars().next() else { return self.err("empty expression") };
        if c == '\'' || c == '"' {
            let end = rest[1..].find(c).ok_or((self.base + self.pos, "unterminated string".to_string()))?;
            let text = rest[1..1 + end].to_string();
            self.pos += end + 2;
            return Ok(Expr::Str(text));
        }
        if c == '[' {
            self.pos += 1;
            let items = self.list(']')?;
            return Ok(Expr::List(items));
        }
        if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' {
            let b = rest.as_bytes();
            let mut len = 1;
            while len < b.len() {
                let ch = b[len];
                let exp_sign = (ch == b'-' || ch == b'+') && matches!(b[len - 1], b'e' | b'E');
                if ch.is_ascii_alphanumeric() || ch == b'.' || ch == b'_' || exp_sign {
                    len += 1;
                } else {
                    break;
                }
            }
            let lit = &rest[..len];
            self.pos += len;
            if let Ok(i) = lit.parse::<i64>() {
                return Ok(Expr::Int(i));
            }
            return match lit.parse::<f64>() {
                Ok(f) => Ok(Expr::Float(f)),
                Err(_) => Err((self.base + self.pos - len, format!("'{}' is not a number", lit))),
            };
        }
        if c.is_alphabetic() || c == '_' {
            let len = rest.find(|ch: char| !(ch.is_alphanumeric() || ch == '_')).unwrap_or(rest.len());
            let name = rest[..len].to_string();
            self.pos += len;
            match name.as_str() {
                "true" => return Ok(Expr::Bool(true)),
                "false" => return Ok(Expr::Bool(false)),
                _ => {}
            }
            if self.eat('(') {
                let args = self.list(')')?;
                return Ok(Expr::Call { name, args });
            }
            let save = self.pos;
            if self.eat(':') {
                self.ws();
                let r = &self.s[self.pos..];
                let n = r.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(r.len());
                if n == 0 {
                    self.pos = save;
                    return self.err("expected a result index after ':'");
                }
                let index = r[..n].parse().ok();
                self.pos += n;
                return Ok(Expr::Cap { name, index });
            }
            return Ok(Expr::Cap { name, index: None });
        }
        self.err(format!("unexpected '{}' in expression", c))
    }

    fn list(&mut self, close: char) -> PResult<Vec<Expr>> {
        let mut items = Vec::new();
        if self.eat(close) {
            return Ok(items);
        }
        loop {
            items.push(self.expr()?);
            if self.eat(close) {
                return Ok(items);
            }
            if !self.eat(',') {
                return self.err(format!("expected ',' or '{}'", close));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Template {
        parse_template(s, Span::default()).unwrap()
    }

    #[test]
    fn templates_and_expressions() {
        assert!(t("dense/MatMul").is_plain());
        assert_eq!(t("{x}").single(), Some(&Expr::Cap { name: "x".into(), index: None }));
        assert_eq!(t("{sum:1}").single(), Some(&Expr::Cap { name: "sum".into(), index: Some(1) }));
        assert_eq!(
            t("{perm_from_data_format(data_format)}").single(),
            Some(&Expr::Call { name: "perm_from_data_format".into(), args: vec![Expr::Cap { name: "data_format".into(), index: None }] })
        );
        assert_eq!(
            t("{f(-1, 2.5, 'a}b', [1, 2], true)}").single(),
            Some(&Expr::Call {
                name: "f".into(),
                args: vec![Expr::Int(-1), Expr::Float(2.5), Expr::Str("a}b".into()), Expr::List(vec![Expr::Int(1), Expr::Int(2)]), Expr::Bool(true)]
            })
        );
        let s = t("{name}/MatMul");
        assert_eq!(s.parts.len(), 2);
        assert_eq!(s.names(), vec![("name".to_string(), false)]);
    }

    #[test]
    fn bad_expressions_say_where() {
        assert_eq!(parse_template("ab{x", Span::default()).unwrap_err().0, 2);
        let (at, msg) = parse_template("{f(x y)}", Span::default()).unwrap_err();
        assert_eq!(at, 5, "{}", msg);
    }
}
