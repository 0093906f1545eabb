//! Objects answered as their JSON text, written once, where async-graphql keeps a map per object.
//!
//! async-graphql holds each object of an answer as a map of its fields: a hashed key (a shared
//! `Arc<str>`, counted up and down) and a value of its own for every field, built, serialised,
//! then dropped one by one, which took about 45% of the instructions of a page of 50 pins. Here
//! an object is its JSON text, in a map under serde_json's raw-value key, and the objects nested
//! in it are copied in as text; the answer is written by [`response`], which copies the texts as
//! they are (async-graphql's serialiser would parse each to check it). The page takes 4% fewer
//! instructions in all (`bench/TUNING.md`, session 35).

use std::cell::RefCell;

use async_graphql::indexmap::IndexMap;
use async_graphql::{Name, Response, Value};
use async_graphql_value::RAW_VALUE_TOKEN;

/// An object answered as `text`, its JSON as the functions of this module write it.
pub(crate) fn from_text(text: Vec<u8>) -> Value {
    // SAFETY: `text` holds what serde_json wrote and the texts of objects it wrote before, all
    // UTF-8 (serde_json's `to_string` skips the check for the same reason), string slices
    // copied whole, and ASCII marks and digits.
    let text = unsafe { String::from_utf8_unchecked(text) };
    let spare = SPARE.with_borrow_mut(Vec::pop);
    let mut raw = spare.unwrap_or_else(|| RAW.with(IndexMap::clone));
    if let Some((_, value)) = raw.get_index_mut(0) {
        *value = Value::String(text);
    }
    Value::Object(raw)
}

/// How many emptied maps of objects answered as text a thread keeps for the next ones.
const MOST_SPARE: usize = 256;

thread_local! {
    /// The map of an object answered as text, with an empty text: a copy of it takes the key
    /// already hashed, where a new map would make the key and hash it again for each object.
    static RAW: IndexMap<Name, Value> =
        IndexMap::from([(Name::new(RAW_VALUE_TOKEN), Value::String(String::new()))]);
    /// Maps of objects whose text was copied into another's (`write_owned`), emptied: a copy of
    /// `RAW` and its drop cost about 700 instructions an object, some 80 of them on a boards page.
    static SPARE: RefCell<Vec<IndexMap<Name, Value>>> = const { RefCell::new(Vec::new()) };
}

/// Appends `value` as [`write`] does, then keeps the maps of the objects answered as text in it
/// for the next objects (`from_text`).
pub(crate) fn write_owned(text: &mut Vec<u8>, value: Value) {
    write(text, &value);
    keep_spare(value);
}

/// Keeps the maps of `value`'s objects answered as text (itself, or the items of a list).
fn keep_spare(value: Value) {
    match value {
        Value::Object(mut fields) if raw_text(&fields).is_some() => {
            if let Some((_, text)) = fields.get_index_mut(0) {
                *text = Value::String(String::new());
            }
            SPARE.with_borrow_mut(|spare| {
                if spare.len() < MOST_SPARE {
                    spare.push(fields);
                }
            });
        }
        Value::List(items) => items.into_iter().for_each(keep_spare),
        _ => {}
    }
}

/// `response` as JSON, as async-graphql serialises it, without checking again the objects it
/// holds as text (async-graphql's serialiser parses each to check it).
pub fn response(response: &Response) -> Vec<u8> {
    let mut text = Vec::with_capacity(size(&response.data) + 32);
    text.extend_from_slice(b"{\"data\":");
    write(&mut text, &response.data);
    if !response.extensions.is_empty() {
        text.extend_from_slice(b",\"extensions\":");
        let extensions = response.extensions.iter();
        write_object(
            &mut text,
            extensions.map(|(key, value)| (key.as_str(), value)),
        );
    }
    if !response.errors.is_empty() {
        text.extend_from_slice(b",\"errors\":");
        write_scalar(&mut text, &response.errors);
    }
    text.push(b'}');
    text
}

