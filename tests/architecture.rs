//! The house's shape (issue 42): no import circle between files, and no
//! arrow from the octal solver back up to certificate building.
//!
//! Each crate's module tree is read from its root file (`src/lib.rs`,
//! `src/main.rs`, `claims/src/lib.rs`, the checker's two roots) by
//! following the `mod name;` declarations, so every file is known by its
//! module path (`src/octal/period.rs` is `crate::octal::period` of the
//! library). Each file's code (comments and literals removed) is then read
//! for the paths it names: `crate::…`, `super::…`, `self::…` and paths
//! through a child module it declares (`pub use values::Method;` in a
//! `mod.rs`), with `use` trees (`use super::{code::OctalCode, period};`)
//! expanded. A path is an arrow to the file that defines what it names:
//! the file of its longest prefix that is a module file
//! (`crate::octal::period::solve` → `src/octal/period.rs`), or, when that
//! file only imports the next name at its top level, the file the import
//! names (`super::Method` in `src/octal/solve.rs` → `src/octal/values.rs`,
//! through `src/octal/mod.rs`). Test modules inside a file count as the
//! file; doc links (``[`crate::certify`]``) are comments and make no arrow.
//!
//! A module and its parts may name each other: `src/cli/mod.rs` dispatches
//! to `src/cli/certify.rs`, which uses `super::CliError`. So an arrow from
//! a file to a file of its own submodules (a parent naming its parts) is
//! left out of the cycle search; every other circle — between siblings
//! (`src/export/coq.rs` ↔ `src/export/octal.rs`), or across the tree
//! (`src/solve.rs` ↔ `src/octal/solve.rs`) — fails the test, with the
//! line of each arrow.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crate roots whose module trees are checked.
const ROOTS: &[&str] = &[
    "src/lib.rs",
    "src/main.rs",
    "claims/src/lib.rs",
    "checker/src/lib.rs",
    "checker/src/main.rs",
];

/// Arrows that must not exist: a file under the first folder may not name
/// a module file under the second, whatever the cycles.
const FORBIDDEN: &[(&str, &str, &str)] = &[(
    "src/octal/",
    "src/certify/",
    "the octal solver is below certificate building: certify uses octal, not the other way",
)];

// ---------------------------------------------------------------------------
// Tokens

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
}

