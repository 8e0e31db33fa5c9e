//! The `nimcert` command line: outputs, exit codes and one-line errors.

use nimcert::check::{check_bytes, Limits, Verdict};
use std::path::Path;
use std::process::{Command, Output};

fn nimcert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(args)
        .output()
        .expect("nimcert runs")
}

#[test]
fn solve_json_has_the_documented_keys() {
    let out = nimcert(&["solve", "2,3,7", "--format", "json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "moves",
        "preperiod",
        "period",
        "values",
        "p_positions",
        "outcome_period",
    ] {
        assert!(json.get(key).is_some(), "missing key {key}");
    }
    let period = json["period"].as_u64().unwrap();
    let preperiod = json["preperiod"].as_u64().unwrap();
    assert_eq!(
        json["values"].as_array().unwrap().len() as u64,
        preperiod + period
    );
}

#[test]
fn moves_can_be_given_with_commas_or_spaces_in_any_order() {
    let a = nimcert(&["solve", "2,5,7", "--format", "json"]);
    let b = nimcert(&["solve", "7", "2", "5", "--format", "json"]);
    assert!(a.status.success() && b.status.success());
    assert_eq!(a.stdout, b.stdout);
}

/// The set notation of the papers and claim files is accepted as it is
/// written, quoted for the shell, with or without spaces.
#[test]
fn solve_accepts_the_papers_set_notation() {
    let plain = nimcert(&["solve", "3,5,9", "--format", "json"]);
    assert!(plain.status.success());
    for words in [
        vec!["{3,5,9}"],
        vec!["{3, 5, 9}"],
        vec!["3 5 9"],
        vec!["{3,", "5,", "9}"],
    ] {
        let mut args = vec!["solve"];
        args.extend(&words);
        args.extend(["--format", "json"]);
        let out = nimcert(&args);
        assert!(out.status.success(), "{words:?}: {out:?}");
        assert_eq!(out.stdout, plain.stdout, "{words:?}");
    }
    for bad in ["{3,5,9", "3,5,9}", "{{3,5,9}}", "{a, b, c}"] {
        let out = nimcert(&["solve", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{bad}: {stderr}");
        if bad.contains('9') {
            assert!(
                stderr.contains("write the set as {3,5,9}"),
                "{bad}: {stderr}"
            );
        }
    }
}

/// `--terms N` prints the first N values, `--bfile` the lines "n a(n)",
/// `--markdown` and `--latex` a table with the pre-period apart from the
/// period.
#[test]
fn solve_prints_terms_bfiles_and_tables() {
    let text = |args: &[&str]| {
        let out = nimcert(args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    // {3,5,9}: pre-period 14, period 2 (0 1).
    assert_eq!(
        text(&["solve", "{3,5,9}", "--terms", "20"]),
        "0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 0, 2, 0, 1, 0, 1, 0, 1\n"
    );
    let bfile = text(&["solve", "{3,5,9}", "--bfile", "--terms", "30"]);
    let lines: Vec<&str> = bfile.lines().collect();
    assert_eq!(lines.len(), 30);
    assert_eq!(lines[3], "3 1");
    assert_eq!(lines[29], "29 1");
    assert_eq!(
        text(&["solve", "1", "--bfile"]).lines().count(),
        10_000,
        "a b-file has 10000 lines by default"
    );
    let markdown = text(&["solve", "{3,5,9}", "--markdown"]);
    assert!(
        markdown.contains("pre-period q = 14, period p = 2"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| pre-period | 0 | 0 | 0 | 0 | 1 | 1 | 1 | 2 | 2 | 0 | 3 |"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| pre-period | 10 | 3 | 1 | 0 | 2 |"),
        "{markdown}"
    );
    assert!(markdown.contains("| period | 14 | 0 | 1 |"), "{markdown}");
    let latex = text(&["solve", "{3,5,9}", "--latex"]);
    assert!(latex.contains("\\begin{tabular}"), "{latex}");
    assert!(latex.contains("\\hline\nperiod & 14 & 0 & 1 &"), "{latex}");
    assert!(latex.trim_end().ends_with("\\end{tabular}"), "{latex}");
    let json = text(&["solve", "{3,5,9}", "--terms", "5", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["terms"], serde_json::json!([0, 0, 0, 1, 1]));
    for bad in [
        vec!["solve", "3,5,9", "--terms", "0"],
        vec!["solve", "3,5,9", "--bfile", "--latex"],
        vec!["solve", "3,5,9", "--bfile", "--format", "json"],
    ] {
        assert_eq!(nimcert(&bad).status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_2() {
    for bad in [
        vec!["solve", "2,2,5"],
        vec!["solve", "0,3"],
        vec!["solve", "x"],
        vec!["solve", ","],
        vec!["solve", "99999999999"],
        vec!["certify", "3,-1"],
    ] {
        let out = nimcert(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{bad:?}: {stderr}");
        assert!(stderr.starts_with("nimcert: "), "{bad:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn no_period_below_the_bound_exits_3() {
    let out = nimcert(&["solve", "3,5,8", "--max-positions", "10"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("no period found below 10"));
}

#[test]
fn certify_writes_certificates_the_checker_accepts() {
    for claim in ["sequence", "pset"] {
        let out = nimcert(&["certify", "2,5,7", "--claim", claim]);
        assert!(out.status.success());
        let verdict = check_bytes(&out.stdout, &Limits::default());
        assert!(matches!(verdict, Verdict::Valid(_)), "{verdict:?}");
    }
    let dir = std::env::temp_dir().join(format!("nimcert-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.ron");
    let out = nimcert(&["certify", "1,3,5", "-o", file.to_str().unwrap()]);
    assert!(out.status.success());
    let verdict = check_bytes(&std::fs::read(&file).unwrap(), &Limits::default());
    assert!(matches!(verdict, Verdict::Valid(_)), "{verdict:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn pset_certificate_of_a_preperiodic_outcome_is_refused() {
    // {3,5,8}: find by the engine whether the outcome is pre-periodic; the
    // CLI must refuse a P-set certificate exactly then.
    let json = nimcert(&["solve", "3,5,8", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let out = nimcert(&["certify", "3,5,8", "--claim", "pset"]);
    let pure = json["outcome_preperiod"].as_u64().unwrap() == 0;
    assert_eq!(out.status.success(), pure);
    if !pure {
        assert_eq!(out.status.code(), Some(2));
    }
}

/// The rows of the exit-status table, as every `--help` prints them.
const EXIT_ROWS: [&str; 5] = [
    "0  success",
    "1  a claim is false",
    "2  bad input",
    "3  a limit reached",
    "4  an I/O or environment error",
];

/// The subcommands a help text lists under "Commands:" (clap's layout:
/// two spaces, the name, then its summary), without `help`.
fn listed_commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter(|line| !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_string)
        .collect()
}

/// Every command's short and long help ends with the one table: every
/// subcommand, found by walking the "Commands:" lists from `nimcert
/// --help` down (issue 20: `export --help` lacked it).
#[test]
fn every_help_prints_the_exit_status_table() {
    let mut pending: Vec<Vec<String>> = vec![vec![]];
    let mut seen = 0;
    while let Some(command) = pending.pop() {
        seen += 1;
        for help in ["-h", "--help"] {
            let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
            args.push(help);
            let out = nimcert(&args);
            assert!(out.status.success(), "{args:?}");
            let text = String::from_utf8(out.stdout).unwrap();
            for row in EXIT_ROWS {
                assert!(text.contains(row), "{args:?} lacks {row:?}:\n{text}");
            }
            if help == "--help" {
                for sub in listed_commands(&text) {
                    pending.push([command.clone(), vec![sub]].concat());
                }
            }
        }
    }
    // nimcert, 13 commands, avoid's 4 geometries and export's coq.
    assert!(seen >= 19, "only {seen} commands found");
}

/// Runs nimcert in `dir` with stdout sent to /dev/full when `full`.
fn nimcert_at(dir: &std::path::Path, args: &[&str], full: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nimcert"));
    command.args(args).current_dir(dir);
    if full {
        let dev = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        command.stdout(dev);
    }
    command.output().expect("nimcert runs")
}

/// Each row of the table, for each command where the row can happen
/// (row 1 of `solve`, `certify`, `sweep`, `atlas` and `draw` needs a
/// covering statement of paper A that disagrees with the engine, and none
/// does on any tested range; `sweep` shares its exit-1 path with `merge`,
/// tested here with a shard result that holds a disagreement; `audit` has
/// no limit flag of its own).
#[test]
fn each_exit_code_row_for_each_command() {
    let dir = std::env::temp_dir().join(format!("nimcert-exit-rows-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let small = ["--a", "2", "--b", "..=5", "--c", "..=9"];
    let mut sweep_out = vec!["sweep"];
    sweep_out.extend(small);
    sweep_out.extend(["--out", "s"]);
    assert!(nimcert_at(&dir, &sweep_out, false).status.success());
    let result = dir.join("s/result-0-of-1.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&result).unwrap()).unwrap();
    let statement = json["covered_by"]
        .as_object()
        .unwrap()
        .keys()
        .next()
        .unwrap()
        .clone();
    json["mismatches"] = 1.into();
    json["mismatch_examples"] = serde_json::json!([{
        "moves": [2, 3, 7], "statement": statement,
        "predicted_period": 5, "preperiod": 0, "period": 6
    }]);
    std::fs::write(dir.join("disagrees.json"), json.to_string()).unwrap();
    std::fs::write(dir.join("bad.json"), "[1, 2]").unwrap();
    let sweep = |extra: &[&'static str]| {
        let mut args = vec!["sweep"];
        args.extend(small);
        args.extend(extra);
        args
    };
    let rows: Vec<(Vec<&str>, bool, i32)> = vec![
        (vec!["solve", "2,3,7"], false, 0),
        (vec!["solve", "2,2"], false, 2),
        (vec!["solve", "3,5,8", "--max-positions", "10"], false, 3),
        (vec!["solve", "2,3,7"], true, 4),
        (vec!["certify", "2,5,7"], false, 0),
        (vec!["certify", "2,5"], false, 0),
        (vec!["certify", "2,4", "--from", "formula"], false, 2),
        (vec!["certify", "3,5,8", "--max-work", "10"], false, 3),
        (vec!["certify", "2,5,7", "-o", "no/such/x.ron"], false, 4),
        (vec!["audit", "--claim", "A.Thm36"], false, 0),
        (vec!["audit", "--claim", "B.Prop.W1"], false, 1),
        (vec!["audit", "--range", "q=1"], false, 2),
        (vec!["audit", "--list"], true, 4),
        (sweep(&[]), false, 0),
        (vec!["sweep", "--a", "0"], false, 2),
        (sweep(&["--max-positions", "10"]), false, 3),
        (sweep(&["--out", "no/such"]), false, 4),
        (vec!["merge", "s/result-0-of-1.json"], false, 0),
        (vec!["merge", "disagrees.json"], false, 1),
        (vec!["merge", "bad.json"], false, 2),
        (
            vec!["merge", "--max-file-bytes", "10", "s/result-0-of-1.json"],
            false,
            3,
        ),
        (vec!["merge", "no-such.json"], false, 4),
        (
            vec!["avoid", "tree", "--edges", "1-2,2-3", "--win", "1"],
            false,
            0,
        ),
        (
            vec!["avoid", "tree", "--edges", "1-2,2-3,3-4", "--win", "2"],
            false,
            1,
        ),
        (
            vec!["avoid", "tree", "--edges", "1-2,2-1", "--win", "1"],
            false,
            2,
        ),
        (
            vec![
                "avoid",
                "tree",
                "--edges",
                "1-2,2-3,3-4,4-5,2-6,6-7",
                "--win",
                "1,5,7",
                "--max-classes",
                "3",
            ],
            false,
            3,
        ),
        (vec!["avoid", "closure", "no-such.ron"], false, 4),
        (
            vec![
                "atlas", "--a", "3", "--b", "..=6", "--c", "..=9", "-o", "a.svg",
            ],
            false,
            0,
        ),
        (vec!["atlas", "--a", "0", "-o", "a.svg"], false, 2),
        (
            vec!["atlas", "--a", "3", "--max-cells", "5", "-o", "a.svg"],
            false,
            3,
        ),
        (vec!["atlas", "--a", "3", "-o", "no/such/a.svg"], false, 4),
        (vec!["draw", "4,11,27", "-o", "d.svg"], false, 0),
        (vec!["draw", "4,11", "-o", "d.svg"], false, 2),
        (
            vec!["draw", "4,11,27", "--max-residues", "5", "-o", "d.svg"],
            false,
            3,
        ),
        (vec!["draw", "4,11,27", "-o", "-"], true, 4),
    ];
    for (args, full, code) in rows {
        let out = nimcert_at(&dir, &args, full);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        if code >= 2 {
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            assert!(stderr.starts_with("nimcert: "), "{args:?}: {stderr}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `certify` writes at its defaults, nimcheck accepts at its
/// defaults: a certificate that nimcheck's default limits would refuse
/// (here a Sequence certificate of 6 MB, packed one hexadecimal digit a
/// value, over --max-file-bytes) is refused before anything is written,
/// exit 3 naming --beyond-checker-defaults and the smaller claim; with that
/// flag it is written, with a one-line warning naming nimcheck's flag; the
/// compact Periodic certificate of the same game fits and draws no warning.
#[test]
fn certify_writes_at_its_defaults_only_what_nimcheck_accepts_at_its_defaults() {
    let dir = std::env::temp_dir().join(format!("nimcert-precheck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.ron");
    let out = nimcert(&["certify", "1,6000000", "-o", big.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("--beyond-checker-defaults")
            && stderr.contains("--max-file-bytes")
            && stderr.contains("--claim periodic"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!big.exists(), "nothing is written");
    let out = nimcert(&[
        "certify",
        "1,6000000",
        "--beyond-checker-defaults",
        "-o",
        big.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("warning: nimcheck's default limits refuse")
            && stderr.contains("--max-file-bytes"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(std::fs::metadata(&big).unwrap().len() > 4 << 20);
    let small = dir.join("small.ron");
    let out = nimcert(&[
        "certify",
        "1,6000000",
        "--claim",
        "periodic",
        "-o",
        small.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let nimcheck = Path::new(env!("CARGO_BIN_EXE_nimcert")).with_file_name("nimcheck");
    if nimcheck.exists() {
        let checked = Command::new(&nimcheck).arg(&small).output().unwrap();
        assert_eq!(checked.status.code(), Some(0), "{checked:?}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 20: `-o -` is standard output for `certify` (as for `atlas`,
/// `draw` and `avoid --certify`); a file named `-` is written as `./-`.
#[test]
fn certify_to_dash_is_standard_output_and_dot_slash_dash_is_a_file() {
    let dir = std::env::temp_dir().join(format!("nimcert-dash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for args in [
        &["certify", "2,5,7"][..],
        &["certify", "--octal", "0.07"],
        &["certify", "3,5,8", "--from", "formula"],
    ] {
        let plain = nimcert_at(&dir, args, false);
        let dash = nimcert_at(&dir, &[args, &["-o", "-"]].concat(), false);
        assert_eq!(plain.status.code(), Some(0), "{args:?}: {plain:?}");
        assert_eq!(
            (dash.status.code(), &dash.stdout),
            (Some(0), &plain.stdout),
            "{args:?}"
        );
        assert!(!dir.join("-").exists(), "{args:?} wrote a file named -");
    }
    let out = nimcert_at(&dir, &["certify", "2,5,7", "-o", "./-"], false);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stdout.is_empty());
    let written = std::fs::read(dir.join("-")).unwrap();
    assert!(matches!(
        check_bytes(&written, &Limits::default()),
        Verdict::Valid(_)
    ));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 20: limit flags take exact scientific notation (`--max-work 6e10`,
/// as docs/TRUST.md writes `2e11`); a value that is not a whole number, a
/// sign, or a value over 2^64 − 1 is a one-line error naming the flag,
/// exit 2.
#[test]
fn limit_flags_take_exact_scientific_notation() {
    for args in [
        &[
            "solve",
            "2,5,7",
            "--max-work",
            "6e10",
            "--max-positions",
            "1e6",
        ][..],
        &["certify", "2,5,7", "--max-work", "1.5e9"],
        &["octal", "0.07", "--max-n", "1e5", "--max-work", "2e11"],
        &[
            "avoid",
            "tree",
            "--edges",
            "1-2",
            "--win",
            "1",
            "--max-classes",
            "1e3",
        ],
    ] {
        let out = nimcert(args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The notation means the same number: a bound of 1e1 positions is 10.
    let out = nimcert(&["solve", "3,5,8", "--max-positions", "1e1"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("below 10 positions"));
    for (value, why) in [
        ("1.5e0", "not a whole number"),
        ("-1", "not an integer"),
        ("1_000", "not an integer"),
        ("2e19", "over the largest value"),
        ("18446744073709551616", "over the largest value"),
    ] {
        let out = nimcert(&["solve", "2,5,7", &format!("--max-work={value}")]);
        assert_eq!(out.status.code(), Some(2), "{value}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{value}: {stderr}");
        assert!(
            stderr.starts_with("nimcert: ")
                && stderr.contains("--max-work")
                && stderr.contains(why),
            "{value}: {stderr}"
        );
    }
    let out = nimcert(&[
        "avoid",
        "tree",
        "--edges",
        "1-2",
        "--win",
        "1",
        "--max-classes",
        "5e9",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-classes"));
}

/// `values` on a stderr that is not a terminal (a log, a batch job) prints
/// a line of progress every few seconds (here every 50 ms, through the
/// test seam `NIMCERT_PROGRESS_SECONDS=0`).
#[test]
fn values_prints_progress_lines_when_stderr_is_not_a_terminal() {
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(["values", "grundy", "--to", "60000"])
        .env("NIMCERT_PROGRESS_SECONDS", "0")
        .output()
        .expect("nimcert runs");
    assert!(
        out.status.success() || out.status.code() == Some(1),
        "{out:?}"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    let line = stderr
        .lines()
        .find(|l| l.starts_with("values: "))
        .unwrap_or_else(|| panic!("no progress line: {stderr}"));
    assert!(line.contains(" of 60,000 heap sizes done ("), "{line}");
    assert!(line.ends_with(" s"), "{line}");
}

/// Ranges read the same everywhere: `A..B` excludes B, as in claim files.
#[test]
fn a_range_excluding_its_end_is_accepted_as_in_claim_files() {
    let json = |a: &str| {
        let out = nimcert(&[
            "sweep", "--a", a, "--b", "..10", "--c", "..=20", "--format", "json",
        ]);
        assert!(out.status.success(), "{a}: {out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["triples"].clone()
    };
    assert_eq!(json("2..4"), json("2..=3"));
    let out = nimcert(&["sweep", "--a", "2..2", "--b", "..10", "--c", "..20"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("empty"));
}
