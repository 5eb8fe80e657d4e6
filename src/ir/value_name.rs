//! [`ValueName`]: the name a value or block argument is spelled with (`%Conv2D_12` without
//! the `%`), held as an interned *stem* and a decimal *number* (`Conv2D_` and 12).
//!
//! Value names are the one kind of string that is new on almost every line of a graph:
//! TensorFlow's names are the op type plus a counter (`%Conv2D_12, %ctl_12`), MLIR's are
//! numbers (`%12`). Interned whole, every op would add two strings to the context's table of
//! millions (a cache miss each, to read and again to splice a parallel parse's part in).
//! Split, only the stems are interned (a few dozen, always in cache), and the number rides
//! along.
//!
//! The split is canonical, so equal texts give equal `ValueName`s and back: the number is
//! the text's longest run of trailing ASCII digits when that run is a decimal without a
//! leading zero (or `0` alone) below `u32::MAX`; otherwise the whole text is the stem.
//! A stem with a number therefore never ends in a digit.

use std::borrow::Cow;

use super::{Context, Sym};

/// A value name as a stem and an optional number (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValueName {
    stem: Sym,
    /// [`NO_NUMBER`]: the stem is the whole name.
    number: u32,
}

/// No number, in [`ValueName::number`].
const NO_NUMBER: u32 = u32::MAX;

impl ValueName {
    /// The interned part of the name (the whole name when it has no number).
    pub fn stem(self) -> Sym {
        self.stem
    }

    /// The trailing decimal number, if the name ends in one.
    pub fn number(self) -> Option<u32> {
        (self.number != NO_NUMBER).then_some(self.number)
    }

    /// The same name with its stem mapped (importing it into another context).
    pub fn map_stem(self, f: impl FnOnce(Sym) -> Sym) -> ValueName {
        ValueName { stem: f(self.stem), number: self.number }
    }
}

/// Splits `text` into its stem and number (see the module doc).
pub fn split(text: &str) -> (&str, Option<u32>) {
    let bytes = text.as_bytes();
    let digits = bytes.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 10 || (digits > 1 && bytes[bytes.len() - digits] == b'0') {
        return (text, None);
    }
    let at = text.len() - digits;
    let n = bytes[at..].iter().fold(0u64, |n, &b| n * 10 + (b - b'0') as u64);
    if n < NO_NUMBER as u64 {
        (&text[..at], Some(n as u32))
    } else {
        (text, None)
    }
}

impl Context {
    /// The [`ValueName`] for `text` (its stem interned).
    pub fn value_name(&mut self, text: &str) -> ValueName {
        let (stem, number) = split(text);
        ValueName { stem: self.sym(stem), number: number.unwrap_or(NO_NUMBER) }
    }

    /// The [`ValueName`] for `text` if its stem was interned before (never adds).
    pub fn lookup_value_name(&self, text: &str) -> Option<ValueName> {
        let (stem, number) = split(text);
        Some(ValueName { stem: self.lookup_sym(stem)?, number: number.unwrap_or(NO_NUMBER) })
    }

    /// Appends the text of `name` to `out`.
    pub fn push_value_name(&self, name: ValueName, out: &mut String) {
        out.push_str(self.str(name.stem));
        if let Some(n) = name.number() {
            crate::printer::names::push_u32(out, n);
        }
    }

    /// The text of `name`.
    pub fn value_name_text(&self, name: ValueName) -> Cow<'_, str> {
        match name.number() {
            None => Cow::Borrowed(self.str(name.stem)),
            Some(_) => {
                let mut s = String::new();
                self.push_value_name(name, &mut s);
                Cow::Owned(s)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_at_a_canonical_trailing_number() {
        assert_eq!(split("Conv2D_12"), ("Conv2D_", Some(12)));
        assert_eq!(split("ctl_0"), ("ctl_", Some(0)));
        assert_eq!(split("12"), ("", Some(12)));
        assert_eq!(split("0"), ("", Some(0)));
        assert_eq!(split("arg"), ("arg", None));
        assert_eq!(split(""), ("", None));
        // A leading zero, or a number too large, keeps the whole text as the stem.
        assert_eq!(split("x_007"), ("x_007", None));
        assert_eq!(split("00"), ("00", None));
        assert_eq!(split("x4294967295"), ("x4294967295", None));
        assert_eq!(split("x99999999999"), ("x99999999999", None));
        assert_eq!(split("x4294967294"), ("x", Some(4294967294)));
        assert_eq!(split("arg0.ctl"), ("arg0.ctl", None));
    }

    #[test]
    fn equal_texts_give_equal_names_and_names_give_back_their_text() {
        let mut cx = Context::new();
        let texts = ["Conv2D_12", "Conv2D_1", "Conv2D_", "x_007", "x_07", "x_7", "0", "00", "", "a1b2", "x4294967295"];
        let names: Vec<ValueName> = texts.iter().map(|t| cx.value_name(t)).collect();
        for (i, t) in texts.iter().enumerate() {
            assert_eq!(cx.value_name_text(names[i]), *t);
            assert_eq!(cx.value_name(t), names[i]);
            assert_eq!(cx.lookup_value_name(t), Some(names[i]));
            for (j, u) in texts.iter().enumerate() {
                assert_eq!(names[i] == names[j], t == u, "{t} against {u}");
            }
        }
        assert_eq!(cx.lookup_value_name("never_1"), None);
    }
}
