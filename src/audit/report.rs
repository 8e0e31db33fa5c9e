//! Running the registry and rendering the audit table.
//!
//! Each claim runs on the scope (claims in parallel, and each claim's
//! instances in parallel chunks); its verdict is decided by
//! [`crate::claim::decide`]; the certificates of its counterexamples are
//! re-checked here by the checker's library (the rules `nimcheck` applies),
//! and a correction entry is linked to the printed statement it corrects.

use super::{decide, Claim, ClaimResult, Kind, Scope, Verdict};
use crate::claim::{coverage, Correction, Coverage};
use nimcert_check::{check_certificate, Limits};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// One row of the audit table.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Claim id.
    pub id: String,
    /// The statement as printed, one line.
    pub statement: String,
    /// Where it is in the text.
    pub location: String,
    /// Its hypotheses.
    pub hypotheses: String,
    /// "theorem", "conjecture", "example", "fragment" or "reconstructed".
    pub kind: String,
    /// For a fragment, what is lost; for a reconstruction, what is tested.
    pub kind_note: Option<String>,
    /// What one instance is ("bases (a, b)", "triples", …).
    pub unit: String,
    /// The verdict: holds, fails, fragment, reconstructed, open, partly
    /// checked, not checked.
    pub verdict: Verdict,
    /// The verdict's scope: "proof" (proved on the stated range, or
    /// disproved by a counterexample) or "finite check" (held on the
    /// checked range only); `null` when nothing was checked.
    pub scope: Option<Coverage>,
    /// What the scope covers, in words ("proved for all x", "held on the
    /// checked range only (not a proof beyond it)").
    pub covers: Option<String>,
    /// Instances the statement says something about that were checked.
    pub applicable: u64,
    /// Applicable instances where it fails.
    pub failing: u64,
    /// Instances the statement says something about that were not checked
    /// (beyond a bound of the audit, or nothing in the range to check them
    /// on).
    pub unchecked: u64,
    /// Why the first of them were not checked (at most three), each
    /// "instance: reason".
    pub not_checked: Vec<String>,
    /// The smallest counterexamples (at most three), smallest first.
    pub counterexamples: Vec<String>,
    /// Whether every certificate of a counterexample was accepted by the
    /// checker's rules; `None` when the counterexamples are numbers alone
    /// (no game to certify) or there is none.
    pub certificates_accepted: Option<bool>,
    /// The counterexamples without a certificate come from an octal game's
    /// values with no period proved (exact, not certified).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub uncertified: bool,
    /// The range checked.
    pub range: String,
    /// The entries that correct this one, each with how and its counts.
    pub corrected_by: Vec<String>,
    /// The printed statement this entry corrects, with how.
    pub corrects: Option<String>,
    /// What the comparison of this entry with each of its corrections
    /// shows (in the order of `corrected_by`).
    pub correction_finding: Vec<String>,
    /// A further finding computed on the range.
    pub note: Option<String>,
    /// Seconds spent.
    pub seconds: f64,
    /// Perturbed by the test seam (`--perturb`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub perturbed: bool,
}

