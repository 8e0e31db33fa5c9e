//! The audit as one self-contained HTML page (`nimcert audit --format
//! html`, docs/AUDIT-PAGE.md).
//!
//! The page is rendered from the same [`Row`]s as the JSON report, so its
//! content is the JSON report's, entry for entry: per entry an `<article>`
//! whose `data-*` attributes carry the id, group, verdict and counts, and
//! whose text carries the statement, place, range, counts, findings and
//! counterexamples (`tests/audit_html.rs` compares both with `--format
//! json` in a headless browser). Every text goes through [`escape`].
//!
//! The page opens on the findings (every verdict but holds, by verdict,
//! each failing statement followed by its corrections); the entries that
//! hold follow in closed `<details>`, one per group. Formulas are MathML
//! ([`super::mathml`]); the places of papers A and B link to the papers'
//! arXiv pages ([`PAPERS`], cited in the header); certificates are named by
//! what they certify ([`certificate_name`]).
//!
//! Self-contained: inline CSS, one small inline script, pictures as
//! `data:` URIs, and a Content Security Policy that forbids every fetch.
//! Without the script everything is visible; with it the summary's filters
//! (verdict, group, search) hide the entries that do not match, and can be
//! set from the URL: `report.html#verdict=fails&paper=A&q=Prop`.

use super::mathml::{self, escape};
use super::report::{counts, findings, scope_label, thousands, Row};
use super::Verdict;
use crate::claim::Coverage;
use std::fmt::Write as _;

/// A certificate of a counterexample, embedded in the page.
#[derive(Clone, Debug)]
pub struct PageCertificate {
    /// The instance it certifies.
    pub instance: String,
    /// Its RON text, as `nimcheck` reads it.
    pub ron: String,
    /// Where `--certs DIR` stored it (`DIR/objects/<hash>.ron`), if it did.
    pub stored: Option<String>,
}

/// The comparison with a baseline (`--baseline FILE`).
#[derive(Clone, Copy, Debug)]
pub struct BaselineView<'a> {
    /// The baseline file, as given.
    pub file: &'a str,
    /// The unified diff, `None` when the run equals the baseline.
    pub diff: Option<&'a str>,
}

/// Everything the page shows.
#[derive(Clone, Copy, Debug)]
pub struct Page<'a> {
    /// The rows, in registry (text) order.
    pub rows: &'a [Row],
    /// The certificates of each row's counterexamples (by row index; a
    /// missing index has none).
    pub certificates: &'a [Vec<PageCertificate>],
    /// The baseline comparison, when `--baseline` was given.
    pub baseline: Option<BaselineView<'a>>,
    /// The claim files audited (`--claims`), empty for the registry.
    pub claim_files: &'a [String],
}

/// The largest certificate embedded in the page (bytes of RON); a larger
/// one is named, with `--certs DIR` to write it.
pub const MAX_EMBEDDED: usize = 1 << 20;

/// The Content Security Policy: nothing is fetched, only the inline style
/// and script run, pictures are `data:` URIs.
pub const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; \
script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/// Percent-encodes everything but the unreserved characters (for `data:`
/// URIs and URL fragments).
pub fn percent(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The group of an entry: its id up to the first `.` (`A`, `B`, `O`, or a
/// claim file's prefix).
pub fn group(id: &str) -> &str {
    id.split('.').next().unwrap_or(id)
}

/// The heading of a group.
fn group_title(group: &str) -> String {
    match group {
        "A" => "Paper A: Manabe, Purely Periodic Three-move Subtraction Games".to_string(),
        "B" => "Paper B: Shim, Impartial Avoidance Games on Convex Geometries".to_string(),
        "O" => "Published records of octal games (OEIS, tables)".to_string(),
        other => format!("Claims {other}"),
    }
}

/// A paper the registry audits.
#[derive(Clone, Copy, Debug)]
pub struct Paper {
    /// Its group of entries (`A`, `B`).
    pub group: &'static str,
    /// Its author.
    pub author: &'static str,
    /// Its title.
    pub title: &'static str,
    /// Its year (that of its arXiv identifier).
    pub year: u32,
    /// Its arXiv identifier.
    pub arxiv: &'static str,
}

impl Paper {
    /// The paper's arXiv abstract page.
    pub fn url(&self) -> String {
        format!("https://arxiv.org/abs/{}", self.arxiv)
    }

    /// "Manabe (2026)".
    pub fn short(&self) -> String {
        let surname = self.author.rsplit(' ').next().unwrap_or(self.author);
        format!("{surname} ({})", self.year)
    }
}

/// The two papers, as cited on the page.
pub const PAPERS: [Paper; 2] = [
    Paper {
        group: "A",
        author: "Hikaru Manabe",
        title: "Purely Periodic Three-move Subtraction Games",
        year: 2026,
        arxiv: "2609.05358",
    },
    Paper {
        group: "B",
        author: "Seomgeun Shim",
        title: "Impartial Avoidance Games on Convex Geometries",
        year: 2025,
        arxiv: "2512.06267",
    },
];

/// The paper of a group of the registry.
fn paper(group: &str) -> Option<&'static Paper> {
    PAPERS.iter().find(|p| p.group == group)
}

/// The short name of a group, for the summary and the filter.
fn group_short(group: &str) -> String {
    match group {
        "A" => "Paper A".to_string(),
        "B" => "Paper B".to_string(),
        "O" => "Octal records".to_string(),
        other => other.to_string(),
    }
}

/// The HTML `id` of an entry's article.
fn anchor(id: &str) -> String {
    format!("entry-{id}")
}

/// The link to an entry's article.
fn anchor_href(id: &str) -> String {
    format!("#{}", percent(&anchor(id)))
}

/// Escaped text in which every `http://` or `https://` address becomes a
/// link (not fetched: a reader follows it).
pub fn linkify(text: &str) -> String {
    linkify_with(text, escape)
}

/// [`linkify`], with the formulas of the text between the addresses
/// typeset in MathML ([`mathml::render`]).
pub fn rich(text: &str) -> String {
    linkify_with(text, mathml::render)
}

fn linkify_with(text: &str, plain: fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = ["https://", "http://"]
        .iter()
        .filter_map(|s| rest.find(s))
        .min()
    {
        out += &plain(&rest[..start]);
        let tail = &rest[start..];
        let end = tail
            .find(|c: char| c.is_whitespace() || "<>\"'()[]{}".contains(c))
            .unwrap_or(tail.len());
        let url = tail[..end].trim_end_matches(['.', ',', ';', ':']);
        let url = if url.ends_with("//") { "" } else { url };
        if url.is_empty() {
            out += &plain(&tail[..end.max(1)]);
            rest = &tail[end.max(1)..];
            continue;
        }
        let _ = write!(
            out,
            "<a class=\"source\" href=\"{0}\" rel=\"noreferrer\">{0}</a>",
            escape(url)
        );
        rest = &tail[url.len()..];
    }
    out + &plain(rest)
}

/// The class name of a verdict ("partly checked" → "partly-checked").
fn verdict_class(v: Verdict) -> String {
    v.name().replace(' ', "-")
}

/// A glyph per verdict, so that a badge reads without its colour.
fn glyph(v: Verdict) -> &'static str {
    match v {
        Verdict::Holds => "✓",
        Verdict::Fails => "✗",
        Verdict::Fragment => "◐",
        Verdict::Reconstructed => "↺",
        Verdict::Open => "?",
        Verdict::PartlyChecked => "◑",
        Verdict::NotChecked => "–",
    }
}

