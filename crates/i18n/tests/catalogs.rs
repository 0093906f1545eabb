//! The catalogs, checked: each parses, no id is defined twice in a language, every language has
//! exactly the ids of English and uses no argument its English lacks, and every id the code
//! names (`msg!("...")`, `Message::new("...")`) is in English.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

/// A language's messages: id -> the arguments its text uses.
type Catalog = BTreeMap<String, BTreeSet<String>>;

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("locales")
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every language folder's catalog, by code.
fn catalogs() -> BTreeMap<String, Catalog> {
    let mut catalogs = BTreeMap::new();
    for entry in fs::read_dir(locales()).expect("crates/i18n/locales") {
        let path = entry.expect("a folder entry").path();
        if !path.is_dir() {
            continue;
        }
        let code = path.file_name().unwrap().to_string_lossy().into_owned();
        catalogs.insert(code, catalog_of(&path));
    }
    catalogs
}

fn catalog_of(folder: &Path) -> Catalog {
    let mut files: Vec<PathBuf> = fs::read_dir(folder)
        .expect("a language folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    let mut catalog = Catalog::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("a catalog file");
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(resource) => resource,
            Err((_, errors)) => panic!("{} does not parse: {errors:?}", file.display()),
        };
        for entry in &resource.body {
            match entry {
                Entry::Message(message) => {
                    let mut arguments = BTreeSet::new();
                    message
                        .value
                        .iter()
                        .chain(message.attributes.iter().map(|a| &a.value))
                        .for_each(|pattern| arguments_of(pattern, &mut arguments));
                    let id = message.id.name.to_owned();
                    let before = catalog.insert(id.clone(), arguments);
                    assert!(
                        before.is_none(),
                        "{id} is defined twice in {}",
                        folder.display()
                    );
                }
                Entry::Junk { content } => {
                    panic!("{} has text it cannot read: {content}", file.display())
                }
                _ => {}
            }
        }
    }
    catalog
}

fn arguments_of(pattern: &Pattern<&str>, arguments: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_arguments(expression, arguments);
        }
    }
}

fn expression_arguments(expression: &Expression<&str>, arguments: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_arguments(selector, arguments);
            for variant in variants {
                arguments_of(&variant.value, arguments);
            }
        }
        Expression::Inline(inline) => inline_arguments(inline, arguments),
    }
}

fn inline_arguments(inline: &InlineExpression<&str>, arguments: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            arguments.insert(id.name.to_owned());
        }
        InlineExpression::FunctionReference {
            arguments: call, ..
        } => {
            call.positional
                .iter()
                .chain(call.named.iter().map(|named| &named.value))
                .for_each(|inline| inline_arguments(inline, arguments));
        }
        InlineExpression::Placeable { expression } => expression_arguments(expression, arguments),
        _ => {}
    }
}

#[test]
fn every_language_has_exactly_the_ids_of_english_and_no_other_argument() {
    let catalogs = catalogs();
    let english = catalogs.get("en").expect("an English catalog");
    assert!(
        catalogs.len() > 1,
        "English and at least one other language"
    );
    let mut problems = Vec::new();
    for (code, catalog) in &catalogs {
        for id in english.keys().filter(|id| !catalog.contains_key(*id)) {
            problems.push(format!("{code} lacks {id}"));
        }
        for (id, arguments) in catalog {
            let Some(known) = english.get(id) else {
                problems.push(format!("{code} has {id}, which English has not"));
                continue;
            };
            for argument in arguments.difference(known) {
                problems.push(format!(
                    "{code}'s {id} uses ${argument}, which English has not"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The ids named in Rust sources under `folder`, with where.
fn ids_named_under(folder: &Path, named: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(folder).expect("a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            ids_named_under(&path, named);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = fs::read_to_string(&path).expect("a source file");
        for opening in ["msg!(", "Message::new("] {
            for (at, _) in text.match_indices(opening) {
                let rest = text[at + opening.len()..].trim_start();
                let Some(quoted) = rest.strip_prefix('"') else {
                    continue;
                };
                let Some(end) = quoted.find('"') else {
                    continue;
                };
                let id = &quoted[..end];
                // Only what looks like an id: a doc comment may write `msg!("...")`.
                let is_id = !id.is_empty()
                    && id
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if is_id {
                    named.push((id.to_owned(), path.display().to_string()));
                }
            }
        }
    }
}

#[test]
fn every_id_the_code_names_is_in_english() {
    let english = catalogs().remove("en").expect("an English catalog");
    let root = workspace();
    let mut named = Vec::new();
    ids_named_under(&root.join("src"), &mut named);
    for entry in fs::read_dir(root.join("crates")).expect("crates/") {
        let source = entry.expect("a folder entry").path().join("src");
        if source.is_dir() {
            ids_named_under(&source, &mut named);
        }
    }
    assert!(!named.is_empty(), "the sources name ids");
    let missing: BTreeSet<String> = named
        .iter()
        // This crate's own tests name an id that is not there on purpose.
        .filter(|(id, _)| id != "no-such-message" && !english.contains_key(id))
        .map(|(id, file)| format!("{id} (in {file})"))
        .collect();
    assert!(
        missing.is_empty(),
        "ids without an English text:\n{}",
        missing.into_iter().collect::<Vec<_>>().join("\n")
    );
}