/// The tokens of Rust source with their line numbers; comments, string,
/// character and number literals and lifetimes are dropped.
fn tokens(source: &str) -> Vec<(Tok, usize)> {
    let s: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |k: usize| s.get(k).copied().unwrap_or('\0');
    while i < s.len() {
        let c = s[i];
        let start = i;
        if c == '/' && at(i + 1) == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(&s, i) {
            i = end;
        } else if c == '"' || ((c == 'b' || c == 'c') && at(i + 1) == '"') {
            i += if c == '"' { 1 } else { 2 };
            while i < s.len() && s[i] != '"' {
                i += if s[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' || (c == 'b' && at(i + 1) == '\'') {
            let q = if c == 'b' { i + 1 } else { i };
            if at(q + 1) == '\\' {
                // An escaped character: up to the closing quote.
                i = q + 2;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(q + 2) == '\'' {
                i = q + 3;
            } else {
                // A lifetime or a label: the quote and its name.
                i = q + 1;
                while i < s.len() && is_ident_char(s[i]) {
                    i += 1;
                }
            }
        } else if c.is_ascii_digit() {
            while i < s.len() && is_ident_char(s[i]) {
                i += 1;
            }
        } else if is_ident_char(c) {
            if c == 'r' && at(i + 1) == '#' {
                i += 2; // a raw identifier, r#type
            }
            let name_start = i;
            while i < s.len() && is_ident_char(s[i]) {
                i += 1;
            }
            out.push((Tok::Ident(s[name_start..i].iter().collect()), line));
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Tok::PathSep, line));
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push((Tok::Punct(c), line));
            }
            i += 1;
        }
        line += s[start..i.min(s.len())]
            .iter()
            .filter(|&&c| c == '\n')
            .count();
    }
    out
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Where the raw string starting at `i` (`r"…"`, `br#"…"#`, …) ends, if one
/// starts there.
fn raw_string_end(s: &[char], i: usize) -> Option<usize> {
    let mut k = i;
    if s.get(k) == Some(&'b') || s.get(k) == Some(&'c') {
        k += 1;
    }
    if s.get(k) != Some(&'r') {
        return None;
    }
    k += 1;
    let hashes = s[k..].iter().take_while(|&&c| c == '#').count();
    k += hashes;
    if s.get(k) != Some(&'"') {
        return None;
    }
    k += 1;
    while k < s.len() {
        if s[k] == '"'
            && s[k + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes
        {
            return Some(k + 1 + hashes);
        }
        k += 1;
    }
    Some(s.len())
}

// ---------------------------------------------------------------------------
// Paths

/// A path as written: its segments and, in a `use`, the name it is
/// imported as (`use a::b as c;`).
type Written = (Vec<String>, Option<String>);

/// The paths a `use` tree or an expression path starting at `t[i]` names,
/// and the index after it.
fn path_tree(t: &[(Tok, usize)], mut i: usize, mut prefix: Vec<String>) -> (Vec<Written>, usize) {
    let tok = |k: usize| t.get(k).map(|(tok, _)| tok);
    loop {
        match tok(i) {
            Some(Tok::Ident(name)) => {
                prefix.push(name.clone());
                i += 1;
                if tok(i) == Some(&Tok::PathSep) {
                    i += 1;
                    continue;
                }
                if let (Some(Tok::Ident(word)), Some(Tok::Ident(alias))) = (tok(i), tok(i + 1)) {
                    if word == "as" {
                        return (vec![(prefix, Some(alias.clone()))], i + 2);
                    }
                }
                return (vec![(prefix, None)], i);
            }
            Some(Tok::Punct('{')) => {
                let mut paths = Vec::new();
                i += 1;
                while let Some(next) = tok(i) {
                    if next == &Tok::Punct('}') {
                        return (paths, i + 1);
                    }
                    if next == &Tok::Punct(',') {
                        i += 1;
                        continue;
                    }
                    let (inner, after) = path_tree(t, i, prefix.clone());
                    paths.extend(inner);
                    i = after.max(i + 1);
                }
                return (paths, i);
            }
            // A glob, a turbofish or the end of the path: the prefix.
            _ => return (vec![(prefix, None)], i),
        }
    }
}

/// `segments`, named in module `current` of a crate, as an absolute module
/// path (`crate`, `super` and `self` resolved).
fn absolute(current: &[String], segments: &[String]) -> Vec<String> {
    let mut out: Vec<String> = current.to_vec();
    let mut rest = segments;
    if segments.first().map(String::as_str) == Some("crate") {
        out.clear();
        rest = &segments[1..];
    }
    for segment in rest {
        match segment.as_str() {
            "super" => {
                out.pop();
            }
            "self" => {}
            name => out.push(name.to_string()),
        }
    }
    out
}

// ---------------------------------------------------------------------------
// The graph

/// A module file: its crate root, its module path, its `mod name;`
/// children and its source.
struct ModuleFile {
    root: &'static str,
    module: Vec<String>,
    children: Vec<String>,
    source: String,
}

/// A path into the crate named by a file: its line, its absolute segments,
/// and the name it is imported as when it is a `use` at the file's top
/// level (children may name it through `super::`).
struct Named {
    line: usize,
    target: Vec<String>,
    imported_as: Option<String>,
}

/// An arrow between two files, with the line of the first path that makes it.
type Arrows = BTreeMap<(PathBuf, PathBuf), usize>;

/// The `mod name;` declarations (not inline modules) of a file.
fn declared_children(t: &[(Tok, usize)]) -> Vec<String> {
    t.windows(3)
        .filter_map(|w| match (&w[0].0, &w[1].0, &w[2].0) {
            (Tok::Ident(m), Tok::Ident(name), Tok::Punct(';')) if m == "mod" => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// The file of child module `name` of `file`.
fn child_file(file: &Path, name: &str, read: &dyn Fn(&Path) -> Option<String>) -> Option<PathBuf> {
    let stem = file.file_stem()?.to_str()?;
    let dir = file.parent()?;
    let dir = if matches!(stem, "lib" | "main" | "mod") {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
    .into_iter()
    .find(|p| read(p).is_some())
}

/// Every module file reachable from the roots, by `mod name;`.
fn module_files(
    roots: &[&'static str],
    read: &dyn Fn(&Path) -> Option<String>,
) -> BTreeMap<PathBuf, ModuleFile> {
    let mut files = BTreeMap::new();
    let mut todo: Vec<(&'static str, PathBuf, Vec<String>)> = roots
        .iter()
        .filter(|root| read(Path::new(root)).is_some())
        .map(|&root| (root, PathBuf::from(root), Vec::new()))
        .collect();
    while let Some((root, file, module)) = todo.pop() {
        let source = read(&file).unwrap_or_else(|| panic!("{} is unreadable", file.display()));
        let children = declared_children(&tokens(&source));
        for name in &children {
            let path = child_file(&file, name, read)
                .unwrap_or_else(|| panic!("{}: no file for `mod {name};`", file.display()));
            let mut child = module.clone();
            child.push(name.clone());
            todo.push((root, path, child));
        }
        files.insert(
            file,
            ModuleFile {
                root,
                module,
                children,
                source,
            },
        );
    }
    files
}

/// The paths into its crate that a file names.
fn named_paths(file: &ModuleFile) -> Vec<Named> {
    let t = tokens(&file.source);
    let mut out = Vec::new();
    // Inline modules (`mod tests { … }`) as (name, brace depth).
    let (mut inline, mut depth): (Vec<(String, usize)>, usize) = (Vec::new(), 0);
    let mut i = 0;
    while i < t.len() {
        let (tok, line) = &t[i];
        let before = |back: usize| i.checked_sub(back).map(|k| &t[k].0);
        match tok {
            Tok::Punct('{') => {
                if let (Some(Tok::Ident(m)), Some(Tok::Ident(name))) = (before(2), before(1)) {
                    if m == "mod" {
                        inline.push((name.clone(), depth));
                    }
                }
                depth += 1;
            }
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            Tok::Ident(word) => {
                let starts = matches!(word.as_str(), "crate" | "super" | "self")
                    || (inline.is_empty() && file.children.contains(word));
                let follows = t.get(i + 1).map(|(tok, _)| tok) == Some(&Tok::PathSep);
                if starts && follows && before(1) != Some(&Tok::PathSep) {
                    let top_level_use =
                        depth == 0 && before(1) == Some(&Tok::Ident("use".to_string()));
                    let mut current = file.module.clone();
                    current.extend(inline.iter().map(|(name, _)| name.clone()));
                    let (paths, next) = path_tree(&t, i, Vec::new());
                    for (segments, alias) in paths {
                        let last = segments.iter().rev().find(|s| *s != "self").cloned();
                        out.push(Named {
                            line: *line,
                            target: absolute(&current, &segments),
                            imported_as: if top_level_use { alias.or(last) } else { None },
                        });
                    }
                    i = next;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The file that defines what `target` names in the crate of `root`:
/// the file of its longest prefix that is a module file, or, when that
/// file only imports the next segment (`pub use values::Method;` in a
/// `mod.rs`), the file the import names.
fn defining_file<'a>(
    by_module: &BTreeMap<(&str, &[String]), &'a Path>,
    imports: &BTreeMap<&Path, BTreeMap<String, Vec<String>>>,
    root: &str,
    target: &[String],
    depth: usize,
) -> Option<&'a Path> {
    let (n, file) = (0..=target.len())
        .rev()
        .find_map(|n| by_module.get(&(root, &target[..n])).map(|&f| (n, f)))?;
    // Imports chain a few files deep at most; the bound stops a loop.
    let through = target.get(n).and_then(|next| imports.get(file)?.get(next));
    if let Some(through) = through.filter(|_| depth < 8) {
        let mut further = through.clone();
        further.extend_from_slice(&target[n + 1..]);
        if further != target {
            if let Some(found) = defining_file(by_module, imports, root, &further, depth + 1) {
                return Some(found);
            }
        }
    }
    Some(file)
}

/// The arrows between files: file A → file B when A's code names a path
/// whose item B defines (and A ≠ B).
fn arrows(files: &BTreeMap<PathBuf, ModuleFile>) -> Arrows {
    let by_module: BTreeMap<(&str, &[String]), &Path> = files
        .iter()
        .map(|(path, f)| ((f.root, f.module.as_slice()), path.as_path()))
        .collect();
    let named: BTreeMap<&Path, Vec<Named>> = files
        .iter()
        .map(|(path, f)| (path.as_path(), named_paths(f)))
        .collect();
    let imports: BTreeMap<&Path, BTreeMap<String, Vec<String>>> = named
        .iter()
        .map(|(&path, paths)| {
            let map = paths
                .iter()
                .filter_map(|p| Some((p.imported_as.clone()?, p.target.clone())))
                .collect();
            (path, map)
        })
        .collect();
    let mut arrows = Arrows::new();
    for (path, file) in files {
        for p in &named[path.as_path()] {
            if let Some(to) = defining_file(&by_module, &imports, file.root, &p.target, 0) {
                if to != path.as_path() {
                    arrows
                        .entry((path.clone(), to.to_path_buf()))
                        .or_insert(p.line);
                }
            }
        }
    }
    arrows
}

/// Whether `to` is a module inside `from`'s (a parent naming its parts).
fn is_part_of(files: &BTreeMap<PathBuf, ModuleFile>, from: &Path, to: &Path) -> bool {
    let (a, b) = (&files[from], &files[to]);
    a.root == b.root && b.module.len() > a.module.len() && b.module.starts_with(&a.module)
}

/// The strongly connected components with more than one file (Tarjan).
fn cycles(arrows: &Arrows) -> Vec<Vec<PathBuf>> {
    let mut next: BTreeMap<&Path, Vec<&Path>> = BTreeMap::new();
    for (from, to) in arrows.keys() {
        next.entry(from).or_default().push(to);
        next.entry(to).or_default();
    }
    let mut st = Tarjan {
        next: &next,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for &v in next.keys() {
        if !st.index.contains_key(v) {
            st.visit(v);
        }
    }
    st.found
}

/// Tarjan's algorithm's state.
struct Tarjan<'a> {
    next: &'a BTreeMap<&'a Path, Vec<&'a Path>>,
    index: BTreeMap<&'a Path, usize>,
    low: BTreeMap<&'a Path, usize>,
    stack: Vec<&'a Path>,
    on_stack: BTreeSet<&'a Path>,
    found: Vec<Vec<PathBuf>>,
}

impl<'a> Tarjan<'a> {
    fn visit(&mut self, v: &'a Path) {
        let n = self.index.len();
        self.index.insert(v, n);
        self.low.insert(v, n);
        self.stack.push(v);
        self.on_stack.insert(v);
        for &w in &self.next[v] {
            if !self.index.contains_key(w) {
                self.visit(w);
                let low = self.low[v].min(self.low[w]);
                self.low.insert(v, low);
            } else if self.on_stack.contains(w) {
                let low = self.low[v].min(self.index[w]);
                self.low.insert(v, low);
            }
        }
        if self.low[v] == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack.remove(w);
                component.push(w.to_path_buf());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                self.found.push(component);
            }
        }
    }
}

/// The problems of a tree of files: each cycle with its arrows, each
/// forbidden arrow; empty when the house is in order.
fn problems(roots: &[&'static str], read: &dyn Fn(&Path) -> Option<String>) -> Vec<String> {
    let files = module_files(roots, read);
    let arrows = arrows(&files);
    let mut between: Arrows = arrows.clone();
    between.retain(|(from, to), _| !is_part_of(&files, from, to));
    let mut out = Vec::new();
    for component in cycles(&between) {
        let inside: Vec<String> = between
            .iter()
            .filter(|((a, b), _)| component.contains(a) && component.contains(b))
            .map(|((a, b), line)| format!("  {}:{line} → {}", a.display(), b.display()))
            .collect();
        out.push(format!(
            "an import cycle between files:\n{}",
            inside.join("\n")
        ));
    }
    for ((from, to), line) in &arrows {
        for (below, above, why) in FORBIDDEN {
            if from.starts_with(below) && to.starts_with(above) {
                out.push(format!(
                    "{}:{line} → {}: {why}",
                    from.display(),
                    to.display()
                ));
            }
        }
    }
    out
}

fn read_repository(path: &Path) -> Option<String> {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).ok()
}

#[test]
fn no_import_cycle_between_files_and_no_arrow_back_up() {
    let problems = problems(ROOTS, &read_repository);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_graph_is_read() {
    // Arrows the code is known to have, of each kind of path: if the
    // reader found none of them the test above would pass vacuously.
    let arrows = arrows(&module_files(ROOTS, &read_repository));
    for (from, to) in [
        ("src/octal/solve.rs", "src/octal/period.rs"), // `use super::period::{self, …}`
        ("src/octal/mod.rs", "src/octal/code.rs"),     // `pub use code::OctalCode;`
        ("src/octal/certify.rs", "src/engine/outcome.rs"), // `witnesses_of`
        ("src/octal/claims.rs", "src/octal/certify.rs"),
        ("src/export/octal.rs", "src/export/coq_text.rs"),
        ("src/octal/solve.rs", "src/octal/values.rs"), // `super::Method`, through mod.rs
        ("claims/src/file.rs", "claims/src/expr.rs"),
        ("src/cli/certify.rs", "src/cli/output.rs"),
    ] {
        assert!(
            arrows.contains_key(&(PathBuf::from(from), PathBuf::from(to))),
            "no arrow {from} → {to} found; {} arrows in all",
            arrows.len()
        );
    }
    assert!(arrows.len() > 300, "only {} arrows", arrows.len());
}

/// A small crate in memory, for the tests of the reader itself.
fn in_memory(files: &'static [(&'static str, &'static str)]) -> impl Fn(&Path) -> Option<String> {
    move |path| {
        files
            .iter()
            .find(|(name, _)| Path::new(name) == path)
            .map(|(_, text)| text.to_string())
    }
}

#[test]
fn a_cycle_is_found_through_use_trees_super_and_a_parents_import() {
    // b names X through a/mod.rs, which imports it from a/x.rs: the arrow
    // is b → a/x.rs, and a/x.rs names b in a use tree.
    let read = in_memory(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\n"),
        ("src/a/mod.rs", "pub mod x;\npub use x::X;\n"),
        ("src/a/x.rs", "use crate::{b::{self, Y}};\npub struct X;\n"),
        (
            "src/b.rs",
            "pub struct Y;\nfn f() { let _ = super::a::X; }\n",
        ),
    ]);
    let problems = problems(&["src/lib.rs"], &read);
    assert_eq!(
        problems,
        ["an import cycle between files:\n  src/a/x.rs:1 → src/b.rs\n  src/b.rs:2 → src/a/x.rs"]
    );
}

#[test]
fn a_parent_and_its_parts_may_name_each_other() {
    let read = in_memory(&[
        ("src/lib.rs", "pub mod a;\n"),
        (
            "src/a/mod.rs",
            "mod x;\npub struct Error;\nfn run() { x::go() }\n",
        ),
        ("src/a/x.rs", "use super::Error;\npub fn go() {}\n"),
    ]);
    let files = module_files(&["src/lib.rs"], &read);
    assert_eq!(arrows(&files).len(), 2);
    assert_eq!(problems(&["src/lib.rs"], &read), Vec::<String>::new());
}

#[test]
fn comments_literals_and_test_modules_make_no_cycle() {
    let read = in_memory(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\n"),
        (
            "src/a.rs",
            "use crate::b::Y;\n/// [`crate::b`] /* crate::b */\nmod tests { use super::*; }\n",
        ),
        (
            "src/b.rs",
            "pub struct Y;\n// use crate::a;\nconst S: &str = \"crate::a::X\";\n\
             const R: &str = r#\"crate::a\"#;\nconst C: char = '{';\nfn f<'a>(x: &'a str) {}\n",
        ),
    ]);
    assert_eq!(problems(&["src/lib.rs"], &read), Vec::<String>::new());
}

#[test]
fn an_arrow_from_octal_to_certify_is_refused() {
    let read = in_memory(&[
        ("src/lib.rs", "pub mod octal;\npub mod certify;\n"),
        (
            "src/octal/mod.rs",
            "fn f() { crate::certify::octal::g(); }\n",
        ),
        ("src/certify/mod.rs", "pub mod octal;\n"),
        ("src/certify/octal.rs", "pub fn g() {}\n"),
    ]);
    let problems = problems(&["src/lib.rs"], &read);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("src/octal/mod.rs:1 → src/certify/octal.rs"));
}

// ---------------------------------------------------------------------------
// The declared Rust version (scripts/check-msrv, run by CI on the lock)

/// scripts/check-msrv on the metadata of a workspace crate `a` declaring
/// `declared`, with a dependency `d` needing 1.85, itself with a
/// dev-dependency `e` needing 1.90 (not compiled for `a`): its exit code
/// and output, or `None` without python3.
fn check_msrv(declared: &str) -> Option<(i32, String)> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let package = |name: &str, rust: &str| {
        format!(
            r#"{{"id": "{name}", "name": "{name}", "version": "1.0.0", "rust_version": "{rust}"}}"#
        )
    };
    let dep = |name: &str, kind: &str| {
        format!(r#"{{"pkg": "{name}", "dep_kinds": [{{"kind": {kind}}}]}}"#)
    };
    let metadata = format!(
        r#"{{"packages": [{}, {}, {}], "workspace_members": ["a"], "resolve": {{"nodes": [
            {{"id": "a", "deps": [{}]}}, {{"id": "d", "deps": [{}]}}, {{"id": "e", "deps": []}}]}}}}"#,
        package("a", declared),
        package("d", "1.85"),
        package("e", "1.90"),
        dep("d", "null"),
        dep("e", "\"dev\""),
    );
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/check-msrv");
    let mut child = Command::new("python3")
        .arg(script)
        .args(["--metadata", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(metadata.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    Some((
        out.status.code()?,
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}

#[test]
fn the_msrv_check_refuses_a_dependency_newer_than_declared() {
    let Some((code, out)) = check_msrv("1.80") else {
        eprintln!("python3 not found: scripts/check-msrv not tested");
        return;
    };
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("d 1.0.0 needs Rust 1.85, newer than 1.80"),
        "{out}"
    );
    // e is a dev-dependency of d: never compiled for a.
    assert!(!out.contains("e 1.0.0"), "{out}");
    let (code, out) = check_msrv("1.85").expect("python3 ran once");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("the newest: d 1.0.0 needs 1.85"), "{out}");
}