/// The verdict badge.
fn badge(v: Verdict) -> String {
    format!(
        "<span class=\"badge v-{}\" data-badge=\"{}\">{} {}</span>",
        verdict_class(v),
        escape(v.name()),
        glyph(v),
        escape(v.name())
    )
}

/// The groups in order of first appearance, each with its rows' indexes.
fn groups(rows: &[Row]) -> Vec<(&str, Vec<usize>)> {
    let mut out: Vec<(&str, Vec<usize>)> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let g = group(&r.id);
        match out.iter_mut().find(|(name, _)| *name == g) {
            Some((_, v)) => v.push(i),
            None => out.push((g, vec![i])),
        }
    }
    out
}

/// The whole page.
pub fn render(page: &Page) -> String {
    let groups = groups(page.rows);
    let mut out = String::with_capacity(4096 + page.rows.len() * 2048);
    out += &head();
    out += "<body>\n<header class=\"top\">\n<h1>nimcert audit</h1>\n";
    out += &sources(page);
    if page.claim_files.is_empty() && page.rows.iter().any(|r| paper(group(&r.id)).is_some()) {
        out += &citations();
    }
    out += &summary(page.rows, &groups);
    out += &filters(&groups);
    out += "</header>\n";
    if let Some(b) = page.baseline {
        out += &baseline(b);
    }
    out += "<main>\n";
    out += &main(page, &groups);
    out += "</main>\n<footer><p>Written by nimcert ";
    out += env!("CARGO_PKG_VERSION");
    out += "; the same content as <code>nimcert audit --format json</code>. \
The page fetches nothing (its Content Security Policy forbids it).</p></footer>\n";
    let _ = write!(out, "<script>{SCRIPT}</script>\n</body>\n</html>\n");
    out
}

/// Whether a row is a finding (shown first): every verdict but holds.
fn is_finding(r: &Row) -> bool {
    r.verdict != Verdict::Holds
}

/// The verdicts of the findings, in the order the page shows them.
const FINDING_ORDER: [Verdict; 6] = [
    Verdict::Fails,
    Verdict::Fragment,
    Verdict::Reconstructed,
    Verdict::Open,
    Verdict::PartlyChecked,
    Verdict::NotChecked,
];

/// What the page calls the entries of a verdict.
fn verdict_heading(v: Verdict) -> &'static str {
    match v {
        Verdict::Fails => "Statements that fail, with their counterexamples and corrections",
        Verdict::Fragment => "Fragments: statements whose formula is lost in the text read",
        Verdict::Reconstructed => "Reconstructions: lost formulas derived here and tested",
        Verdict::Open => "Open: conjectures and open questions, checked on a range",
        Verdict::PartlyChecked => "Partly checked: some instances beyond the audit's bounds",
        Verdict::NotChecked => "Not checked",
        Verdict::Holds => "Statements that hold",
    }
}

