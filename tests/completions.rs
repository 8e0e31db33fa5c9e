//! Issue 13, "fits the ecosystem": shell completions and man pages
//! generated from the command definition, checked to parse with the tools
//! that read them; and one error style for nimcert's own errors and clap's.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn nimcert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(args)
        .output()
        .expect("nimcert runs")
}

/// Every subcommand, as `nimcert --help` lists it.
const COMMANDS: [&str; 10] = [
    "solve",
    "certify",
    "audit",
    "sweep",
    "merge",
    "avoid",
    "atlas",
    "draw",
    "completions",
    "man",
];

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
    child.stdin.take().unwrap().write_all(input).unwrap();
    Some(child.wait_with_output().unwrap())
}

#[test]
fn completions_are_generated_for_every_shell_and_name_every_command() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = nimcert(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {out:?}");
        let script = String::from_utf8(out.stdout).unwrap();
        for command in COMMANDS {
            assert!(script.contains(command), "{shell}: no {command}");
        }
        // Flags of subcommands complete too.
        assert!(script.contains("max-positions"), "{shell}");
        assert!(script.contains("pdf"), "{shell}");
    }
}

#[test]
fn the_bash_completion_parses_and_completes() {
    let out = nimcert(&["completions", "bash"]);
    let script = out.stdout;
    let Some(check) = run_tool("bash", &["-n"], &script) else {
        eprintln!("bash not installed: skipped");
        return;
    };
    assert!(check.status.success(), "bash -n: {check:?}");
    // Source it and ask for the completions of `nimcert at` and of
    // `nimcert draw --p`, as bash would.
    let dir = std::env::temp_dir().join(format!("nimcert-compl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("nimcert.bash");
    std::fs::write(&file, &script).unwrap();
    for (line, expected) in [("nimcert at", "atlas"), ("nimcert draw --p", "--pdf")] {
        let words: Vec<&str> = line.split(' ').collect();
        let probe = format!(
            "source {}; COMP_WORDS=({}); COMP_CWORD={}; COMP_LINE='{line}'; COMP_POINT={}; \
             _nimcert nimcert '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            file.display(),
            words.join(" "),
            words.len() - 1,
            line.len(),
            words[words.len() - 1],
            words[words.len() - 2],
        );
        let out = Command::new("bash").args(["-c", &probe]).output().unwrap();
        let reply = String::from_utf8_lossy(&out.stdout);
        assert!(
            reply.lines().any(|l| l == expected),
            "{line}: {reply} {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn other_shells_parse_their_completion_where_installed() {
    for (shell, tool, args) in [
        ("zsh", "zsh", vec!["-n"]),
        ("fish", "fish", vec!["--no-execute"]),
    ] {
        let script = nimcert(&["completions", shell]).stdout;
        match run_tool(tool, &args, &script) {
            Some(check) => assert!(check.status.success(), "{tool}: {check:?}"),
            None => eprintln!("{tool} not installed: skipped"),
        }
    }
}

/// Checks a roff man page: the sections a man page has, and, where groff
/// or mandoc is installed, that it formats without a warning or error
/// (groff -k: UTF-8 through preconv, as man(1) reads it).
fn assert_man_page(name: &str, page: &[u8]) {
    let text = std::str::from_utf8(page).unwrap();
    for section in [
        ".TH ",
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH DESCRIPTION",
        ".SH OPTIONS",
    ] {
        assert!(text.contains(section), "{name}: no {section}");
    }
    if let Some(out) = run_tool("groff", &["-k", "-man", "-Tutf8", "-ww", "-z"], page) {
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{name}: groff: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    if let Some(out) = run_tool("mandoc", &["-T", "lint", "-W", "error"], page) {
        assert!(
            out.status.success(),
            "{name}: mandoc: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn the_man_page_formats_and_lists_every_command() {
    let out = nimcert(&["man"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_man_page("nimcert.1", &out.stdout);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(".TH nimcert 1"));
    for command in COMMANDS {
        assert!(
            text.contains(&format!("nimcert\\-{command}(1)")),
            "{command}"
        );
    }
    // The exit-status table of --help is in the page.
    assert!(text.contains("Exit status"));
    if let Some(out) = run_tool("groff", &["-k", "-man", "-Tutf8"], text.as_bytes()) {
        let shown = String::from_utf8_lossy(&out.stdout);
        assert!(shown.contains("nimcert"), "{shown}");
    }
}

#[test]
fn man_out_writes_a_page_per_command() {
    let dir = std::env::temp_dir().join(format!("nimcert-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = nimcert(&["man", "--out", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for expected in [
        "nimcert.1",
        "nimcert-solve.1",
        "nimcert-avoid-tree.1",
        "nimcert-man.1",
    ] {
        assert!(names.iter().any(|n| n == expected), "{expected}: {names:?}");
    }
    for command in COMMANDS {
        assert!(names.contains(&format!("nimcert-{command}.1")), "{command}");
    }
    for name in &names {
        assert_man_page(name, &std::fs::read(dir.join(name)).unwrap());
    }
    let _ = std::fs::remove_dir_all(&dir);
    // A folder whose parent is missing: exit 4, nothing written.
    let missing = Path::new("/nonexistent-nimcert/man");
    let out = nimcert(&["man", "--out", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4), "{out:?}");
}

/// Every error, nimcert's own and clap's, is one line `nimcert: …`, and
/// the exit status follows the table (2 for bad input).
#[test]
fn every_error_reads_the_same() {
    let cases: [(&[&str], u8); 11] = [
        // clap: unknown flag, missing argument, bad value, unknown command,
        // conflicting flags, a bad shell.
        (&["solve", "--bogus", "3,5"], 2),
        (&["solve"], 2),
        (&["solve", "3,5", "--max-positions", "x"], 2),
        (&["frobnicate"], 2),
        (&["draw", "3,5,7", "--png", "--pdf", "-o", "-"], 2),
        (&["completions", "tcsh"], 2),
        (&["atlas", "--a", "3"], 2),
        // nimcert's own: bad moves, a bad range, a limit, a missing folder.
        (&["solve", "3,x"], 2),
        (&["atlas", "--a", "3", "--b", "9..=5", "-o", "-"], 2),
        (&["solve", "3,5", "--max-positions", "4"], 3),
        (&["draw", "3,5,7", "-o", "/nonexistent-nimcert/x.svg"], 4),
    ];
    for (args, code) in cases {
        let out = nimcert(args);
        assert_eq!(
            out.status.code(),
            Some(i32::from(code)),
            "{args:?}: {out:?}"
        );
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("nimcert: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("error:"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn help_and_version_succeed_and_a_missing_command_does_not() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["-V"],
        &["draw", "--help"],
    ] {
        let out = nimcert(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!out.stdout.is_empty() && out.stderr.is_empty(), "{args:?}");
    }
    let out = nimcert(&["--version"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        format!("nimcert {}", env!("CARGO_PKG_VERSION"))
    );
    // `nimcert` alone: the help, after a one-line error, on stderr; exit 2.
    let out = nimcert(&[]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("nimcert: a command is required"),
        "{stderr}"
    );
    assert!(stderr.contains("Usage: nimcert"), "{stderr}");
    assert!(out.stdout.is_empty());
    // Help that cannot be written is exit 4, as every other output.
    if Path::new("/dev/full").exists() {
        for args in [
            &["--help"][..],
            &["--version"],
            &["completions", "bash"],
            &["man"],
        ] {
            let full = std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap();
            let status = Command::new(env!("CARGO_BIN_EXE_nimcert"))
                .args(args)
                .stdout(full)
                .stderr(Stdio::null())
                .status()
                .unwrap();
            assert_eq!(status.code(), Some(4), "{args:?} > /dev/full");
        }
    }
}