/// About the length of `value` as JSON, for the buffer it is written to.
pub fn size(value: &Value) -> usize {
    match value {
        Value::Object(fields) => match raw_text(fields) {
            Some(raw) => raw.len(),
            None => fields_size(fields.iter().map(|(key, value)| (key.as_str(), value))),
        },
        Value::List(items) => items.iter().map(|item| size(item) + 1).sum::<usize>() + 2,
        Value::String(text) => text.len() + 2,
        _ => 8,
    }
}

/// About the length of an object of `fields` as JSON.
fn fields_size<'a>(fields: impl Iterator<Item = (&'a str, &'a Value)>) -> usize {
    fields.map(|(key, value)| key.len() + 4 + size(value)).sum()
}

/// Appends an object of `fields`, in their order.
fn write_object<'a>(text: &mut Vec<u8>, fields: impl Iterator<Item = (&'a str, &'a Value)>) {
    text.push(b'{');
    for (index, (key, value)) in fields.enumerate() {
        if index > 0 {
            text.push(b',');
        }
        write_str(text, key);
        text.push(b':');
        write(text, value);
    }
    text.push(b'}');
}

/// Appends `value` as JSON, objects answered as text copied in as they are.
pub fn write(text: &mut Vec<u8>, value: &Value) {
    match value {
        Value::Object(fields) => match raw_text(fields) {
            Some(raw) => text.extend_from_slice(raw.as_bytes()),
            None => write_object(
                text,
                fields.iter().map(|(key, value)| (key.as_str(), value)),
            ),
        },
        Value::List(items) => {
            // A page's edges: the room for all of them at once, not doubled a dozen times.
            text.reserve(size(value));
            text.push(b'[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    text.push(b',');
                }
                write(text, item);
            }
            text.push(b']');
        }
        Value::String(string) => write_str(text, string),
        scalar => write_scalar(text, scalar),
    }
}

/// Appends `string` as a JSON string. Most need no escaping (ids, digests, names, most
/// captions): those are checked a whole run of bytes at a time and copied, where serde_json
/// looks each byte up in a table (about 10% of a 50-pin page's instructions).
pub(crate) fn write_str(text: &mut Vec<u8>, string: &str) {
    let escaped = |byte: u8| byte < 0x20 || byte == b'"' || byte == b'\\';
    // A fold without an early exit, which the compiler turns into wide compares.
    if string.bytes().fold(false, |any, byte| any | escaped(byte)) {
        write_scalar(text, string);
    } else {
        text.reserve(string.len() + 2);
        text.push(b'"');
        text.extend_from_slice(string.as_bytes());
        text.push(b'"');
    }
}

/// Appends an integer, as serde_json writes it.
pub(crate) fn write_integer(text: &mut Vec<u8>, number: impl itoa::Integer) {
    text.extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
}

/// The JSON text of an object answered by [`from_text`].
fn raw_text(fields: &IndexMap<Name, Value>) -> Option<&str> {
    // Looked at by position: a lookup by key would hash it for every object of several fields.
    match fields.first() {
        Some((key, Value::String(text))) if fields.len() == 1 && key == RAW_VALUE_TOKEN => {
            Some(text)
        }
        _ => None,
    }
}

/// Appends a scalar, errors or a string that needs escaping as serde_json writes them.
fn write_scalar(text: &mut Vec<u8>, scalar: &(impl serde::Serialize + ?Sized)) {
    serde_json::to_writer(text, scalar).expect("a string, a scalar or errors serialise to memory");
}

#[cfg(test)]
mod tests {
    use async_graphql::Number;

    use super::*;