/// The entries: first the findings by verdict (each failing or fragmentary
/// statement followed by the entries that correct it), then the entries
/// that hold, per group, in closed `<details>`.
fn main(page: &Page, groups: &[(&str, Vec<usize>)]) -> String {
    let rows = page.rows;
    let registry = page.claim_files.is_empty();
    let certs = |i: usize| page.certificates.get(i).map_or(&[][..], Vec::as_slice);
    // The corrections of a finding, shown with it.
    let corrections_of = |i: usize| -> Vec<usize> {
        (0..rows.len())
            .filter(|&j| {
                !is_finding(&rows[j])
                    && rows[j]
                        .corrects
                        .as_deref()
                        .and_then(|of| of.split(' ').next())
                        .is_some_and(|of| of == rows[i].id)
            })
            .collect()
    };
    let mut shown = vec![false; rows.len()];
    let mut out = String::new();
    let findings = rows.iter().filter(|r| is_finding(r)).count();
    let _ = writeln!(
        out,
        "<section class=\"part findings box\" id=\"findings\">\n<h2>Findings ({})</h2>",
        thousands(findings as u64)
    );
    if findings == 0 {
        out += "<p class=\"none\">No finding: every statement holds.</p>\n";
    }
    for v in FINDING_ORDER {
        let members: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].verdict == v).collect();
        if members.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "<section class=\"verdict-group box\" id=\"findings-{}\" data-verdict-group=\"{}\">\n<h3>{} {} ({})</h3>",
            escape(&verdict_class(v)),
            escape(v.name()),
            badge(v),
            escape(verdict_heading(v)),
            thousands(members.len() as u64)
        );
        for i in members {
            out += &entry(&rows[i], certs(i), rows, registry, "");
            shown[i] = true;
            for j in corrections_of(i) {
                if !shown[j] {
                    out += &entry(&rows[j], certs(j), rows, registry, " correction");
                    shown[j] = true;
                }
            }
        }
        out += "</section>\n";
    }
    out += "</section>\n";
    let holds: Vec<usize> = (0..rows.len()).filter(|&i| !shown[i]).collect();
    let _ = writeln!(
        out,
        "<section class=\"part holds box\" id=\"holds\">\n<h2>Statements that hold ({})</h2>\n\
<p class=\"what\">Collapsed: open a group to read its entries (the corrections of the findings are shown with them above).</p>",
        thousands(holds.len() as u64)
    );
    for (g, indexes) in groups {
        let members: Vec<usize> = indexes.iter().copied().filter(|&i| !shown[i]).collect();
        if members.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "<details class=\"group box\" id=\"group-{2}\" data-group=\"{0}\">\n<summary><h3>{1}: {3} {4} hold</h3></summary>",
            escape(g),
            escape(&group_title(g)),
            escape(&percent(g)),
            thousands(members.len() as u64),
            if members.len() == 1 { "statement" } else { "statements" }
        );
        for i in members {
            out += &entry(&rows[i], certs(i), rows, registry, "");
        }
        out += "</details>\n";
    }
    out += "</section>\n";
    out
}

/// The papers the registry audits, cited.
fn citations() -> String {
    let mut out = String::from("<section class=\"papers\" id=\"papers\"><h2>The papers</h2><ul>");
    for p in &PAPERS {
        let _ = write!(
            out,
            "<li id=\"paper-{0}\" data-paper-cite=\"{0}\">Paper {0}: {1}, <cite>{2}</cite>, {3}, \
arXiv:{4} (<a class=\"paper\" href=\"{5}\" rel=\"noreferrer\">{5}</a>).</li>",
            escape(p.group),
            escape(p.author),
            escape(p.title),
            p.year,
            escape(p.arxiv),
            escape(&p.url())
        );
    }
    out += "</ul>\n<p class=\"what\">\"The text read\" is the text extraction of each paper the \
audit worked from; a <em>fragment</em> is a statement whose formula was lost in that text, a \
<em>reconstruction</em> a lost formula derived here and tested. The places (§, theorem, table \
row) link to the paper's arXiv page.</p></section>\n";
    out
}

fn head() -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"referrer\" content=\"no-referrer\">\n\
<title>nimcert audit</title>\n<style>{STYLE}</style>\n</head>\n",
        escape(CSP)
    )
}

/// What was audited: the registry, or the claim files.
fn sources(page: &Page) -> String {
    if page.claim_files.is_empty() {
        return "<p class=\"what\">The registry of every checkable statement of papers A and B \
and of the published records of octal games, in the order of the texts \
(docs/STATEMENTS.md).</p>\n"
            .to_string();
    }
    let files: Vec<String> = page
        .claim_files
        .iter()
        .map(|f| format!("<code data-field=\"claim-file\">{}</code>", escape(f)))
        .collect();
    format!(
        "<p class=\"what\">The claims of the claim files {}.</p>\n",
        files.join(", ")
    )
}