impl Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Coverage {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Keeps the claims whose id starts with one of `prefixes` (all when empty).
pub fn select(claims: Vec<Claim>, prefixes: &[String]) -> Vec<Claim> {
    claims
        .into_iter()
        .filter(|c| matches(&c.id, prefixes))
        .collect()
}

/// Whether `id` starts with one of `prefixes` (every id when empty).
pub fn matches(id: &str, prefixes: &[String]) -> bool {
    prefixes.is_empty() || prefixes.iter().any(|p| id.starts_with(p.as_str()))
}

/// The total work estimate of the claims on a scope.
pub fn estimate(claims: &[Claim], scope: &Scope) -> u64 {
    claims
        .iter()
        .map(|c| (c.estimate)(scope))
        .fold(0u64, u64::saturating_add)
}

/// The refusal of an audit whose estimated work, `work` steps, is over
/// `limit` (`--max-work`), judged before any work; `None` within it.
pub fn over_max_work(work: u64, limit: u64) -> Option<String> {
    if work <= limit {
        return None;
    }
    let about = if work == u64::MAX {
        "more than 1.8e19".to_string()
    } else {
        format!("about {work:.1e}", work = work as f64)
    };
    Some(format!(
        "the audit would take {about} steps, over the limit of {limit} (raise --max-work, or narrow --range or --claim)"
    ))
}

/// The first claim, in registry order, that stopped on an instance
/// (malformed, or a limit reached): its [`crate::claim::Abort`], the
/// message prefixed with the claim's id. The audit then exits with the
/// abort's status instead of printing verdicts.
pub fn first_abort(results: &[(Row, ClaimResult)]) -> Option<crate::claim::Abort> {
    use crate::claim::Abort;
    results.iter().find_map(|(row, result)| {
        result.abort.as_ref().map(|abort| match abort {
            Abort::Input(message) => Abort::Input(format!("{}: {message}", row.id)),
            Abort::Limit { flag, message } => Abort::Limit {
                flag,
                message: format!("{}: {message}", row.id),
            },
        })
    })
}

/// Runs every claim (in parallel, results in registry order); claims whose
/// id matches `perturb` run with the test seam on. `done` is called after
/// each claim with its id.
pub fn run(
    claims: &[Claim],
    scope: &Scope,
    perturb: &[String],
    done: &(dyn Fn(&str) + Sync),
) -> Vec<(Row, ClaimResult)> {
    let mut results: Vec<(Row, ClaimResult)> = claims
        .par_iter()
        .map(|claim| {
            let perturbed = !perturb.is_empty() && matches(&claim.id, perturb);
            let scope = Scope {
                perturb: perturbed,
                ..scope.clone()
            };
            let start = std::time::Instant::now();
            let result = (claim.run)(&scope);
            done(&claim.id);
            let mut row = row(claim, &result, start.elapsed().as_secs_f64());
            row.perturbed = perturbed;
            (row, result)
        })
        .collect();
    link_corrections(claims, &mut results);
    results
}

fn row(claim: &Claim, result: &ClaimResult, seconds: f64) -> Row {
    let kind_note = match claim.kind {
        Kind::Fragment { lost } => Some(lost.to_string()),
        Kind::Reconstructed { tests } => Some(tests.to_string()),
        _ => None,
    };
    let verdict = decide(&claim.kind, result);
    let (scope, covers) = coverage(verdict, result).unzip();
    Row {
        id: claim.id.to_string(),
        statement: claim.printed.to_string(),
        location: claim.location.to_string(),
        hypotheses: claim.hypotheses.to_string(),
        kind: claim.kind.name().to_string(),
        kind_note,
        unit: claim.unit.to_string(),
        verdict,
        scope,
        covers,
        applicable: result.applicable,
        failing: result.failing,
        unchecked: result.unchecked,
        not_checked: result.unchecked_examples.clone(),
        counterexamples: result.examples.iter().map(|e| e.text.clone()).collect(),
        certificates_accepted: certificates_accepted(result),
        uncertified: result.uncertified && !result.examples.is_empty(),
        range: result.range.clone(),
        corrected_by: Vec::new(),
        corrects: claim
            .corrects
            .map(|c| format!("{} ({})", c.of, describe(&c.how))),
        correction_finding: Vec::new(),
        note: result.note.clone(),
        seconds,
        perturbed: false,
    }
}

fn describe(how: &Correction) -> String {
    match how {
        Correction::Typo { printed, corrected } => {
            format!("typo: {printed} corrected to {corrected}")
        }
        Correction::MissingHypothesis { hypothesis } => {
            format!("hypothesis missing: {hypothesis}")
        }
        Correction::Convention { convention } => {
            format!("convention: {convention}")
        }
    }
}

/// Re-checks the certificates of the counterexamples with the checker's
/// library: `Some(true)` when every one is accepted, `Some(false)` when one
/// is rejected or undecided (or a game counterexample has none), `None`
/// when there is no counterexample or they are numbers alone. With
/// `uncertified` (values with no period proved) the counterexamples
/// without a certificate are left out, and `None` when no other is left.
fn certificates_accepted(result: &ClaimResult) -> Option<bool> {
    let certifiable: Vec<_> = result
        .examples
        .iter()
        .filter(|e| !(result.uncertified && e.certificates.is_empty()))
        .collect();
    if certifiable.is_empty() || result.numbers_only {
        return None;
    }
    Some(certifiable.iter().all(|e| {
        !e.certificates.is_empty()
            && e.certificates.iter().all(|c| {
                matches!(
                    check_certificate(c, &Limits::default()),
                    nimcert_check::Verdict::Valid(_)
                )
            })
    }))
}

/// Points each corrected entry at its correction, and says what the pair
/// shows: for a missing hypothesis, whether the printed statement fails
/// exactly on the instances without it (decided from the counts: the
/// correction holds on the instances with the hypothesis, and the failures
/// of the printed statement are all the others).
fn link_corrections(claims: &[Claim], results: &mut [(Row, ClaimResult)]) {
    let index: BTreeMap<&str, usize> = claims
        .iter()
        .enumerate()
        .map(|(i, c)| (c.id.as_ref(), i))
        .collect();
    for (i, claim) in claims.iter().enumerate() {
        let Some(corrects) = claim.corrects else {
            continue;
        };
        let Some(&j) = index.get(corrects.of) else {
            continue;
        };
        let (fix, fix_result) = (&results[i].0, &results[i].1);
        let fix_text = format!(
            "{} ({}): {} on {}/{} {}",
            claim.id,
            describe(&corrects.how),
            fix.verdict.name(),
            thousands(fix_result.applicable - fix_result.failing),
            thousands(fix_result.applicable),
            fix.unit
        );
        let (orig, orig_result) = (&results[j].0, &results[j].1);
        let finding = match corrects.how {
            Correction::MissingHypothesis { hypothesis } => {
                let without = orig_result.applicable.saturating_sub(fix_result.applicable);
                let exact = fix.verdict == Verdict::Holds
                    && orig_result.failing == without
                    && fix_result.applicable <= orig_result.applicable;
                if exact {
                    format!(
                        "the printed statement fails exactly on the {} {} without the hypothesis {hypothesis}, and holds on all {} with it",
                        thousands(without),
                        orig.unit,
                        thousands(fix_result.applicable)
                    )
                } else {
                    format!(
                        "the printed statement fails on {}/{} {}; with the hypothesis {hypothesis}: {} on {}/{}",
                        thousands(orig_result.failing),
                        thousands(orig_result.applicable),
                        orig.unit,
                        fix.verdict.name(),
                        thousands(fix_result.applicable - fix_result.failing),
                        thousands(fix_result.applicable)
                    )
                }
            }
            Correction::Convention { .. } => format!(
                "both readings: with this audit's convention the statement fails on {}/{} {}; with the other it {} on {}/{}",
                thousands(orig_result.failing),
                thousands(orig_result.applicable),
                orig.unit,
                if fix.verdict == Verdict::Holds { "holds" } else { fix.verdict.name() },
                thousands(fix_result.applicable - fix_result.failing),
                thousands(fix_result.applicable)
            ),
            Correction::Typo { .. } => {
                if fix.verdict == Verdict::Holds {
                    format!(
                        "with the typo corrected the statement holds on all {} {}",
                        thousands(fix_result.applicable),
                        fix.unit
                    )
                } else {
                    format!("the corrected statement is {} too", fix.verdict.name())
                }
            }
        };
        results[j].0.corrected_by.push(fix_text);
        results[j].0.correction_finding.push(finding);
    }
}

/// "1,234".
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The counts in words: "803 bases (a, b)", "154/803 bases (a, b) fail",
/// and, when some were not checked, "2/3 sentences checked, 1 not
/// checked" or "1/4 sentences fail, 1 more not checked".
pub fn counts(row: &Row) -> String {
    let unchecked = thousands(row.unchecked);
    match (row.failing > 0, row.unchecked > 0) {
        (true, false) => format!(
            "{}/{} {} fail",
            thousands(row.failing),
            thousands(row.applicable),
            row.unit
        ),
        (true, true) => format!(
            "{}/{} {} fail, {unchecked} more not checked",
            thousands(row.failing),
            thousands(row.applicable),
            row.unit
        ),
        (false, false) if row.applicable == 1 => format!("1 {}", singular(&row.unit)),
        (false, false) => format!("{} {}", thousands(row.applicable), row.unit),
        (false, true) => format!(
            "{}/{} {} checked, {unchecked} not checked",
            thousands(row.applicable),
            thousands(row.applicable + row.unchecked),
            row.unit
        ),
    }
}

/// `one` when `n` is 1, else `many`: "1 claim", "2 claims".
pub fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// "instance" for "instances", "pair (S, P)" for "pairs (S, P)": the unit's
/// first word without its plural s.
fn singular(unit: &str) -> String {
    let (word, rest) = unit.split_once(' ').map_or((unit, ""), |(w, r)| (w, r));
    let word = word
        .strip_suffix("sses")
        .map(|w| format!("{w}ss"))
        .unwrap_or_else(|| word.strip_suffix('s').unwrap_or(word).to_string());
    if rest.is_empty() {
        word.to_string()
    } else {
        format!("{word} {rest}")
    }
}

/// The findings of a row after its verdict, one per line.
pub fn findings(row: &Row) -> Vec<String> {
    let mut out = Vec::new();
    if row.perturbed {
        out.push("PERTURBED by --perturb (test seam): not a real result".to_string());
    }
    match (row.verdict, &row.kind_note) {
        (Verdict::Fragment, Some(lost)) => out.push(format!("lost in our copy: {lost}")),
        (Verdict::Reconstructed, Some(tests)) => out.push(format!(
            "derived here, consistent on the range; tests {tests}"
        )),
        (Verdict::NotChecked, _) if row.unchecked == 0 => {
            out.push("no applicable instance in the range: nothing was checked".to_string())
        }
        (Verdict::NotChecked, _) => {
            out.push("no instance could be checked within the audit's bounds".to_string())
        }
        (Verdict::PartlyChecked, _) => out.push(format!(
            "holds on every instance checked, but {} of {} were not checked: not a success",
            thousands(row.unchecked),
            thousands(row.applicable + row.unchecked)
        )),
        _ => {}
    }
    if let (Some(Coverage::Proof), Some(covers)) = (row.scope, &row.covers) {
        if row.verdict != Verdict::Fails {
            out.push(covers.clone());
        }
    }
    for why in &row.not_checked {
        out.push(format!("not checked: {why}"));
    }
    if row.unchecked > row.not_checked.len() as u64 {
        out.push(format!(
            "not checked: {} more",
            thousands(row.unchecked - row.not_checked.len() as u64)
        ));
    }
    if let Some(first) = row.counterexamples.first() {
        let more = row.counterexamples.len() - 1;
        let certified = match row.certificates_accepted {
            Some(true) => "; its certificate is accepted by the checker",
            Some(false) => "; ITS CERTIFICATE WAS NOT ACCEPTED BY THE CHECKER",
            None if row.uncertified => {
                " (no certificate: the mex rule's values below the search bound, no period \
                 proved; nimcheck has no claim kind for them)"
            }
            None => " (numbers alone: no game to certify)",
        };
        out.push(format!("smallest counterexample: {first}{certified}"));
        if more > 0 {
            out.push(format!("next: {}", row.counterexamples[1..].join("; ")));
        }
    }
    for (by, finding) in row.corrected_by.iter().zip(&row.correction_finding) {
        out.push(format!("corrected by {by}"));
        out.push(finding.clone());
    }
    if let Some(of) = &row.corrects {
        out.push(format!("corrects {of}"));
    }
    if let Some(note) = &row.note {
        out.push(note.clone());
    }
    out
}

/// The scope in the audit table's words: "proved", "disproved" (a
/// failure, refuted by its counterexample), "finite check" (held on the
/// checked range only), or "-" when nothing was checked.
pub fn scope_label(row: &Row) -> &'static str {
    match (row.scope, row.verdict) {
        (None, _) => "-",
        (Some(Coverage::Proof), Verdict::Fails) => "disproved",
        (Some(Coverage::Proof), _) => "proved",
        (Some(Coverage::FiniteCheck), _) => "finite check",
    }
}

