//! The documentation is tested: every command example of README.md,
//! checker/README.md, examples/README.md and docs/*.md runs, and its output
//! is compared with the text.
//!
//! An example is a fenced block of language `console` (the `trycmd`
//! syntax): `$ nimcert …` or `$ nimcheck …` lines, each followed by what it
//! prints (stdout and stderr together); a `? 1` line after a command states
//! a non-zero exit status, which is checked like the output (without one the
//! command must succeed). In the expected text `...` on a line of its own
//! stands for any lines and `[..]` for any part of a line: they are used
//! only where the output varies from run to run or is too long to show.
//!
//! Each file's examples run in order in one scratch folder
//! (`$TMPDIR/nimcert-docs-PID/NAME.in/`) in which `examples/`,
//! `certificates/` and `corpus/` are links to the repository's folders, so
//! a command reads the shipped files by the path a reader uses from the repository
//! root, and what it writes (`-o s257.ron`, `--out sweep-out`) lands in the
//! scratch folder. The markdown files themselves are linked, not copied, so
//! `TRYCMD=overwrite cargo test --test docs` rewrites the docs' expected
//! outputs in place (review the diff).
//!
//! A fenced block that shows commands but is not executed (`sh`:
//! a Slurm job array, a shell redirection into the home folder, the audit
//! of both papers, which takes minutes in a debug build) must say so, out
//! of the reader's sight, in an HTML comment on the line before its fence,
//! `<!-- not run by tests/docs.rs: REASON -->`;
//! [`every_command_block_is_run_or_says_why_not`] enforces it. An
//! unlabelled fence would be read as an example, so every block carries a
//! language.
//!
//! The docs are also checked as a set: every relative link names an
//! existing file (and heading), the audit's counts stated in README.md and
//! docs/GUIDE.md are those of `audit.expected`, a claim file shown is the
//! shipped one, and every figure of the README's speed table appears on the
//! page its row links.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root (the `nimcert` package).
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The markdown files whose examples are executed, relative to the root.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = ["README.md", "checker/README.md", "examples/README.md"]
        .iter()
        .map(PathBuf::from)
        .collect();
    let mut more: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| path.strip_prefix(root()).unwrap().to_path_buf())
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