/// Counts per verdict per group, each count a link that filters.
fn summary(rows: &[Row], groups: &[(&str, Vec<usize>)]) -> String {
    let mut out = String::from(
        "<table class=\"summary\" id=\"summary\">\n<thead><tr><th scope=\"col\">group</th>",
    );
    for v in Verdict::ALL {
        let _ = write!(out, "<th scope=\"col\">{}</th>", badge(v));
    }
    out += "<th scope=\"col\" title=\"proved on the stated range, failures left out; the others held on a finite check only\">proved</th>\
<th scope=\"col\">all</th></tr></thead>\n<tbody>\n";
    let mut line = |label: String, group: Option<&str>, members: &[usize]| {
        let _ = write!(
            out,
            "<tr data-summary=\"{}\"><th scope=\"row\">{label}</th>",
            escape(group.unwrap_or(""))
        );
        for v in Verdict::ALL {
            let n = members.iter().filter(|&&i| rows[i].verdict == v).count();
            let mut hash = format!("verdict={}", percent(v.name()));
            if let Some(g) = group {
                hash += &format!("&paper={}", percent(g));
            }
            let cell = if n == 0 {
                "0".to_string()
            } else {
                format!("<a href=\"#{}\">{}</a>", escape(&hash), thousands(n as u64))
            };
            let _ = write!(out, "<td data-verdict=\"{}\">{cell}</td>", escape(v.name()));
        }
        let proved = members
            .iter()
            .filter(|&&i| {
                rows[i].verdict != Verdict::Fails
                    && rows[i].scope.is_some_and(|s| s == Coverage::Proof)
            })
            .count();
        let _ = writeln!(
            out,
            "<td data-scope=\"proof\">{}</td><td>{}</td></tr>",
            thousands(proved as u64),
            thousands(members.len() as u64)
        );
    };
    for (g, members) in groups {
        line(
            format!(
                "<a href=\"#paper={}\" title=\"{}\">{}</a>",
                escape(&percent(g)),
                escape(&group_title(g)),
                escape(&group_short(g))
            ),
            Some(g),
            members,
        );
    }
    let all: Vec<usize> = (0..rows.len()).collect();
    line("all".to_string(), None, &all);
    out += "</tbody>\n</table>\n";
    out
}

/// The filter controls: hidden until the script shows them (without it,
/// every entry is visible and they would do nothing).
fn filters(groups: &[(&str, Vec<usize>)]) -> String {
    let mut out = String::from(
        "<form id=\"filters\" class=\"filters\" hidden>\n<label>verdict <select id=\"f-verdict\"><option value=\"\">all</option>",
    );
    for v in Verdict::ALL {
        let _ = write!(out, "<option value=\"{0}\">{0}</option>", escape(v.name()));
    }
    out += "</select></label>\n<label>group <select id=\"f-paper\"><option value=\"\">all</option>";
    for (g, _) in groups {
        let _ = write!(
            out,
            "<option value=\"{}\">{}</option>",
            escape(g),
            escape(&group_short(g))
        );
    }
    out += "</select></label>\n<label>search <input type=\"search\" id=\"f-search\" \
placeholder=\"id or text\" autocomplete=\"off\"></label>\n<output id=\"shown\"></output>\n</form>\n";
    out
}

/// The comparison with the baseline, at the top.
fn baseline(b: BaselineView) -> String {
    match b.diff {
        None => format!(
            "<section class=\"baseline same\" id=\"baseline\"><h2>Baseline</h2><p>Every verdict \
and count equals the baseline <code>{}</code>.</p></section>\n",
            escape(b.file)
        ),
        Some(diff) => {
            let lines: String = diff
                .lines()
                .map(|l| {
                    let class = match l.chars().next() {
                        Some('+') if !l.starts_with("+++") => "add",
                        Some('-') if !l.starts_with("---") => "del",
                        _ => "ctx",
                    };
                    format!("<span class=\"{class}\">{}</span>\n", escape(l))
                })
                .collect();
            format!(
                "<section class=\"baseline changed\" id=\"baseline\"><h2>Baseline: changed</h2>\
<p>What differs from the baseline <code>{}</code> (− the baseline, + this run):</p>\
<pre class=\"diff\">{lines}</pre></section>\n",
                escape(b.file)
            )
        }
    }
}

/// Where an entry is: for the registry's papers, a link to the paper with
/// the place in it; otherwise the place as given (its addresses linked).
fn location(r: &Row, registry: bool) -> String {
    match paper(group(&r.id)).filter(|_| registry) {
        Some(p) => format!(
            "<a class=\"paper\" href=\"{}\" rel=\"noreferrer\" title=\"{}\">{}</a> <span class=\"cite\">in {}</span>",
            escape(&p.url()),
            escape(&format!("{}, {} ({}), arXiv:{}", p.author, p.title, p.year, p.arxiv)),
            mathml::render(&r.location),
            escape(&p.short())
        ),
        None => rich(&r.location),
    }
}

/// One entry (`extra` is appended to its classes).
fn entry(r: &Row, certs: &[PageCertificate], rows: &[Row], registry: bool, extra: &str) -> String {
    let mut out = format!(
        "<article class=\"entry v-{}{extra}\" id=\"{}\" data-id=\"{}\" data-paper=\"{}\" data-verdict=\"{}\" \
data-scope=\"{}\" data-applicable=\"{}\" data-failing=\"{}\" data-unchecked=\"{}\">\n",
        verdict_class(r.verdict),
        escape(&anchor(&r.id)),
        escape(&r.id),
        escape(group(&r.id)),
        escape(r.verdict.name()),
        escape(r.scope.map_or("", |s| s.name())),
        r.applicable,
        r.failing,
        r.unchecked
    );
    let _ = writeln!(
        out,
        "<header>{} <h4><a href=\"{}\" data-field=\"id\">{}</a></h4> <span class=\"kind\">{}</span>\
<span class=\"where\" data-field=\"location\">{}</span></header>",
        badge(r.verdict),
        escape(&anchor_href(&r.id)),
        escape(&r.id),
        escape(&r.kind),
        location(r, registry)
    );
    let _ = writeln!(
        out,
        "<blockquote data-field=\"statement\">{}</blockquote>",
        rich(&r.statement)
    );
    out += &facts(r);
    out += &finding_list(r);
    out += &corrections(r, rows);
    out += &counterexamples(r, certs);
    out += "</article>\n";
    out
}