/// The widest id column of the text table: a longer id overruns its
/// column instead of padding every other line.
const ID_COLUMN: usize = 30;

/// The width of the text report when it goes elsewhere than to a terminal
/// (a file, a pipe, the Python package).
pub const TEXT_WIDTH: usize = 100;

/// The narrowest width the text report is wrapped to.
const MIN_WIDTH: usize = 40;

/// `text` followed by spaces up to `width` characters. Written out, not
/// with a format width, which panics from 65,536 on: the width comes from
/// the ids, which a claim file chooses.
fn pad(text: &str, width: usize) -> String {
    let mut out = text.to_string();
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(text.chars().count()),
    ));
    out
}

/// The words of `text` in lines of at most `width` characters: the first
/// after `first` (kept whole, however long), the others after `indent`
/// spaces; a word longer than a line is cut.
fn wrap(first: &str, text: &str, indent: usize, width: usize) -> Vec<String> {
    let pad = " ".repeat(indent);
    let mut lines = Vec::new();
    let mut line = first.to_string();
    // Whether the line holds nothing after its prefix yet.
    let mut bare = true;
    for mut word in text.split_whitespace() {
        loop {
            let len = line.chars().count();
            if len + word.chars().count() + usize::from(!bare) <= width {
                if !bare {
                    line.push(' ');
                }
                line.push_str(word);
                bare = false;
                break;
            }
            if !bare {
                lines.push(std::mem::replace(&mut line, pad.clone()));
                bare = true;
                continue;
            }
            // A word wider than a line: as much as fits, then the rest.
            let room = width.saturating_sub(len).max(1);
            let cut = word.char_indices().nth(room).map_or(word.len(), |(i, _)| i);
            line.push_str(&word[..cut]);
            lines.push(std::mem::replace(&mut line, pad.clone()));
            word = &word[cut..];
            if word.is_empty() {
                break;
            }
        }
    }
    if !bare || lines.is_empty() {
        lines.push(line);
    }
    lines
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// Whether a row belongs to the findings the text report opens with: a
/// statement that fails, an entry correcting one, a fragment of our copy,
/// a formula reconstructed here.
pub fn is_finding(row: &Row) -> bool {
    matches!(
        row.verdict,
        Verdict::Fails | Verdict::Fragment | Verdict::Reconstructed
    ) || row.corrects.is_some()
}

/// The findings in the order the text report gives them: the failures,
/// then the fragments, then the reconstructions (each part in registry
/// order), each entry followed by the entries that correct it; a
/// correction whose entry is not among them comes after the failures.
fn findings_order<'a>(found: &[&'a Row]) -> Vec<&'a Row> {
    let corrects = |fix: &Row, of: &Row| {
        fix.corrects
            .as_deref()
            .is_some_and(|c| c == of.id || c.starts_with(&format!("{} ", of.id)))
    };
    let mut out: Vec<&Row> = Vec::new();
    let add = |row: &'a Row, out: &mut Vec<&'a Row>| {
        if !out.iter().any(|r| std::ptr::eq(*r, row)) {
            out.push(row);
            for fix in found.iter().filter(|fix| corrects(fix, row)) {
                if !out.iter().any(|r| std::ptr::eq(*r, *fix)) {
                    out.push(fix);
                }
            }
        }
    };
    for verdict in [Verdict::Fails, Verdict::Fragment, Verdict::Reconstructed] {
        for row in found.iter().filter(|r| r.verdict == verdict) {
            add(row, &mut out);
        }
        if verdict == Verdict::Fails {
            // Corrections of entries that are not findings themselves.
            for row in found
                .iter()
                .filter(|r| r.corrects.is_some() && !found.iter().any(|of| corrects(r, of)))
            {
                add(row, &mut out);
            }
        }
    }
    // Anything left (a correction of a correction): in registry order.
    for row in found {
        add(row, &mut out);
    }
    out
}

