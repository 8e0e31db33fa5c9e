//! Issue 20: nimcheck's man page and shell completions.
//!
//! The `nimcheck` binary depends on clap and serde_json alone, so it cannot
//! print them itself; the generators (clap_mangen, clap_complete) are
//! dev-dependencies, and this test runs them on nimcheck's own clap
//! command (checker/src/cli_args.rs, included below) and compares with the
//! files committed under checker/doc/. A flag added or changed without
//! regenerating them fails here; regenerate on purpose with
//! `NIMCHECK_REGENERATE=1 cargo test -p nimcert-check --test man`.
#![cfg(feature = "cli")]

#[allow(dead_code)]
#[path = "../src/cli_args.rs"]
mod cli_args;

use clap::CommandFactory;
use clap_complete::Shell;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// checker/doc/.
fn doc_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("doc")
}

/// The man page, as clap_mangen writes it from the command.
fn man_page() -> Vec<u8> {
    let mut page = Vec::new();
    clap_mangen::Man::new(cli_args::Args::command())
        .render(&mut page)
        .expect("render the man page");
    page
}

/// The completion script for `shell`.
fn completion(shell: Shell) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(
        shell,
        &mut cli_args::Args::command(),
        "nimcheck",
        &mut script,
    );
    script
}

/// Every generated file: its path below checker/doc/ and its content.
fn generated() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("nimcheck.1", man_page()),
        ("completions/nimcheck.bash", completion(Shell::Bash)),
        ("completions/_nimcheck", completion(Shell::Zsh)),
        ("completions/nimcheck.fish", completion(Shell::Fish)),
    ]
}

#[test]
fn committed_man_page_and_completions_are_generated_from_the_command() {
    let regenerate = std::env::var_os("NIMCHECK_REGENERATE").is_some_and(|v| v != "0");
    let mut stale = Vec::new();
    for (name, fresh) in generated() {
        let path = doc_dir().join(name);
        if std::fs::read(&path).ok().as_deref() == Some(fresh.as_slice()) {
            continue;
        }
        if regenerate {
            std::fs::create_dir_all(path.parent().expect("has a parent")).expect("mkdir");
            std::fs::write(&path, &fresh).expect("write");
            eprintln!("NIMCHECK_REGENERATE: rewrote checker/doc/{name}");
        } else {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "checker/doc/{stale:?} differ from what nimcheck's command generates \
         (regenerate on purpose with NIMCHECK_REGENERATE=1 cargo test -p nimcert-check --test man)"
    );
}

/// Runs `tool args` with `input` on stdin; `None` when the tool is not
/// installed.
fn run_tool(tool: &str, args: &[&str], input: &[u8]) -> Option<Output> {
    use std::io::Write;
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input).ok()?;
    child.wait_with_output().ok()
}

#[test]
fn the_man_page_has_every_flag_and_the_exit_table() {
    let page = String::from_utf8(man_page()).unwrap();
    for part in [".TH nimcheck 1", ".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS"] {
        assert!(page.contains(part), "no {part}");
    }
    for flag in cli_args::Args::command()
        .get_arguments()
        .filter_map(|a| a.get_long())
    {
        // roff escapes the hyphens of a flag.
        let roff = format!("\\-\\-{}", flag.replace('-', "\\-"));
        assert!(page.contains(&roff), "no --{flag}");
    }
    assert!(page.contains("Exit status"), "no exit table");
    assert!(page.contains("\\-\\-allow\\-skips"));
    // Where groff is installed, the page formats without a warning.
    if let Some(out) = run_tool(
        "groff",
        &["-k", "-man", "-Tutf8", "-ww", "-z"],
        page.as_bytes(),
    ) {
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "groff: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_bash_completion_parses_and_completes_a_flag() {
    let script = completion(Shell::Bash);
    let Some(check) = run_tool("bash", &["-n"], &script) else {
        eprintln!("bash not installed: skipped");
        return;
    };
    assert!(check.status.success(), "bash -n: {check:?}");
    let dir = std::env::temp_dir().join(format!("nimcheck-compl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("nimcheck.bash");
    std::fs::write(&file, &script).unwrap();
    // `nimcheck --follow<TAB>`, as bash asks for it.
    let probe = format!(
        "source {}; COMP_WORDS=(nimcheck --follow); COMP_CWORD=1; \
         COMP_LINE='nimcheck --follow'; COMP_POINT=17; \
         _nimcheck nimcheck --follow nimcheck; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        file.display()
    );
    let out = Command::new("bash").args(["-c", &probe]).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let reply = String::from_utf8_lossy(&out.stdout);
    assert!(
        reply.lines().any(|l| l == "--follow-links"),
        "{reply} {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn other_shells_parse_their_completion_where_installed() {
    for (shell, tool, args) in [
        (Shell::Zsh, "zsh", &["-n"][..]),
        (Shell::Fish, "fish", &["--no-execute"][..]),
    ] {
        match run_tool(tool, args, &completion(shell)) {
            Some(check) => assert!(check.status.success(), "{tool}: {check:?}"),
            None => eprintln!("{tool} not installed: skipped"),
        }
    }
}