/// Hypotheses, counts and range.
fn facts(r: &Row) -> String {
    let mut out = String::from("<dl class=\"facts\">");
    if !r.hypotheses.is_empty() {
        let label = if r.hypotheses.starts_with("http") {
            "source"
        } else {
            "hypotheses"
        };
        let _ = write!(
            out,
            "<dt>{label}</dt><dd data-field=\"hypotheses\">{}</dd>",
            rich(&r.hypotheses)
        );
    }
    let _ = write!(
        out,
        "<dt>instances</dt><dd data-field=\"counts\">{}</dd><dt>range</dt><dd data-field=\"range\">{}</dd>",
        escape(&counts(r)),
        escape(&r.range)
    );
    if let Some(covers) = &r.covers {
        let _ = write!(
            out,
            "<dt>scope</dt><dd data-field=\"scope\"><strong>{}</strong>: {}</dd>",
            escape(scope_label(r)),
            escape(covers)
        );
    }
    out += "</dl>\n";
    out
}

/// The findings, as the text report lists them (but the corrections and
/// the counterexamples, shown apart).
fn finding_list(r: &Row) -> String {
    // The corrections are listed with links by [`corrections`], the
    // counterexamples by [`counterexamples`].
    let linked: Vec<String> = r
        .corrected_by
        .iter()
        .map(|by| format!("corrected by {by}"))
        .chain(r.corrects.iter().map(|of| format!("corrects {of}")))
        .chain(
            (r.counterexamples.len() > 1)
                .then(|| format!("next: {}", r.counterexamples[1..].join("; "))),
        )
        .collect();
    let smallest = r
        .counterexamples
        .first()
        .map(|c| format!("smallest counterexample: {c}"));
    let items: Vec<String> = findings(r)
        .into_iter()
        .filter(|f| !linked.contains(f))
        .filter(|f| !smallest.as_ref().is_some_and(|s| f.starts_with(s.as_str())))
        .collect();
    if items.is_empty() {
        return String::new();
    }
    let mut out = String::from("<ul class=\"findings\">");
    for f in items {
        let _ = write!(out, "<li data-field=\"finding\">{}</li>", rich(&f));
    }
    out += "</ul>\n";
    out
}

/// Links to the corrections of this entry and to the entry it corrects.
fn corrections(r: &Row, rows: &[Row]) -> String {
    let link = |text: &str| -> String {
        let id = text.split(' ').next().unwrap_or("");
        if rows.iter().any(|x| x.id == id) {
            format!(
                "<a href=\"{}\">{}</a>{}",
                escape(&anchor_href(id)),
                escape(id),
                rich(&text[id.len()..])
            )
        } else {
            rich(text)
        }
    };
    let mut out = String::new();
    for by in &r.corrected_by {
        let _ = write!(out, "<li>corrected by {}</li>", link(by));
    }
    if let Some(of) = &r.corrects {
        let _ = write!(out, "<li>corrects {}</li>", link(of));
    }
    if out.is_empty() {
        return out;
    }
    format!("<ul class=\"corrections\">{out}</ul>\n")
}

/// The smallest counterexamples, the certificates with the `nimcheck`
/// command, and for paper A's games of three moves the picture of the
/// smallest.
fn counterexamples(r: &Row, certs: &[PageCertificate]) -> String {
    if r.counterexamples.is_empty() {
        return String::new();
    }
    let status = match r.certificates_accepted {
        Some(true) => "their certificates are accepted by the checker",
        Some(false) => "A CERTIFICATE WAS NOT ACCEPTED BY THE CHECKER",
        None if r.uncertified => {
            "no certificate: the mex rule's values below the search bound, no period proved"
        }
        None => "numbers alone: no game to certify",
    };
    let mut out = format!(
        "<div class=\"counterexamples\"><h5>Smallest counterexamples <span class=\"status\" \
data-field=\"certificate-status\">({status})</span></h5><ol>"
    );
    for c in &r.counterexamples {
        let _ = write!(out, "<li data-field=\"counterexample\">{}</li>", rich(c));
    }
    out += "</ol>\n";
    for (k, cert) in certs.iter().enumerate() {
        out += &certificate(&r.id, k + 1, cert);
    }
    if r.id.starts_with("A.") {
        if let Some(moves) = three_moves(&r.counterexamples[0]) {
            out += &picture(&moves);
        }
    }
    out += "</div>\n";
    out
}

/// A file name made of safe characters.
fn file_name(id: &str, k: usize) -> String {
    let safe: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{safe}.{k}.ron")
}

/// One certificate: the command that re-checks it, and its text.
fn certificate(id: &str, k: usize, cert: &PageCertificate) -> String {
    let name = file_name(id, k);
    let size = cert.ron.len();
    let mut out = format!(
        "<details class=\"certificate\" data-instance=\"{0}\"><summary><span data-field=\"certificate-name\">{1}</span> \
({2} bytes)</summary>\n",
        escape(&cert.instance),
        mathml::render(&certificate_name(&cert.ron)),
        thousands(size as u64)
    );
    if let Some(path) = &cert.stored {
        let _ = writeln!(
            out,
            "<p>Stored by <code>--certs</code>; re-check: <code class=\"cmd\">nimcheck {}</code></p>",
            escape(path)
        );
    }
    if size <= MAX_EMBEDDED {
        let _ = write!(
            out,
            "<p>Save it as <a download=\"{0}\" href=\"data:text/plain;charset=utf-8,{1}\">{0}</a> \
and re-check: <code class=\"cmd\">nimcheck {0}</code></p>\n<pre class=\"ron\">{2}</pre>\n",
            escape(&name),
            percent(&cert.ron),
            escape(&cert.ron)
        );
    } else {
        let _ = writeln!(
            out,
            "<p>Too large to embed (over {} bytes). Write it (with the same <code>--claims</code> \
files, if any) and re-check: <code class=\"cmd\">nimcert audit --claim {} --certs DIR</code>, then \
<code class=\"cmd\">nimcheck DIR/objects</code></p>",
            thousands(MAX_EMBEDDED as u64),
            escape(id)
        );
    }
    out += "</details>\n";
    out
}