/// One row of the text report in lines of at most `width` characters:
/// `id  verdict  scope  counts on range`, then the statement and the
/// findings, indented.
fn text_row(r: &Row, id_width: usize, width: usize, out: &mut String) {
    let columns = format!(
        "{}  {}  {}  ",
        pad(&r.id, id_width),
        pad(r.verdict.name(), 14),
        pad(scope_label(r), 12)
    );
    let rest = format!("on {}", r.range);
    let at = columns.chars().count();
    let head = if at + 24 <= width {
        // The counts beside the columns, the range after them (two spaces
        // apart) or, when it does not fit there, on lines of its own under
        // the counts.
        let mut lines = wrap(&columns, &counts(r), at, width);
        let last = lines.last_mut().expect("a line");
        if last.chars().count() + 2 + rest.chars().count() <= width {
            last.push_str("  ");
            last.push_str(&rest);
        } else {
            lines.extend(wrap(&" ".repeat(at), &rest, at, width));
        }
        lines
    } else {
        let words = format!(
            "{} {} {} {} {rest}",
            r.id,
            r.verdict.name(),
            scope_label(r),
            counts(r)
        );
        wrap("", &words, 4, width)
    };
    let mut lines = head;
    lines.extend(wrap("  ", &r.statement, 4, width));
    for f in findings(r) {
        lines.extend(wrap("    ", &f, 6, width));
    }
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
}

