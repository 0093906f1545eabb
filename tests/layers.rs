//! The house's shape, checked: each crate depends only on the crates below it, and no two modules
//! of a crate import each other, directly or round a longer circle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first; the binary package (`corkboard`, in `src/`) sits on top of them all.
const LAYERS: [&str; 5] = ["i18n", "domain", "store", "search", "core"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn each_crate_depends_only_on_the_layers_below_it() {
    for (at, layer) in LAYERS.iter().enumerate() {
        let manifest = fs::read_to_string(root().join("crates").join(layer).join("Cargo.toml"))
            .expect("a layer's Cargo.toml");
        let manifest: toml::Table = toml::from_str(&manifest).expect("a valid Cargo.toml");
        for table in ["dependencies", "dev-dependencies"] {
            let Some(dependencies) = manifest.get(table).and_then(|t| t.as_table()) else {
                continue;
            };
            for name in dependencies.keys() {
                let Some(other) = name.strip_prefix("corkboard-") else {
                    continue;
                };
                let below = LAYERS[..at].contains(&other);
                assert!(
                    below,
                    "crates/{layer} depends on corkboard-{other}, not below it"
                );
            }
        }
    }
    let directories = fs::read_dir(root().join("crates")).expect("crates/");
    let crates: BTreeSet<String> = directories
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let layers: BTreeSet<String> = LAYERS.iter().map(|layer| layer.to_string()).collect();
    assert_eq!(crates, layers, "every crate has its place in LAYERS");
}

#[test]
fn no_two_modules_import_each_other() {
    let mut circles = Vec::new();
    let sources = LAYERS
        .iter()
        .map(|layer| format!("crates/{layer}/src"))
        .chain(["src".to_owned()]);
    for source in sources {
        let modules = modules_of(&root().join(&source));
        circles.extend(circles_among(&modules).into_iter().map(|circle| {
            let imports: Vec<String> = circle
                .iter()
                .flat_map(|from| {
                    let named = &modules[from];
                    circle
                        .iter()
                        .filter(|to| named.contains(*to))
                        .map(move |to| format!("{} -> {}", from.join("::"), to.join("::")))
                })
                .collect();
            format!("in {source}: {}", imports.join(", "))
        }));
    }
    assert!(
        circles.is_empty(),
        "modules that import each other (a circle of imports); move what they share down into \
         a module of its own:\n{}",
        circles.join("\n")
    );
}

/// A module's path inside its crate (`["service", "asked"]`; the crate's root is `[]`).
type ModulePath = Vec<String>;

/// Every module file of a crate's `src/` with the modules it names.
fn modules_of(source: &Path) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let mut files = Vec::new();
    collect_files(source, &mut files);
    let paths: BTreeMap<ModulePath, PathBuf> = files
        .into_iter()
        .filter_map(|file| module_path(source, &file).map(|path| (path, file)))
        .collect();
    let known: BTreeSet<ModulePath> = paths.keys().cloned().collect();
    paths
        .iter()
        .map(|(module, file)| {
            let text = code_of(&fs::read_to_string(file).expect("a source file"));
            let named = named_paths(&text, module)
                .into_iter()
                .filter_map(|path| longest_module(&known, &path))
                .filter(|target| target != module && !module.starts_with(target))
                .collect();
            (module.clone(), named)
        })
        .collect()
}

fn collect_files(folder: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(folder).expect("a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            collect_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// `service/asked.rs` is `["service", "asked"]`; `lib.rs`, `main.rs` and `mod.rs` name their folder.
fn module_path(source: &Path, file: &Path) -> Option<ModulePath> {
    let relative = file.strip_prefix(source).ok()?.with_extension("");
    let mut parts: ModulePath = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    Some(parts)
}

/// The text without comments and string literals, which may mention paths they do not import.
fn code_of(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        code.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    match c {
                        '\\' if !escaped => escaped = true,
                        '"' if !escaped => break,
                        _ => escaped = false,
                    }
                }
                code.push_str("\"\"");
            }
            _ => code.push(c),
        }
    }
    code
}

/// The module paths a file names, as paths from its crate's root: `crate::a::b`, `super::c`, and
/// its own child modules (`mod d;` then `d::...`), `use` trees with braces expanded.
fn named_paths(code: &str, module: &ModulePath) -> Vec<ModulePath> {
    let children: BTreeSet<String> = code
        .lines()
        .filter_map(|line| {
            let line = line
                .trim()
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub ");
            let name = line.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.trim().to_owned())
        })
        .collect();
    let mut named = Vec::new();
    for path in paths_in(code) {
        let mut parts = path.iter();
        let Some(first) = parts.next() else { continue };
        let mut resolved: ModulePath = match first.as_str() {
            "crate" => Vec::new(),
            "self" => module.clone(),
            "super" => module[..module.len().saturating_sub(1)].to_vec(),
            child if children.contains(child) => {
                let mut inside = module.clone();
                inside.push(child.to_owned());
                inside
            }
            _ => continue,
        };
        let mut rest = parts.peekable();
        while rest.peek().is_some_and(|part| part.as_str() == "super") {
            rest.next();
            resolved.pop();
        }
        resolved.extend(rest.cloned());
        named.push(resolved);
    }
    named
}