/// A set of numbers as `{1, 2, 3}`.
fn set<T: std::fmt::Display>(items: &[T]) -> String {
    let items: Vec<String> = items.iter().map(ToString::to_string).collect();
    format!("{{{}}}", items.join(", "))
}

/// What a certificate certifies, in words: "Family certificate {2, 5,
/// c ≡ 1 mod 7}" rather than its file or hash. Read from its RON text;
/// "Certificate" when the text does not parse.
pub fn certificate_name(ron: &str) -> String {
    use nimcert_check::format::{AvoidanceGeometry as G, Claim as C};
    let Ok(cert) = nimcert_check::parse(ron.as_bytes(), &nimcert_check::limits::Limits::default())
    else {
        return "Certificate".to_string();
    };
    let period = |q: u64, p: u64| format!("q = {q}, p = {p}");
    let family = |a: u64, b: u64, rho: u64, from_k: u64| {
        let m = a.saturating_add(b);
        let c0 = rho.saturating_add(from_k.saturating_mul(m));
        format!("{{{a}, {b}, c ≡ {rho} mod {m}}}, c ≥ {c0}")
    };
    // Vertices numbered from 1, as the counterexamples and the paper number
    // them (the certificate numbers them from 0).
    let edges = |edges: &[(u32, u32)]| {
        let e: Vec<String> = edges
            .iter()
            .map(|(u, v)| format!("{}–{}", u64::from(*u) + 1, u64::from(*v) + 1))
            .collect();
        if e.is_empty() {
            "with one vertex".to_string()
        } else {
            e.join(", ")
        }
    };
    match &cert.claim {
        C::Sequence(c) => format!(
            "Nim-sequence certificate {}: {}",
            set(&c.moves),
            period(c.preperiod, c.period)
        ),
        C::PackedSequence(c) => format!(
            "Nim-sequence certificate {}: {}",
            set(&c.moves),
            period(c.preperiod, c.period)
        ),
        C::Periodic(c) => format!(
            "Period certificate {}: {}",
            set(&c.moves),
            period(c.preperiod, c.period)
        ),
        C::PSet(c) => format!(
            "P-position certificate {}: period {}",
            set(&c.moves),
            c.period
        ),
        C::PeriodicTable(c) => {
            let n = c.games.lines().filter(|l| !l.trim().is_empty()).count();
            format!("Period table certificate, {} games", thousands(n as u64))
        }
        C::Octal(c) => format!(
            "Octal-game certificate {}: {}",
            c.code,
            period(c.preperiod, c.period)
        ),
        C::OctalPeriodic(c) => format!(
            "Octal-game period certificate {}: {}",
            c.code,
            period(c.preperiod, c.period)
        ),
        C::Family(c) => format!("Family certificate {}", family(c.a, c.b, c.rho, c.from_k)),
        C::PrePeriodicFamily(c) => format!(
            "Pre-periodic family certificate {}",
            family(c.a, c.b, c.rho, c.from_k)
        ),
        C::Grundy(c) => format!(
            "Grundy's game certificate, heaps below {}",
            thousands(c.values.len() as u64)
        ),
        C::Avoidance(c) => {
            let geometry = match &c.geometry {
                G::TreeVertices { edges: e, .. } => {
                    format!("vertex geometry of the tree {}", edges(e))
                }
                G::TreeEdges { edges: e, .. } => {
                    format!(
                        "edge geometry of the tree {} (W: edges, numbered from 0)",
                        edges(e)
                    )
                }
                G::Affine { points } => format!("{} points of the plane", points.len()),
                G::Closure { points, .. } => format!("a convex geometry on {points} points"),
            };
            let win: Vec<u64> = match &c.geometry {
                G::TreeVertices { .. } => c.win.iter().map(|&w| u64::from(w) + 1).collect(),
                _ => c.win.iter().map(|&w| u64::from(w)).collect(),
            };
            format!(
                "Avoidance-game certificate: {geometry}, W = {}, nim {}",
                set(&win),
                c.nim
            )
        }
    }
}

/// The three moves of a counterexample written `{a,b,c}: …`.
fn three_moves(text: &str) -> Option<[u64; 3]> {
    let inner = text.strip_prefix('{')?.split_once('}')?.0;
    let moves: Vec<u64> = inner
        .split(',')
        .map(|s| s.trim().parse().ok())
        .collect::<Option<_>>()?;
    moves.try_into().ok()
}

/// The cells of the value word drawn in a picture on the page.
const PICTURE_CELLS: u64 = 400;