/// The plain-text report in lines of at most [`TEXT_WIDTH`] characters
/// ([`text_width`]).
pub fn text(rows: &[Row]) -> String {
    text_width(rows, TEXT_WIDTH)
}

/// The plain-text report in lines of at most `width` characters (at least
/// 40): the findings first ([`is_finding`]: failures with their
/// corrections, fragments, reconstructions), then the other claims, each
/// part in registry order, then the summary line. A report of findings
/// only, or of no finding, has no headings.
pub fn text_width(rows: &[Row], width: usize) -> String {
    let width = width.max(MIN_WIDTH);
    let id_width = rows
        .iter()
        .map(|r| r.id.chars().count())
        .max()
        .unwrap_or(2)
        .min(ID_COLUMN);
    let (found, others): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| is_finding(r));
    let found = findings_order(&found);
    let headings = !found.is_empty() && !others.is_empty();
    let mut out = String::new();
    let heading = |out: &mut String, title: String| {
        for line in wrap("", &title, 0, width) {
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str(&"=".repeat(title.chars().count().min(width)));
        out.push_str("\n\n");
    };
    if headings {
        let count = |v: Verdict| found.iter().filter(|r| r.verdict == v).count();
        let fixes = found.iter().filter(|r| r.corrects.is_some()).count();
        let parts: Vec<String> = [
            (count(Verdict::Fails), "fail", "fail"),
            (fixes, "correction", "corrections"),
            (count(Verdict::Fragment), "fragment", "fragments"),
            (
                count(Verdict::Reconstructed),
                "reconstruction",
                "reconstructions",
            ),
        ]
        .iter()
        .filter(|(n, _, _)| *n > 0)
        .map(|&(n, one, many)| format!("{n} {}", plural(n as u64, one, many)))
        .collect();
        heading(&mut out, format!("Findings: {}", parts.join(", ")));
    }
    for r in &found {
        text_row(r, id_width, width, &mut out);
    }
    if headings {
        out.push('\n');
        let n = others.len();
        heading(
            &mut out,
            format!("The other {n} {}", plural(n as u64, "claim", "claims")),
        );
    }
    for r in &others {
        text_row(r, id_width, width, &mut out);
    }
    for line in wrap("", &summary_line(rows), 2, width) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A Markdown table.
pub fn markdown(rows: &[Row]) -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = String::from(
        "| id | statement | where | verdict | scope | instances | findings |\n| --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for r in rows {
        out += &format!(
            "| {} | {} | {} | {} | {} | {} on {} | {} |\n",
            cell(&r.id),
            cell(&r.statement),
            cell(&r.location),
            r.verdict.name(),
            scope_label(r),
            cell(&counts(r)),
            cell(&r.range),
            cell(&findings(r).join("; "))
        );
    }
    out += "\n";
    out += &summary_line(rows);
    out
}