/// The `nimcheck` binary of the checker crate, built with the profile that
/// built this test (a no-op after `cargo test --workspace`, which builds it
/// for the checker's own tests), next to `nimcert`.
fn nimcheck() -> PathBuf {
    let nimcert = Path::new(env!("CARGO_BIN_EXE_nimcert"));
    let profile_dir = nimcert.parent().expect("the binary's folder");
    let target_dir = profile_dir.parent().expect("the target folder");
    let profile = match profile_dir.file_name().and_then(|name| name.to_str()) {
        Some("release") => "release",
        _ => "test",
    };
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--profile", profile])
        .args(["-p", "nimcert-check", "--bin", "nimcheck", "--target-dir"])
        .arg(target_dir)
        .current_dir(root())
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building nimcheck failed");
    let path = profile_dir.join(format!("nimcheck{}", std::env::consts::EXE_SUFFIX));
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

fn link(target: &Path, link: &Path) {
    std::os::unix::fs::symlink(target, link)
        .unwrap_or_else(|e| panic!("cannot link {}: {e}", link.display()));
}

/// A scratch folder holding, for each document `a/b.md`, a link `a-b.md`
/// to it and the folder `a-b.in/` where its examples run.
fn scratch(docs: &[PathBuf]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimcert-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    for doc in docs {
        let name = doc.to_str().expect("UTF-8 path").replace('/', "-");
        link(&root().join(doc), &dir.join(&name));
        let cwd = dir.join(name.replace(".md", ".in"));
        std::fs::create_dir(&cwd).expect("working folder");
        for shared in ["examples", "certificates", "corpus"] {
            link(&root().join(shared), &cwd.join(shared));
        }
    }
    dir
}

#[test]
fn every_command_example_prints_what_the_docs_say() {
    let docs = documents();
    let dir = scratch(&docs);
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("nimcert", PathBuf::from(env!("CARGO_BIN_EXE_nimcert")))
        .register_bin("nimcheck", nimcheck())
        .env("NO_COLOR", "1")
        .case(dir.join("*.md"));
    cases.run();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The fenced blocks of a markdown text: (line of the fence, language,
/// lines inside).
fn fenced_blocks(text: &str) -> Vec<(usize, String, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String, String, Vec<String>)> = None;
    for (i, line) in text.lines().enumerate() {
        let ticks = line.len() - line.trim_start_matches('`').len();
        match open.as_mut() {
            None if ticks >= 3 => {
                let fence = line[..ticks].to_string();
                let lang = line[ticks..].trim().to_string();
                open = Some((i + 1, fence, lang, Vec::new()));
            }
            None => {}
            Some((_, fence, _, _)) if line.starts_with(fence.as_str()) => {
                let (start, _, lang, body) = open.take().unwrap();
                blocks.push((start, lang, body));
            }
            Some((_, _, _, body)) => body.push(line.to_string()),
        }
    }
    blocks
}

/// Whether a line of a block of language `lang` (not `console`) is a
/// command: a `$ ` prompt in any block, or in a shell block a line that
/// runs the project's binaries or cargo.
fn is_a_command(lang: &str, line: &str) -> bool {
    let shell = matches!(lang, "sh" | "bash" | "shell");
    let line = line.trim_start();
    line.starts_with("$ ")
        || shell
            && ["nimcert ", "nimcheck ", "cargo ", "seq "]
                .iter()
                .any(|start| line.starts_with(start))
}

#[test]
fn every_command_block_is_run_or_says_why_not() {
    let mut problems = Vec::new();
    let mut examples = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(root().join(&doc)).expect("readable doc");
        let lines: Vec<&str> = text.lines().collect();
        for (line, lang, body) in fenced_blocks(&text) {
            let place = format!("{}:{line}", doc.display());
            match lang.as_str() {
                "" => problems.push(format!(
                    "{place}: a fence without a language (```text, ```console, …)"
                )),
                "console" => examples += 1,
                _ if body.iter().any(|l| is_a_command(&lang, l)) => {
                    let before = line.checked_sub(2).map_or("", |i| lines[i].trim());
                    let hidden = before.starts_with("<!-- not run by tests/docs.rs: ")
                        && before.ends_with("-->");
                    if !hidden {
                        problems.push(format!(
                            "{place}: commands in a ```{lang} block: make it a ```console \
                             example, or put `<!-- not run by tests/docs.rs: REASON -->` \
                             on the line before its fence"
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(examples >= 10, "only {examples} console examples found");
}

/// The lines of a markdown text outside its fenced blocks, with their
/// numbers (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<String> = None;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let ticks = line.len() - line.trim_start_matches('`').len();
        match &fence {
            None if ticks >= 3 => fence = Some(line[..ticks].to_string()),
            None => lines.push((i + 1, line)),
            Some(open) if line.starts_with(open.as_str()) => fence = None,
            Some(_) => {}
        }
    }
    lines
}

/// The targets of the inline links and images `[text](target)` of a line.
fn link_targets(line: &str) -> Vec<&str> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find("](") {
        let after = &rest[start + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target);
        rest = &after[end..];
    }
    targets
}

/// The anchor GitHub gives a heading: lower case, letters, digits, `-` and
/// `_` kept, spaces made `-`, everything else dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown file's headings (a repeated heading's second
/// anchor gets `-1`, as on GitHub).
fn anchors(text: &str) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for (_, line) in prose_lines(text) {
        let level = line.len() - line.trim_start_matches('#').len();
        if (1..=6).contains(&level) && line[level..].starts_with(' ') {
            let base = anchor(&line[level..]);
            let repeats = seen
                .iter()
                .filter(|a| **a == base || a.starts_with(&format!("{base}-")))
                .count();
            seen.push(if repeats == 0 {
                base
            } else {
                format!("{base}-{repeats}")
            });
        }
    }
    seen
}

/// Every relative link of README.md and the docs (`[text](docs/X.md)`,
/// `![picture](atlas-a3.png)`, `[text](GUIDE.md#the-audit)`) names a file
/// that exists, relative to the linking file's folder, and a heading of it
/// when it names an anchor in a markdown file.
#[test]
fn every_relative_link_points_to_an_existing_file_and_heading() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(root().join(&doc)).expect("readable doc");
        let folder = root().join(&doc).parent().unwrap().to_path_buf();
        for (number, line) in prose_lines(&text) {
            for target in link_targets(line) {
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let place = format!("{}:{number}: {target}", doc.display());
                let (file, fragment) = match target.split_once('#') {
                    Some((file, fragment)) => (file, Some(fragment)),
                    None => (target, None),
                };
                let path = if file.is_empty() {
                    root().join(&doc)
                } else {
                    folder.join(file)
                };
                if !path.exists() {
                    problems.push(format!("{place}: no such file"));
                    continue;
                }
                let Some(fragment) = fragment else { continue };
                if path.extension().is_some_and(|ext| ext == "md") {
                    let target_text = std::fs::read_to_string(&path).expect("readable target");
                    if !anchors(&target_text).iter().any(|a| a == fragment) {
                        problems.push(format!("{place}: no heading with that anchor"));
                    }
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
    assert!(checked >= 30, "only {checked} relative links found");
}

/// A text with every run of white space made one space, so that a figure
/// wrapped over two lines is found as one.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The audit's summary line ("219 claims: 183 hold (47 proved, 136 on a
/// finite check only), 7 fail, …") for the
/// claims of `audit.expected` whose id `keep` accepts, in the words the
/// audit prints.
fn baseline_summary(keep: impl Fn(&str) -> bool) -> String {
    let text = std::fs::read_to_string(root().join("audit.expected")).expect("audit.expected");
    let baseline: serde_json::Value = serde_json::from_str(&text).expect("audit.expected is JSON");
    let claims: Vec<&serde_json::Value> = baseline["claims"]
        .as_array()
        .expect("a list of claims")
        .iter()
        .filter(|claim| keep(claim["id"].as_str().expect("an id")))
        .collect();
    let count = |verdict: &str| {
        claims
            .iter()
            .filter(|claim| claim["verdict"] == verdict)
            .count()
    };
    let words = [
        ("holds", "hold"),
        ("fails", "fail"),
        ("fragment", "fragment"),
        ("reconstructed", "reconstructed"),
        ("open", "open"),
        ("partly checked", "partly checked"),
        ("not checked", "not checked"),
    ];
    let counted: usize = words.iter().map(|(verdict, _)| count(verdict)).sum();
    assert_eq!(counted, claims.len(), "a verdict this test does not know");
    // The holds split by scope, as the audit prints them.
    let proved = claims
        .iter()
        .filter(|claim| claim["verdict"] == "holds" && claim["scope"] == "proof")
        .count();
    let parts: Vec<String> = words
        .iter()
        .map(|&(verdict, word)| match (verdict, count(verdict)) {
            ("holds", n) if n > 0 => format!(
                "{n} hold ({proved} proved, {} on a finite check only)",
                n - proved
            ),
            (_, n) => format!("{n} {word}"),
        })
        .collect();
    let noun = if claims.len() == 1 { "claim" } else { "claims" };
    format!("{} {noun}: {}", claims.len(), parts.join(", "))
}

/// The audit's counts the README and the guide state are those of the
/// committed baseline (which CI compares with a fresh audit): all claims in
/// the README, the papers' entries and the octal claims (`O.*`) in the
/// guide.
#[test]
fn the_audit_counts_in_the_docs_are_the_baselines() {
    let readme = one_line(&std::fs::read_to_string(root().join("README.md")).unwrap());
    let guide = one_line(&std::fs::read_to_string(root().join("docs/GUIDE.md")).unwrap());
    let all = baseline_summary(|_| true);
    assert!(readme.contains(&all), "README.md does not say `{all}`");
    for summary in [
        baseline_summary(|id| !id.starts_with("O.")),
        baseline_summary(|id| id.starts_with("O.")),
    ] {
        assert!(
            guide.contains(&summary),
            "docs/GUIDE.md does not say `{summary}`"
        );
    }
}

/// The figures of a table cell: each word starting with a digit, with its
/// unit (the word after it) unless it carries its own (`273×`, a date):
/// "8.7 s wall, 15 s CPU" gives `8.7 s` and `15 s`.
fn figures(cell: &str) -> Vec<String> {
    let words: Vec<&str> = cell
        .split_whitespace()
        .map(|word| word.trim_matches(['(', ')', ',', ';']))
        .collect();
    let mut figures = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if !word.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let unit = words.get(i + 1).filter(|next| {
            !word.ends_with('×') && !word.contains('-') && next.chars().all(char::is_alphabetic)
        });
        figures.push(match unit {
            Some(unit) => format!("{word} {unit}"),
            None => word.to_string(),
        });
    }
    figures
}

/// Whether `page` states `figure` as a number of its own, not as the tail
/// of a longer one (`8.7 s` is not found in `18.7 s`).
fn contains_figure(page: &str, figure: &str) -> bool {
    page.match_indices(figure).any(|(at, _)| {
        !page[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit() || c == '.' || c == ',')
    })
}

/// The README's speed table summarises measurements made elsewhere: every
/// figure and date of a row appears on the page its last column links, so
/// the two cannot drift apart.
#[test]
fn the_readme_speed_figures_are_those_of_the_pages_it_links() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme
        .split("\n## Speed\n")
        .nth(1)
        .expect("README.md has a Speed section");
    let section = section.split("\n## ").next().unwrap();
    let mut rows = 0;
    let mut problems = Vec::new();
    for line in section.lines().filter(|line| line.starts_with("| ")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let Some(target) = cells
            .last()
            .and_then(|cell| link_targets(cell).first().copied())
        else {
            continue;
        };
        rows += 1;
        let file = target.split('#').next().unwrap();
        let page = one_line(&std::fs::read_to_string(root().join(file)).expect("linked page"));
        for cell in &cells[1..cells.len() - 1] {
            for figure in figures(cell) {
                if !contains_figure(&page, &figure) {
                    problems.push(format!("{file} does not contain `{figure}` ({line})"));
                }
            }
        }
    }
    assert!(
        rows >= 3,
        "only {rows} rows with a link in the README's speed table"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A `toml` block shown right after a sentence naming a shipped file
/// (`` `examples/claims/pairing.toml`: ``) is that file, its leading comment
/// lines left out, so the README shows what the example runs.
#[test]
fn a_claim_file_shown_in_the_docs_is_the_shipped_file() {
    let mut compared = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(root().join(&doc)).expect("readable doc");
        let lines: Vec<&str> = text.lines().collect();
        for (fence, lang, body) in fenced_blocks(&text) {
            if lang != "toml" || fence < 3 {
                continue;
            }
            let before = lines[fence - 3];
            let Some(path) = before
                .split('`')
                .skip(1)
                .step_by(2)
                .find(|word| word.ends_with(".toml") && root().join(word).is_file())
            else {
                continue;
            };
            let shipped = std::fs::read_to_string(root().join(path)).unwrap();
            let shipped: Vec<&str> = shipped
                .lines()
                .skip_while(|line| line.starts_with('#'))
                .collect();
            assert_eq!(
                body,
                shipped,
                "{}:{fence} shows {path} otherwise",
                doc.display()
            );
            compared += 1;
        }
    }
    assert!(
        compared >= 1,
        "no claim file shown in the docs was compared"
    );
}

/// Every page of docs/ is named in the README's table of the docs, so a
/// reader starting from the README finds it.
#[test]
fn every_docs_page_is_named_in_the_readme() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let unnamed: Vec<String> = documents()
        .iter()
        .filter(|doc| doc.starts_with("docs"))
        .map(|doc| doc.display().to_string())
        .filter(|doc| !readme.contains(&format!("| [{doc}]({doc}) |")))
        .collect();
    assert!(
        unnamed.is_empty(),
        "not in the README's docs table: {unnamed:?}"
    );
}