/// The `draw` picture of a game of three moves, as a `data:` image, with
/// the command that draws it.
fn picture(moves: &[u64; 3]) -> String {
    let [a, b, c] = *moves;
    let command = format!("nimcert draw {a},{b},{c} -o {a}-{b}-{c}.svg");
    let drawing = crate::pictures::draw::Drawing::new(
        moves,
        crate::solve::DEFAULT_MAX_POSITIONS,
        PICTURE_CELLS,
        crate::pictures::draw::DEFAULT_WRAP,
    );
    let img = match drawing {
        Ok(d) => format!(
            "<img class=\"draw\" alt=\"the game {{{a},{b},{c}}} in paper A's terms\" src=\"data:image/svg+xml;charset=utf-8,{}\">",
            percent(&d.svg_for(crate::pictures::Medium::Print))
        ),
        Err(_) => String::new(),
    };
    format!(
        "<figure class=\"picture\">{img}<figcaption>The smallest counterexample {{{a},{b},{c}}}: \
<code class=\"cmd\">{}</code></figcaption></figure>\n",
        escape(&command)
    )
}

const STYLE: &str = r#"
:root{--ink:#111;--muted:#555;--rule:#ccc;font-family:system-ui,"DejaVu Sans",sans-serif;color:var(--ink);background:#fff}
body{max-width:72rem;margin:0 auto;padding:1rem 1.5rem;line-height:1.4}
h1{margin:.2rem 0}h2{margin-top:2rem;border-bottom:2px solid var(--ink)}h3{font-size:1.1rem;margin:1.2rem 0 .4rem}
h4{display:inline;font-size:1.05rem;margin:0}h4 a{color:inherit}h5{margin:.6rem 0 .2rem;font-size:.95rem}
.papers h2{font-size:1.1rem;margin-top:.8rem;border:0}.papers ul{margin:.2rem 0;padding-left:1.3rem}
details.group{margin:.5rem 0;border:1px solid var(--rule);padding:.2rem .6rem}details.group>summary{cursor:pointer}
details.group>summary h3{display:inline;margin:.3rem 0}
article.correction{margin-left:2rem;border-left-color:#99ddff}
.cite{color:var(--muted)}a.paper{color:inherit}
math{font-size:1.05em}blockquote math{font-style:normal}
.what{color:var(--muted)}
table.summary{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}
table.summary th,table.summary td{border:1px solid var(--rule);padding:.2rem .45rem;text-align:right}
table.summary th[scope=row]{text-align:left;font-weight:normal}
table.summary .badge{min-width:0;font-size:.8rem}
.filters{display:flex;gap:1rem;flex-wrap:wrap;align-items:center;margin:.6rem 0;padding:.5rem;background:#f4f4f4;border:1px solid var(--rule)}
.filters input{width:16rem}
.badge{display:inline-block;min-width:7.5rem;padding:.05rem .4rem;border-radius:.25rem;font-size:.85rem;font-weight:600;border:2px solid #000;white-space:nowrap}
.badge.v-holds{background:#99ddff;color:#000;border-style:solid}
.badge.v-fails{background:#882255;color:#fff;border-style:solid;border-color:#000}
.badge.v-fragment{background:#f0e442;color:#000;border-style:dashed}
.badge.v-reconstructed{background:#cc79a7;color:#000;border-style:double;border-width:3px}
.badge.v-open{background:#77aadd;color:#000;border-style:dotted}
.badge.v-partly-checked{background:#aaaa00;color:#000;border-style:dashed}
.badge.v-not-checked{background:#dddddd;color:#000;border-style:dotted}
article.entry{border:1px solid var(--rule);border-left:6px solid var(--rule);padding:.5rem .8rem;margin:.7rem 0;break-inside:avoid}
article.v-fails{border-left-color:#882255}article.v-fragment{border-left-color:#f0e442}
article.v-partly-checked,article.v-not-checked{border-left-color:#aaaa00}
.status{font-weight:normal;color:var(--muted)}.kind{color:var(--muted);font-size:.85rem;margin:0 .5rem}.where{color:var(--muted);font-size:.9rem}
blockquote{margin:.4rem 0 .4rem 1rem;padding-left:.6rem;border-left:3px solid var(--rule);font-style:italic}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:.3rem 0;font-size:.92rem}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
ul.findings,ul.corrections{margin:.3rem 0;padding-left:1.3rem;font-size:.92rem}
.counterexamples{background:#fbf4f7;padding:.3rem .6rem;margin-top:.4rem}
pre{overflow:auto;max-height:24rem;background:#f6f6f6;padding:.4rem;font-size:.8rem}
code.cmd{background:#eee;padding:.05rem .3rem;user-select:all}
figure.picture img{max-width:100%;height:auto;border:1px solid var(--rule)}
.baseline{margin:.6rem 0;padding:.2rem .8rem}.baseline h2{margin:.3rem 0;border:0;font-size:1.1rem}
.baseline.changed{border:3px solid #882255}.baseline.same{border:1px solid var(--rule)}
.diff .add{background:#dff0df}.diff .del{background:#f6dde6}
[hidden]{display:none!important}
footer{margin-top:2rem;color:var(--muted);font-size:.85rem}
@media print{.filters{display:none!important}body{max-width:none}a{color:inherit;text-decoration:none}pre{max-height:none}}
"#;

/// The filters: verdict, group and search, settable from the URL hash
/// (`#verdict=fails&paper=A&q=text`); the page marks itself
/// `data-script="ready"` (the browser test's proof that this script, and
/// no other, ran) and `data-ready-ms` (milliseconds from the start of the
/// navigation to the end of this script: the page parsed and filtered).
const SCRIPT: &str = r##"
(function(){
"use strict";
var d=document,root=d.documentElement;
var entries=Array.prototype.slice.call(d.querySelectorAll("article.entry"));
function plain(f){if(!f.querySelector("math")){return f.textContent;}var c=f.cloneNode(true);c.querySelectorAll("math").forEach(function(m){m.replaceWith(m.getAttribute("alttext")||m.textContent);});return c.textContent;}
var texts=entries.map(function(e){var t=[];e.querySelectorAll("[data-field]").forEach(function(f){t.push(plain(f));});return t.join("\n").toLowerCase();});
var boxes=Array.prototype.slice.call(d.querySelectorAll(".box"));
var folds=Array.prototype.slice.call(d.querySelectorAll("details.group"));
var fv=d.getElementById("f-verdict"),fp=d.getElementById("f-paper"),fq=d.getElementById("f-search"),shown=d.getElementById("shown");
function params(){var o={};location.hash.replace(/^#/,"").split("&").forEach(function(kv){var i=kv.indexOf("=");if(i>0){try{o[kv.slice(0,i)]=decodeURIComponent(kv.slice(i+1).replace(/\+/g," "));}catch(e){}}});return o;}
function apply(){
 var v=fv.value,p=fp.value,q=fq.value.trim().toLowerCase(),n=0;
 entries.forEach(function(e,i){var ok=(!v||e.getAttribute("data-verdict")===v)&&(!p||e.getAttribute("data-paper")===p)&&(!q||texts[i].indexOf(q)>=0);e.hidden=!ok;if(ok){n++;}});
 boxes.forEach(function(g){g.hidden=!g.querySelector("article.entry:not([hidden])");});
 var filtered=!!(v||p||q);
 folds.forEach(function(f){var m=filtered&&!f.hidden;if(m&&!f.open){f.open=true;f.setAttribute("data-opened","filter");}else if(!m&&f.getAttribute("data-opened")==="filter"){f.open=false;f.removeAttribute("data-opened");}});
 shown.textContent=n+" of "+entries.length+" entries shown";
 root.setAttribute("data-shown",String(n));
}
function set(select,value){select.value=value;if(select.value!==value){select.value="";}}
function fromHash(){
 if(location.hash.indexOf("=")<0){
  var target=location.hash.length>1?d.getElementById(decodeURIComponent(location.hash.slice(1))):null;
  if(target&&target.closest("[hidden]")){fv.value="";fp.value="";fq.value="";apply();}
  var fold=target&&target.closest("details");
  if(fold&&!fold.open){fold.open=true;}
  if(target){target.scrollIntoView();}
  return;
 }
 var o=params();set(fv,o.verdict||"");set(fp,o.paper||"");fq.value=o.q||"";apply();
}
function toHash(){
 var parts=[];
 if(fv.value){parts.push("verdict="+encodeURIComponent(fv.value));}
 if(fp.value){parts.push("paper="+encodeURIComponent(fp.value));}
 if(fq.value){parts.push("q="+encodeURIComponent(fq.value));}
 try{history.replaceState(null,"",parts.length?"#"+parts.join("&"):location.pathname+location.search);}catch(e){}
 apply();
}
fv.addEventListener("change",toHash);fp.addEventListener("change",toHash);fq.addEventListener("input",toHash);
d.getElementById("filters").addEventListener("submit",function(e){e.preventDefault();});
window.addEventListener("hashchange",fromHash);
d.getElementById("filters").hidden=false;
if(location.hash.indexOf("=")>=0){fromHash();}else{apply();if(location.hash.length>1){fromHash();}}
root.setAttribute("data-script","ready");
if(window.performance){root.setAttribute("data-ready-ms",String(Math.round(performance.now())));}
})();
"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup_quotes_and_ampersands() {
        assert_eq!(
            escape("<script>alert(\"x\" & 'y')</script>"),
            "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;"
        );
        assert_eq!(escape("Θ_(a+b) ⊕ plain"), "Θ_(a+b) ⊕ plain");
    }

    #[test]
    fn linkify_links_addresses_and_escapes_the_rest() {
        assert_eq!(
            linkify("see https://oeis.org/A071444. <b>"),
            "see <a class=\"source\" href=\"https://oeis.org/A071444\" rel=\"noreferrer\">https://oeis.org/A071444</a>. &lt;b&gt;"
        );
        // A quote ends the address: no attribute can be opened from text.
        let hostile = linkify("https://x.org/\"onmouseover=\"alert(1)");
        assert!(hostile.contains("href=\"https://x.org/\""), "{hostile}");
        assert!(hostile.contains("&quot;onmouseover=&quot;"), "{hostile}");
        // No scheme but http(s) becomes a link.
        assert_eq!(linkify("javascript:alert(1)"), "javascript:alert(1)");
        assert_eq!(linkify("http:// alone"), "http:// alone");
    }

    #[test]
    fn percent_keeps_only_unreserved_characters() {
        assert_eq!(percent("a b<\"#%é"), "a%20b%3C%22%23%25%C3%A9");
    }

    #[test]
    fn three_moves_reads_a_game_of_three_moves_only() {
        assert_eq!(three_moves("{2,3,10}: purely periodic"), Some([2, 3, 10]));
        assert_eq!(three_moves("{2,4}: Z − Λ = []"), None);
        assert_eq!(three_moves("tree 1-2 W={1,2}"), None);
    }

    #[test]
    fn groups_keep_the_order_of_the_text() {
        assert_eq!(group("A.Prop29.nondiv"), "A");
        assert_eq!(group("broken"), "broken");
    }
}