/// How many rows have each verdict, in [`Verdict::ALL`] order.
pub fn tally(rows: &[Row]) -> Vec<(Verdict, usize)> {
    Verdict::ALL
        .iter()
        .map(|&v| (v, rows.iter().filter(|r| r.verdict == v).count()))
        .collect()
}

/// How many rows have each scope: (proved, finite checks only), failures
/// and claims not checked left out.
pub fn scope_tally(rows: &[Row]) -> (usize, usize) {
    let held = rows.iter().filter(|r| r.verdict != Verdict::Fails);
    let count = |c: Coverage| held.clone().filter(|r| r.scope == Some(c)).count();
    (count(Coverage::Proof), count(Coverage::FiniteCheck))
}

/// "N claims: H hold (P proved, C on a finite check only), F fail, G
/// fragment, R reconstructed, O open, P partly checked, X not checked",
/// and, when some instances were not checked, "; U instances of C claims
/// not checked".
pub fn summary_line(rows: &[Row]) -> String {
    let parts: Vec<String> = tally(rows)
        .into_iter()
        .map(|(v, n)| match v {
            Verdict::Holds if n == 0 => "0 hold".to_string(),
            Verdict::Holds => {
                let proved = rows
                    .iter()
                    .filter(|r| r.verdict == Verdict::Holds && r.scope == Some(Coverage::Proof))
                    .count();
                format!(
                    "{n} hold ({proved} proved, {} on a finite check only)",
                    n - proved
                )
            }
            Verdict::Fails => format!("{n} fail"),
            other => format!("{n} {}", other.name()),
        })
        .collect();
    let unchecked: u64 = rows.iter().map(|r| r.unchecked).sum();
    let claims_with = rows.iter().filter(|r| r.unchecked > 0).count();
    let tail = if unchecked > 0 {
        format!(
            "; {} {} of {claims_with} {} not checked",
            thousands(unchecked),
            plural(unchecked, "instance", "instances"),
            plural(claims_with as u64, "claim", "claims")
        )
    } else {
        String::new()
    };
    let claims = plural(rows.len() as u64, "claim", "claims");
    format!("{} {claims}: {}{tail}\n", rows.len(), parts.join(", "))
}