    /// An object of `fields`, in their order, answered as its JSON text.
    fn object<'a>(fields: impl Iterator<Item = (&'a str, &'a Value)>) -> Value {
        let mut text = Vec::new();
        write_object(&mut text, fields);
        from_text(text)
    }

    fn map(fields: Vec<(&str, Value)>) -> IndexMap<Name, Value> {
        fields
            .into_iter()
            .map(|(key, value)| (Name::new(key), value))
            .collect()
    }

    /// Every kind of value, with text that needs escaping, and an object with keys that are no
    /// GraphQL names (as a JSON scalar gives).
    fn fields() -> Vec<(&'static str, Value)> {
        let nested = map(vec![
            ("a \"quoted\" key", Value::Null),
            ("list", Value::List(vec![Value::Boolean(true), Value::Null])),
        ]);
        vec![
            ("id", Value::String("pin-1".into())),
            (
                "caption",
                Value::String(
                    "line\nbreak, \"quote\", back\\slash, \u{1}\u{7f} \u{e9}t\u{e9} \u{1f600}"
                        .into(),
                ),
            ),
            ("width", Value::Number(Number::from(4000))),
            ("ratio", Value::Number(Number::from_f64(1.5).unwrap())),
            ("negative", Value::Number(Number::from(-3))),
            ("secret", Value::Boolean(false)),
            ("missing", Value::Null),
            ("kind", Value::Enum(Name::new("WEBP"))),
            ("tags", Value::List(vec![Value::String("a".into())])),
            ("empty", Value::List(vec![])),
            ("emptyObject", Value::Object(IndexMap::new())),
            ("nested", Value::Object(nested)),
        ]
    }

    fn as_raw(fields: &[(&'static str, Value)]) -> Value {
        object(fields.iter().map(|(key, value)| (*key, value)))
    }

    #[test]
    fn an_object_answered_as_text_serialises_as_its_map_would() {
        let fields = fields();
        let plain = Value::Object(map(fields.clone()));
        assert_eq!(
            serde_json::to_string(&as_raw(&fields)).unwrap(),
            serde_json::to_string(&plain).unwrap()
        );
    }

    #[test]
    fn objects_answered_as_text_nest_in_each_other_and_in_lists() {
        let inner = fields();
        let outer_plain = map(vec![
            ("node", Value::Object(map(inner.clone()))),
            (
                "nodes",
                Value::List(vec![Value::Object(map(inner.clone()))]),
            ),
        ]);
        let (node, nodes) = (as_raw(&inner), Value::List(vec![as_raw(&inner)]));
        let outer = object([("node", &node), ("nodes", &nodes)].into_iter());
        let text = serde_json::to_string(&outer).unwrap();
        assert_eq!(text, serde_json::to_string(&outer_plain).unwrap());
        assert!(!text.contains(RAW_VALUE_TOKEN), "{text}");
    }

    #[test]
    fn the_map_of_an_object_copied_into_another_serves_the_next_object() {
        let inner = fields();
        let mut text = Vec::new();
        write_owned(&mut text, Value::List(vec![as_raw(&inner), as_raw(&inner)]));
        assert_eq!(
            String::from_utf8(text).unwrap(),
            serde_json::to_string(&vec![Value::Object(map(inner.clone())); 2]).unwrap()
        );
        assert_eq!(SPARE.with_borrow(Vec::len), 2);
        let next = as_raw(&inner[..2]);
        assert_eq!(SPARE.with_borrow(Vec::len), 1);
        assert_eq!(
            serde_json::to_string(&next).unwrap(),
            serde_json::to_string(&Value::Object(map(inner[..2].to_vec()))).unwrap()
        );
    }

    #[test]
    fn a_response_is_written_as_async_graphql_serialises_it() {
        let inner = fields();
        let plain = Value::Object(map(vec![("pin", Value::Object(map(inner.clone())))]));
        let raw = as_raw(&inner);
        let answered = object([("pin", &raw)].into_iter());
        let error = async_graphql::ServerError::new("No such pin.", None);
        for (with_errors, with_extensions) in [(false, false), (true, false), (true, true)] {
            let response = |data: Value| {
                let mut response = Response::new(data);
                if with_errors {
                    response.errors.push(error.clone());
                }
                if with_extensions {
                    response = response.extension("cost", Value::Number(Number::from(3)));
                }
                response
            };
            assert_eq!(
                String::from_utf8(super::response(&response(answered.clone()))).unwrap(),
                serde_json::to_string(&response(plain.clone())).unwrap()
            );
        }
    }
}