/// Every path of identifiers joined by `::` in `code`, `use` trees expanded (`a::{b, c::d}` gives
/// `a::b` and `a::c::d`).
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let tokens = tokens_of(code);
    let mut paths = Vec::new();
    let mut at = 0;
    while at < tokens.len() {
        if is_identifier(&tokens[at]) && (at == 0 || tokens[at - 1] != "::") {
            let mut prefix = vec![tokens[at].clone()];
            at += 1;
            expand(&tokens, &mut at, &mut prefix, &mut paths);
        } else {
            at += 1;
        }
    }
    paths
}

/// Reads `::x::y` or `::{...}` after `prefix` from `tokens[*at..]`.
fn expand(
    tokens: &[String],
    at: &mut usize,
    prefix: &mut Vec<String>,
    paths: &mut Vec<Vec<String>>,
) {
    let depth = prefix.len();
    while *at + 1 < tokens.len() && tokens[*at] == "::" {
        let next = &tokens[*at + 1];
        if next == "{" {
            *at += 2;
            while *at < tokens.len() && tokens[*at] != "}" {
                if is_identifier(&tokens[*at]) {
                    let mut inner = prefix.clone();
                    inner.push(tokens[*at].clone());
                    *at += 1;
                    expand(tokens, at, &mut inner, paths);
                } else {
                    *at += 1;
                }
            }
            *at += 1;
            prefix.truncate(depth);
            return;
        }
        if !is_identifier(next) {
            break;
        }
        prefix.push(next.clone());
        *at += 2;
    }
    if prefix.len() > 1 {
        paths.push(prefix.clone());
    }
    prefix.truncate(depth);
}

fn tokens_of(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            let mut word = c.to_string();
            while let Some(&next) = chars.peek() {
                if !(next.is_alphanumeric() || next == '_') {
                    break;
                }
                word.push(next);
                chars.next();
            }
            tokens.push(word);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            tokens.push("::".into());
        } else if !c.is_whitespace() {
            tokens.push(c.to_string());
        }
    }
    tokens
}

fn is_identifier(token: &str) -> bool {
    token.starts_with(|c: char| c.is_alphabetic() || c == '_')
}

/// The longest prefix of `path` that is a module of the crate.
fn longest_module(known: &BTreeSet<ModulePath>, path: &ModulePath) -> Option<ModulePath> {
    (0..=path.len())
        .rev()
        .map(|length| path[..length].to_vec())
        .find(|prefix| known.contains(prefix))
}

/// The circles of the graph (its strongly connected parts of two modules or more, Tarjan's way),
/// each as the modules in it.
fn circles_among(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<Vec<ModulePath>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<ModulePath, BTreeSet<ModulePath>>,
        index: BTreeMap<&'g ModulePath, usize>,
        low: BTreeMap<&'g ModulePath, usize>,
        stack: Vec<&'g ModulePath>,
        on_stack: BTreeSet<&'g ModulePath>,
        circles: Vec<Vec<ModulePath>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, module: &'g ModulePath) {
            let index = self.index.len();
            self.index.insert(module, index);
            self.low.insert(module, index);
            self.stack.push(module);
            self.on_stack.insert(module);
            for next in self.graph.get(module).into_iter().flatten() {
                let Some((next, _)) = self.graph.get_key_value(next) else {
                    continue;
                };
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[module].min(self.low[next]);
                    self.low.insert(module, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[module].min(self.index[next]);
                    self.low.insert(module, low);
                }
            }
            if self.low[module] == self.index[module] {
                let mut circle = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    circle.push(top.clone());
                    if top == module {
                        break;
                    }
                }
                if circle.len() > 1 {
                    circle.reverse();
                    self.circles.push(circle);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        circles: Vec::new(),
    };
    for module in graph.keys() {
        if !walk.index.contains_key(module) {
            walk.visit(module);
        }
    }
    walk.circles
}

#[test]
fn the_check_finds_a_circle_and_expands_use_trees() {
    let paths = paths_in("use crate::a::{b::{C, D}, e}; fn f() { super::g::h(); }");
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        joined,
        [
            "crate::a::b::C",
            "crate::a::b::D",
            "crate::a::e",
            "super::g::h"
        ]
    );
    let module = |name: &str| vec![name.to_owned()];
    let graph = BTreeMap::from([
        (module("a"), BTreeSet::from([module("b")])),
        (module("b"), BTreeSet::from([module("c")])),
        (module("c"), BTreeSet::from([module("a")])),
        (module("d"), BTreeSet::from([module("a")])),
    ]);
    assert_eq!(
        circles_among(&graph),
        [vec![module("a"), module("b"), module("c")]]
    );
}