/// The JSON report: the rows, the tally and the number of instances not
/// checked.
pub fn json(rows: &[Row]) -> String {
    let mut summary = serde_json::Map::new();
    for (v, n) in tally(rows) {
        summary.insert(v.name().to_string(), n.into());
    }
    let unchecked: u64 = rows.iter().map(|r| r.unchecked).sum();
    let (proved, finite) = scope_tally(rows);
    serde_json::to_string_pretty(&serde_json::json!({
        "claims": rows,
        "verdicts": summary,
        "scopes": {
            Coverage::Proof.name(): proved,
            Coverage::FiniteCheck.name(): finite,
        },
        "instances_not_checked": unchecked,
    }))
    .expect("serializable")
        + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_lines_within_the_width_and_cuts_only_overlong_words() {
        let text = "one two three four five six seven eight nine ten";
        let lines = wrap("  ", text, 4, 16);
        assert!(lines.iter().all(|l| l.chars().count() <= 16), "{lines:?}");
        assert_eq!(lines[0], "  one two three");
        assert!(
            lines[1..].iter().all(|l| l.starts_with("    ")),
            "{lines:?}"
        );
        let joined: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(joined.join(" "), text);
        let long = wrap("", &"x".repeat(50), 2, 20);
        assert!(long.iter().all(|l| l.chars().count() <= 20), "{long:?}");
        assert_eq!(long.concat().replace(' ', ""), "x".repeat(50));
        assert_eq!(wrap("  ", "", 4, 20), vec!["".to_string()]);
    }
}
