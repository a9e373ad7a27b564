//! The little JSON the game pages read, written one way for every game.
//!
//! A value is anything that is [`Json`]: numbers and booleans as JSON writes
//! them, strings quoted and escaped, `Option` as `null` or its value, slices
//! and `Vec`s as arrays, and an [`Object`] of named fields in the order they
//! were given. Numbers that may pass 2^53 (what a JavaScript number holds
//! exactly) go as strings of digits: [`Digits`].
//!
//! ```
//! use web::json::{Digits, Object};
//!
//! let pile = Object::new().with("pile", 2).with("take", Digits(7));
//! let answer = Object::new()
//!     .with("over", false)
//!     .with("winner", None::<&str>)
//!     .with("said", ["Your move."])
//!     .with("hint", Some(pile));
//! assert_eq!(
//!     answer.line(),
//!     "{\"over\":false,\"winner\":null,\"said\":[\"Your move.\"],\
//!      \"hint\":{\"pile\":2,\"take\":\"7\"}}\n"
//! );
//! ```

use std::fmt::Write as _;

/// A value the pages read, written as JSON.
pub trait Json {
    /// Appends the value's JSON text to `out`.
    fn write_json(&self, out: &mut String);
}

/// A JSON object: its fields in the order they were added.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Object {
    /// `{` and the fields so far, without the closing brace.
    text: String,
}

impl Object {
    /// An object with no fields.
    pub fn new() -> Object {
        Object {
            text: String::from("{"),
        }
    }

    /// Adds the field `key` with `value`.
    pub fn field(&mut self, key: &str, value: impl Json) -> &mut Object {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        key.write_json(&mut self.text);
        self.text.push(':');
        value.write_json(&mut self.text);
        self
    }

    /// The object with the field `key` added (to build nested values).
    #[must_use]
    pub fn with(mut self, key: &str, value: impl Json) -> Object {
        self.field(key, value);
        self
    }

    /// The object's text and a line end: what the engine prints.
    pub fn line(self) -> String {
        let mut out = self.text;
        out.push_str("}\n");
        out
    }
}

impl Json for Object {
    fn write_json(&self, out: &mut String) {
        out.push_str(&self.text);
        out.push('}');
    }
}

/// A whole number written as a JSON string of its decimal digits, for the
/// numbers a JavaScript number may not hold exactly (pile sizes, seeds,
/// counts of deals).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Digits<T>(pub T);

impl<T: std::fmt::Display> Json for Digits<T> {
    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "\"{}\"", self.0);
    }
}

/// A number written with a fixed count of decimals (`Fixed(0.5, 6)` is
/// `0.500000`), as the pages show chances.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fixed(pub f64, pub usize);

impl Json for Fixed {
    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "{:.*}", self.1, self.0);
    }
}

impl Json for str {
    fn write_json(&self, out: &mut String) {
        out.reserve(self.len() + 2);
        out.push('"');
        for c in self.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if u32::from(c) < 0x20 => {
                    let _ = write!(out, "\\u{:04x}", u32::from(c));
                }
                c => out.push(c),
            }
        }
        out.push('"');
    }
}

impl Json for String {
    fn write_json(&self, out: &mut String) {
        self.as_str().write_json(out);
    }
}

impl Json for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

/// Integers as JSON numbers.
macro_rules! numbers {
    ($($type:ty)*) => {$(
        impl Json for $type {
            fn write_json(&self, out: &mut String) {
                let _ = write!(out, "{self}");
            }
        }
    )*};
}

numbers!(u8 u16 u32 u64 usize i32 i64);

impl<T: Json + ?Sized> Json for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

impl<T: Json> Json for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(value) => value.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: Json> Json for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (index, item) in self.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            item.write_json(out);
        }
        out.push(']');
    }
}

impl<T: Json, const N: usize> Json for [T; N] {
    fn write_json(&self, out: &mut String) {
        self[..].write_json(out);
    }
}

impl<T: Json> Json for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self[..].write_json(out);
    }
}

/// `value` as JSON text.
pub fn to_string(value: impl Json) -> String {
    let mut out = String::new();
    value.write_json(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(
            to_string("a\"b\\c\nd\u{1}\té"),
            "\"a\\\"b\\\\c\\nd\\u0001\\té\""
        );
        assert_eq!(to_string(["x", "y"]), "[\"x\",\"y\"]");
        assert_eq!(to_string(Vec::<&str>::new()), "[]");
    }

    #[test]
    fn values_nest_and_keep_their_order() {
        let inner = Object::new()
            .with("b", Digits(u64::MAX))
            .with("a", Fixed(0.25, 3));
        let mut outer = Object::new();
        outer
            .field("list", vec![Some(1u8), None])
            .field("inner", &inner)
            .field("empty", Object::new())
            .field("yes", true);
        assert_eq!(
            outer.line(),
            "{\"list\":[1,null],\"inner\":{\"b\":\"18446744073709551615\",\"a\":0.250},\
             \"empty\":{},\"yes\":true}\n"
        );
    }

    #[test]
    fn what_it_writes_is_json_a_parser_reads_back() {
        let text = Object::new()
            .with("s", "quote \" slash \\ line\n tab\t bell\u{7} ünïcode")
            .with("n", -3i64)
            .with("l", [[1u32, 2], [3, 4]])
            .line();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            value["s"],
            "quote \" slash \\ line\n tab\t bell\u{7} ünïcode"
        );
        assert_eq!(value["n"], -3);
        assert_eq!(value["l"][1][0], 3);
    }
}
