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
//! (`$TMPDIR/nimcert-docs-PID/NAME.in/`) in which `examples/` and
//! `certificates/` are links to the repository's folders, so a command
//! reads the shipped files by the path a reader uses from the repository
//! root, and what it writes (`-o s257.ron`, `--out sweep-out`) lands in the
//! scratch folder. The markdown files themselves are linked, not copied, so
//! `TRYCMD=overwrite cargo test --test docs` rewrites the docs' expected
//! outputs in place (review the diff).
//!
//! A fenced block that shows commands but is not executed (`sh`:
//! a Slurm job array, a shell redirection into the home folder, the audit
//! of both papers, which takes minutes in a debug build) must say so in its
//! first line, a comment starting `# not run by tests/docs.rs:` with the
//! reason; [`every_command_block_is_run_or_says_why_not`] enforces it. An
//! unlabelled fence would be read as an example, so every block carries a
//! language.

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
        for shared in ["examples", "certificates"] {
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
        for (line, lang, body) in fenced_blocks(&text) {
            let place = format!("{}:{line}", doc.display());
            match lang.as_str() {
                "" => problems.push(format!(
                    "{place}: a fence without a language (```text, ```console, …)"
                )),
                "console" => examples += 1,
                _ if body.iter().any(|l| is_a_command(&lang, l)) => {
                    let why = body.first().map(String::as_str).unwrap_or("");
                    if !why.starts_with("# not run by tests/docs.rs: ") {
                        problems.push(format!(
                            "{place}: commands in a ```{lang} block: make it a ```console \
                             example, or start it with `# not run by tests/docs.rs: REASON`"
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
