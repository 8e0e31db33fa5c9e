//! The audit page (`nimcert audit --format html`) as a reader sees it:
//! rendered by headless Chromium, asserted on the DOM it dumps.
//!
//! Every registry id is there once with the JSON report's verdict, counts
//! and texts; the findings come first and the entries that hold are
//! collapsed; the formulas are MathML that Chromium lays out; each paper
//! entry links to its paper, and both papers are cited; the URL hash
//! filters hide exactly the entries that do not match (and open the
//! collapsed groups that hold a match); nothing is logged to the console (no script error, no request
//! blocked by the page's Content Security Policy); the page names no
//! resource to fetch; hostile quotes and file names render as text; and
//! pages of 200 and 2,000 entries render (times printed).
//!
//! Needs `chromium` (or `chromium-browser`, or the path in
//! `NIMCERT_CHROMIUM`); without one each test prints a notice and passes
//! (CI installs it: `apt-get install -y chromium`). With
//! `NIMCERT_UPDATE_SCREENSHOT=1` the screenshot is also copied to
//! docs/audit-page.png.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn nimcert() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("nimcert-audit-html-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The browser, or `None` (with a notice) when none is installed.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("NIMCERT_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    eprintln!(
        "NOTICE: no chromium found (apt-get install -y chromium); the audit page's browser test is skipped"
    );
    None
}

/// What the browser made of a page.
struct Rendered {
    /// The DOM after the page's script ran (`--dump-dom`).
    dom: String,
    /// The page's console messages (errors, CSP violations, logs).
    console: Vec<String>,
    /// Wall time of the browser run.
    elapsed: Duration,
}

/// A fresh profile per run: parallel runs would share the default one.
fn browser(chromium: &Path, profile: &Path) -> Command {
    let mut c = Command::new(chromium);
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--hide-scrollbars",
        "--enable-logging=stderr",
        "--v=0",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}

fn url(page: &Path, hash: &str) -> String {
    let path = page.canonicalize().unwrap();
    format!("file://{}{hash}", path.display())
}

/// Renders `page` (with the URL `hash`, "" or "#…") and dumps its DOM.
fn render(chromium: &Path, page: &Path, hash: &str) -> Rendered {
    let profile = page.with_extension(format!("profile{}", hash.len()));
    let start = Instant::now();
    let out = browser(chromium, &profile)
        .arg("--dump-dom")
        .arg(url(page, hash))
        .output()
        .expect("chromium runs");
    let elapsed = start.elapsed();
    let _ = std::fs::remove_dir_all(&profile);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "chromium failed: {stderr}");
    let console = stderr
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    Rendered {
        dom: String::from_utf8(out.stdout).unwrap(),
        console,
        elapsed,
    }
}

/// One `<article class="entry">` of the dumped DOM.
struct Entry {
    attrs: BTreeMap<String, String>,
    /// Its text, tags removed, entities decoded.
    text: String,
    /// Its HTML.
    html: String,
}

impl Entry {
    fn attr(&self, name: &str) -> &str {
        self.attrs.get(name).map_or("", String::as_str)
    }
    fn hidden(&self) -> bool {
        self.attrs.contains_key("hidden")
    }
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// The attributes of an opening tag's inside (`article a="1" hidden=""`).
fn attributes(tag: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut rest = tag.split_once(char::is_whitespace).map_or("", |(_, r)| r);
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let end = rest.find(['=', ' ']).unwrap_or(rest.len());
        let name = rest[..end].to_string();
        if rest[end..].starts_with("=\"") {
            let value_end = rest[end + 2..].find('"').expect("closed attribute");
            out.insert(name, unescape(&rest[end + 2..end + 2 + value_end]));
            rest = &rest[end + 2 + value_end + 1..];
        } else {
            out.insert(name, String::new());
            rest = &rest[end..];
        }
    }
    out
}

/// The text of some HTML: each `<math>` replaced by its source (its
/// `alttext`), tags removed, entities decoded.
fn text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    let mut html_without_math = String::new();
    while let Some(i) = rest.find("<math") {
        html_without_math += &rest[..i];
        let tag_end = rest[i..].find('>').map_or(rest.len(), |e| i + e);
        let attrs = attributes(&rest[i + 1..tag_end]);
        html_without_math += &attrs
            .get("alttext")
            .expect("every formula has its source")
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        rest = rest[i..].split_once("</math>").map_or("", |(_, r)| r);
    }
    html_without_math += rest;
    let mut rest = html_without_math.as_str();
    while let Some(i) = rest.find('<') {
        out += &rest[..i];
        rest = rest[i..].split_once('>').map_or("", |(_, r)| r);
    }
    out += rest;
    unescape(&out)
}

fn entries(dom: &str) -> Vec<Entry> {
    dom.split("<article ")
        .skip(1)
        .map(|chunk| {
            let (tag, rest) = chunk.split_once('>').unwrap();
            let html = rest.split("</article>").next().unwrap().to_string();
            Entry {
                attrs: attributes(&format!("article {tag}")),
                text: text(&html),
                html,
            }
        })
        .collect()
}

/// Runs nimcert; returns its exit code and stderr.
fn run(args: &[&str]) -> (i32, String) {
    let out = nimcert()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `nimcert audit FLAGS… --format FORMAT -o OUT`: its exit status and
/// standard error.
fn audit_to(flags: &[&str], format: &str, out: &Path) -> (i32, String) {
    let mut args = vec!["audit"];
    args.extend_from_slice(flags);
    args.extend(["--format", format, "-o", out.to_str().unwrap()]);
    run(&args)
}

/// The registry's page and JSON report (made once for every test).
struct Registry {
    page: PathBuf,
    json: serde_json::Value,
}

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let dir = temp_dir("registry");
        let page = dir.join("report.html");
        let json = dir.join("report.json");
        let baseline = "audit.expected";
        let (html_run, json_run) = std::thread::scope(|s| {
            let h = s.spawn(|| audit_to(&["--baseline", baseline], "html", &page));
            let j = s.spawn(|| audit_to(&["--baseline", baseline], "json", &json));
            (h.join().unwrap(), j.join().unwrap())
        });
        assert_eq!(html_run.0, 0, "{}", html_run.1);
        assert_eq!(json_run.0, 0, "{}", json_run.1);
        let json = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        Registry { page, json }
    })
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    match v {
        serde_json::Value::Array(items) => items.iter().flat_map(strings).collect(),
        serde_json::Value::String(s) => vec![s.clone()],
        _ => Vec::new(),
    }
}

#[test]
fn the_registry_page_has_the_json_reports_content_entry_for_entry() {
    let Some(chromium) = chromium() else { return };
    let reg = registry();
    let rendered = render(&chromium, &reg.page, "");
    assert!(
        rendered.console.is_empty(),
        "console: {:#?}",
        rendered.console
    );
    assert!(
        rendered.dom.contains("data-script=\"ready\""),
        "the page's script did not run"
    );
    let entries = entries(&rendered.dom);
    let claims = reg.json["claims"].as_array().unwrap();
    assert!(
        claims.len() > 150,
        "the registry has {} claims",
        claims.len()
    );
    assert_eq!(entries.len(), claims.len(), "one article per claim");
    let mut by_id: BTreeMap<&str, &Entry> = BTreeMap::new();
    for e in &entries {
        assert!(
            by_id.insert(e.attr("data-id"), e).is_none(),
            "{} twice",
            e.attr("data-id")
        );
        assert!(!e.hidden(), "{} hidden without a filter", e.attr("data-id"));
    }
    // The findings come first, by verdict, each in the order of the text;
    // then the entries that hold (but the corrections of a finding, shown
    // with it), collapsed.
    let (findings_part, holds_part) = rendered
        .dom
        .split_once("id=\"holds\"")
        .expect("a part for the entries that hold");
    let in_findings = self::entries(findings_part);
    let in_holds = self::entries(holds_part);
    assert_eq!(in_findings.len() + in_holds.len(), entries.len());
    let verdict_of = |id: &str| {
        claims
            .iter()
            .find(|c| c["id"] == id)
            .map(|c| c["verdict"].as_str().unwrap().to_string())
            .unwrap()
    };
    let findings_json: Vec<&str> = claims
        .iter()
        .filter(|c| c["verdict"] != "holds")
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(findings_json.len() > 20, "{} findings", findings_json.len());
    let findings_page: Vec<&str> = in_findings
        .iter()
        .filter(|e| e.attr("data-verdict") != "holds")
        .map(|e| e.attr("data-id"))
        .collect();
    let order = [
        "fails",
        "fragment",
        "reconstructed",
        "open",
        "partly checked",
        "not checked",
    ];
    let mut expected = findings_json.clone();
    expected.sort_by_key(|id| order.iter().position(|v| *v == verdict_of(id)));
    assert_eq!(
        findings_page, expected,
        "the findings, by verdict, in the order of the text"
    );
    assert_eq!(
        in_findings[0].attr("data-verdict"),
        "fails",
        "the page opens on a failure"
    );
    for e in &in_findings {
        if e.attr("data-verdict") == "holds" {
            assert!(
                e.attrs["class"].contains("correction") && !e.attr("data-id").is_empty(),
                "{}: a holding entry among the findings is a correction",
                e.attr("data-id")
            );
        }
    }
    assert!(in_holds.iter().all(|e| e.attr("data-verdict") == "holds"));
    assert!(in_holds.len() > 100, "{} entries hold", in_holds.len());
    let folds: Vec<&str> = holds_part
        .split("<details class=\"group box\"")
        .skip(1)
        .collect();
    assert!(
        folds.len() >= 3,
        "one collapsed group per paper and the octal records"
    );
    for fold in &folds {
        let tag = fold.split('>').next().unwrap();
        assert!(
            !tag.contains(" open"),
            "a group of holding entries is open: {tag}"
        );
    }
    assert_eq!(
        holds_part.matches("<article ").count(),
        folds
            .iter()
            .map(|f| f
                .split("</details>")
                .next()
                .unwrap()
                .matches("<article ")
                .count())
            .sum::<usize>(),
        "every holding entry is inside a collapsed group"
    );
    // Both papers are cited in the header, and each of their entries links
    // to its paper's arXiv page.
    let header = rendered.dom.split("<main>").next().unwrap();
    for cite in [
        "Hikaru Manabe, <cite>Purely Periodic Three-move Subtraction Games</cite>, 2026, arXiv:2609.05358",
        "Seomgeun Shim, <cite>Impartial Avoidance Games on Convex Geometries</cite>, 2025, arXiv:2512.06267",
    ] {
        assert!(header.contains(cite), "{cite}");
    }
    for e in &entries {
        let id = e.attr("data-id");
        let link = match id.split('.').next() {
            Some("A") => Some("href=\"https://arxiv.org/abs/2609.05358\""),
            Some("B") => Some("href=\"https://arxiv.org/abs/2512.06267\""),
            _ => None,
        };
        if let Some(link) = link {
            let place = e.html.split("data-field=\"location\">").nth(1).unwrap();
            assert!(
                place.starts_with(&format!("<a class=\"paper\" {link}")),
                "{id}: {place}"
            );
        }
    }
    // The formulas are MathML: the statements of paper A's Proposition 7
    // and Theorem 30 are typeset, a statement without a formula is not.
    let prop7 = by_id["A.Prop7"];
    assert!(
        prop7
            .html
            .contains("<math alttext=\"(0^a 1^a)^((η+1)/2) 0^ε 1^a\"")
            || prop7.html.contains("<msup>"),
        "{}",
        prop7.html
    );
    assert!(
        by_id["A.Thm30"].html.contains("<msub><mi>Θ</mi>"),
        "Θ_(c+b) is typeset"
    );
    let plain = by_id["A.Lemma47.proof"]
        .html
        .split("data-field=\"statement\">")
        .nth(1)
        .unwrap();
    assert!(
        !plain
            .split("</blockquote>")
            .next()
            .unwrap()
            .contains("<math"),
        "{plain}"
    );
    // The certificates have readable names, not files or hashes.
    for e in &entries {
        for name in e.html.split("data-field=\"certificate-name\">").skip(1) {
            let name = text(name.split("</span>").next().unwrap());
            assert!(
                name.contains("certificate"),
                "{}: {name}",
                e.attr("data-id")
            );
            assert!(
                !name.contains(".ron") && !name.contains('/'),
                "{}: {name}",
                e.attr("data-id")
            );
        }
    }
    assert!(
        by_id["B.Prop.W1"]
            .text
            .contains("Avoidance-game certificate: vertex geometry of the tree "),
        "{}",
        by_id["B.Prop.W1"].text
    );
    for claim in claims.iter() {
        let id = claim["id"].as_str().unwrap();
        let e = by_id
            .get(id)
            .unwrap_or_else(|| panic!("{id} is not on the page"));
        let verdict = claim["verdict"].as_str().unwrap();
        assert_eq!(e.attr("data-verdict"), verdict, "{id}");
        assert!(
            e.html.contains(&format!("data-badge=\"{verdict}\"")),
            "{id}: its badge is not '{verdict}'"
        );
        for count in ["applicable", "failing", "unchecked"] {
            assert_eq!(
                e.attr(&format!("data-{count}")),
                claim[count].to_string(),
                "{id} {count}"
            );
        }
        for field in [
            "statement",
            "location",
            "hypotheses",
            "range",
            "counterexamples",
            "not_checked",
            "corrected_by",
            "corrects",
            "correction_finding",
            "note",
            "kind_note",
        ] {
            for s in strings(&claim[field]) {
                assert!(
                    e.text.contains(&s),
                    "{id}: its {field} '{s}' is not on the page"
                );
            }
        }
        let accepted = claim["certificates_accepted"].as_bool();
        let certificates = e.html.matches("class=\"certificate\"").count();
        if accepted == Some(true) {
            assert!(certificates > 0, "{id}: no certificate embedded");
            assert!(e.text.contains("nimcheck "), "{id}: no nimcheck command");
        }
        if claim["counterexamples"].as_array().unwrap().is_empty() {
            assert_eq!(certificates, 0, "{id}");
        }
    }
    // The summary's last row counts every verdict as the JSON report does.
    let summary = rendered.dom.split("data-summary=\"\"").nth(1).unwrap();
    let summary = summary.split("</tr>").next().unwrap();
    for (verdict, n) in reg.json["verdicts"].as_object().unwrap() {
        let cell = summary
            .split(&format!("<td data-verdict=\"{verdict}\">"))
            .nth(1)
            .unwrap()
            .split("</td>")
            .next()
            .unwrap();
        assert_eq!(text(cell), n.to_string(), "summary of {verdict}");
    }
    assert!(rendered
        .dom
        .contains("Every verdict and count equals the baseline"));
    // Paper A's smallest counterexample of three moves is drawn.
    let families = by_id["A.Sec6.families"];
    assert!(
        families.html.contains("src=\"data:image/svg+xml"),
        "no picture"
    );
    assert!(families.text.contains("nimcert draw 2,3,10"));
    println!(
        "registry page: {} entries, parsed and filtered in the page after {} ms; chromium start, load and dump {:?}",
        entries.len(),
        ready_ms(&rendered.dom),
        rendered.elapsed
    );
}

#[test]
fn the_url_hash_filters_hide_exactly_the_entries_that_do_not_match() {
    let Some(chromium) = chromium() else { return };
    let reg = registry();
    for (hash, keep) in [
        (
            "#verdict=fails&paper=B",
            &(|e: &Entry| e.attr("data-verdict") == "fails" && e.attr("data-paper") == "B")
                as &dyn Fn(&Entry) -> bool,
        ),
        ("#verdict=partly%20checked", &|e: &Entry| {
            e.attr("data-verdict") == "partly checked"
        }),
        ("#paper=O", &|e: &Entry| e.attr("data-id").starts_with("O.")),
        ("#q=prop29", &|e: &Entry| {
            e.attr("data-id").starts_with("A.Prop29") || e.text.to_lowercase().contains("prop29")
        }),
    ] {
        let rendered = render(&chromium, &reg.page, hash);
        assert!(
            rendered.console.is_empty(),
            "{hash}: {:#?}",
            rendered.console
        );
        let entries = entries(&rendered.dom);
        let shown: Vec<&str> = entries
            .iter()
            .filter(|e| !e.hidden())
            .map(|e| e.attr("data-id"))
            .collect();
        assert!(!shown.is_empty(), "{hash}: nothing shown");
        assert!(shown.len() < entries.len(), "{hash}: nothing hidden");
        for e in &entries {
            assert_eq!(!e.hidden(), keep(e), "{hash}: {}", e.attr("data-id"));
        }
        assert!(
            rendered.dom.contains(&format!(
                "{} of {} entries shown",
                shown.len(),
                entries.len()
            )),
            "{hash}: the count shown"
        );
        // A collapsed group that holds a match is opened.
        for fold in rendered.dom.split("<details class=\"group box\"").skip(1) {
            let tag = fold.split('>').next().unwrap();
            let body = fold.split("</details>").next().unwrap();
            let matched = entries_shown(body).len();
            assert_eq!(tag.contains(" open"), matched > 0, "{hash}: {tag}");
        }
    }
}

#[test]
fn the_page_names_nothing_to_fetch() {
    let reg = registry();
    let page = std::fs::read_to_string(&reg.page).unwrap();
    assert!(page.contains(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;;"
    ));
    for needle in [
        "<link", "<iframe", "<object", "<embed", "@import", "url(", "<base",
    ] {
        assert!(!page.contains(needle), "the page has {needle}");
    }
    assert_eq!(page.matches("<script").count(), 1, "one inline script");
    assert!(page.contains("<script>"), "the script is inline");
    // Every address is a plain link a reader follows (a source of the
    // octal records, or one of the two papers); nothing is loaded.
    let papers = [
        "https://arxiv.org/abs/2609.05358\"",
        "https://arxiv.org/abs/2512.06267\"",
    ];
    for attr in [
        "src=\"",
        "href=\"",
        "srcset=\"",
        "action=\"",
        "xlink:href=\"",
        "data=\"",
    ] {
        for (i, _) in page.match_indices(attr) {
            let value = &page[i + attr.len()..];
            let ok = value.starts_with('#')
                || (attr == "src=\"" && value.starts_with("data:"))
                || (attr == "href=\""
                    && (value.starts_with("data:")
                        || (page[..i].ends_with("<a class=\"source\" ")
                            && (value.starts_with("https://") || value.starts_with("http://")))
                        || (page[..i].ends_with("<a class=\"paper\" ")
                            && papers.iter().any(|p| value.starts_with(p)))));
            assert!(ok, "{attr}{}", &value[..value.len().min(80)]);
        }
    }
    let links = page
        .matches("<a class=\"paper\" href=\"https://arxiv.org/abs/")
        .count();
    assert!(links > 150, "{links} links to the papers");
    // The registry's octal entries link their sources.
    assert!(page.contains("href=\"https://oeis.org/A071444\""));
}

/// Writes a claim file of `n` trivial claims (`G(0) == 0` for {1, 2}).
fn bulk(dir: &Path, n: usize, failing: Option<usize>) -> PathBuf {
    let mut text = String::new();
    for k in 1..=n {
        let assert = if failing == Some(k) {
            "G(0) == 1"
        } else {
            "G(0) == 0"
        };
        text += &format!(
            "[[claim]]\nid = \"Bulk.c{k:04}\"\nsource = \"generated, entry {k}\"\nquote = \"G(0) = 0 for the moves 1 and 2 (entry {k})\"\nkind = \"theorem\"\ngame = \"{{1, 2}}\"\nassert = \"{assert}\"\n\n"
        );
    }
    let path = dir.join(format!("bulk-{n}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn pages_of_200_and_2000_entries_render() {
    let Some(chromium) = chromium() else { return };
    let dir = temp_dir("bulk");
    for n in [200, 2000] {
        let claims = bulk(&dir, n, None);
        let page = dir.join(format!("bulk-{n}.html"));
        let start = Instant::now();
        let (code, stderr) = audit_to(&["--claims", claims.to_str().unwrap()], "html", &page);
        let audit = start.elapsed();
        assert_eq!(code, 0, "{stderr}");
        let rendered = render(&chromium, &page, "");
        assert!(rendered.console.is_empty(), "{:#?}", rendered.console);
        let entries = entries(&rendered.dom);
        assert_eq!(entries.len(), n);
        assert!(entries
            .iter()
            .all(|e| !e.hidden() && e.attr("data-verdict") == "holds"));
        assert!(rendered.dom.contains(&format!("data-shown=\"{n}\"")));
        let filtered = render(&chromium, &page, "#q=c0199");
        let shown: Vec<&str> = entries_shown(&filtered.dom);
        assert_eq!(shown, ["Bulk.c0199"]);
        let bytes = std::fs::metadata(&page).unwrap().len();
        println!(
            "{n} entries: page {bytes} bytes written in {audit:?}; parsed and filtered in the page after {} ms; \
chromium start, load and dump {:?}, with a search {:?}",
            ready_ms(&rendered.dom),
            rendered.elapsed,
            filtered.elapsed
        );
        assert!(
            rendered.elapsed < Duration::from_secs(30),
            "{n} entries took {:?}",
            rendered.elapsed
        );
    }
}

/// The page's own measure: milliseconds from the navigation to the end of
/// its script.
fn ready_ms(dom: &str) -> u64 {
    let ms = dom.split("data-ready-ms=\"").nth(1).expect("data-ready-ms");
    ms.split('"').next().unwrap().parse().unwrap()
}

fn entries_shown(dom: &str) -> Vec<&str> {
    dom.split("<article ")
        .skip(1)
        .filter_map(|chunk| {
            let tag = chunk.split('>').next()?;
            if tag.contains(" hidden") {
                return None;
            }
            let id = tag.split("data-id=\"").nth(1)?.split('"').next()?;
            Some(id)
        })
        .collect()
}

#[test]
fn hostile_quotes_and_file_names_render_as_text() {
    let Some(chromium) = chromium() else { return };
    let dir = temp_dir("hostile");
    let quote = r#"<script>document.documentElement.setAttribute('data-pwned','1')</script> "quoted" & 'single' </blockquote>"#;
    let source = r#"<img src=x onerror="document.documentElement.setAttribute('data-pwned','2')"> https://example.org/"onmouseover="x"#;
    let claims = dir.join("<b>hostile & \"name\".toml");
    std::fs::write(
        &claims,
        format!(
            "[[claim]]\nid = \"Hostile.quote\"\nsource = '''{source}'''\nquote = '''{quote}'''\nkind = \"theorem\"\ngame = \"{{1, 2}}\"\nassert = \"G(0) == 0\"\n"
        ),
    )
    .unwrap();
    let page = dir.join("hostile.html");
    let (code, stderr) = audit_to(&["--claims", claims.to_str().unwrap()], "html", &page);
    assert_eq!(code, 0, "{stderr}");
    let rendered = render(&chromium, &page, "");
    assert!(rendered.console.is_empty(), "{:#?}", rendered.console);
    assert!(rendered.dom.contains("data-script=\"ready\""));
    assert!(
        !rendered.dom.contains("data-pwned=\""),
        "a hostile script ran"
    );
    assert_eq!(
        rendered.dom.matches("<script").count(),
        1,
        "only the page's script"
    );
    assert!(!rendered.dom.contains("<img src=\"x\""), "a hostile image");
    let entries = entries(&rendered.dom);
    assert_eq!(entries.len(), 1);
    assert!(entries[0].text.contains(quote), "{}", entries[0].text);
    assert!(entries[0].text.contains(source), "{}", entries[0].text);
    let file = rendered
        .dom
        .split("data-field=\"claim-file\">")
        .nth(1)
        .unwrap();
    assert_eq!(
        text(file.split("</code>").next().unwrap()),
        claims.display().to_string()
    );
}

#[test]
fn a_changed_baseline_is_shown_at_the_top() {
    let Some(chromium) = chromium() else { return };
    let dir = temp_dir("baseline");
    let before = bulk(&dir, 3, None);
    let baseline = dir.join("baseline.json");
    let (code, stderr) = run(&[
        "audit",
        "--claims",
        before.to_str().unwrap(),
        "--write-baseline",
        baseline.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let after = bulk(&dir, 3, Some(2));
    let page = dir.join("changed.html");
    let (code, _) = audit_to(
        &[
            "--claims",
            after.to_str().unwrap(),
            "--baseline",
            baseline.to_str().unwrap(),
        ],
        "html",
        &page,
    );
    assert_eq!(code, 1, "a change from the baseline exits 1");
    let rendered = render(&chromium, &page, "");
    assert!(rendered.console.is_empty(), "{:#?}", rendered.console);
    let top = rendered.dom.split("<main>").next().unwrap();
    assert!(top.contains("Baseline: changed"), "{top}");
    let added: Vec<String> = top
        .split("<span class=\"add\">")
        .skip(1)
        .map(|s| text(s.split("</span>").next().unwrap()))
        .collect();
    assert_eq!(added.len(), 1, "{added:?}");
    assert!(added[0].starts_with("+Bulk.c0002: fails"), "{added:?}");
}

/// Chromium lays the formulas out as MathML: a copy of the registry page
/// with a second script (the test's own) measures the first formula of a
/// statement and a subscript in it.
#[test]
fn the_formulas_are_laid_out_as_mathml() {
    let Some(chromium) = chromium() else { return };
    let reg = registry();
    let page = std::fs::read_to_string(&reg.page).unwrap();
    let probe = r##"<script>(function(){var r=document.documentElement;
var m=document.querySelector("#entry-A\\.Thm30 blockquote math");
var b=m.getBoundingClientRect();r.setAttribute("data-math-box",Math.round(b.width)+"x"+Math.round(b.height));
r.setAttribute("data-math-display",getComputedStyle(m).display);
var s=m.querySelector("msub");var base=s.children[0].getBoundingClientRect(),sub=s.children[1].getBoundingClientRect();
r.setAttribute("data-sub-lower",String(sub.bottom>base.bottom&&sub.left>=base.right-1));
r.setAttribute("data-math-count",String(document.querySelectorAll("math").length));})();</script>"##;
    let copy = reg.page.with_file_name("probe.html");
    std::fs::write(&copy, page.replace("</body>", &format!("{probe}</body>"))).unwrap();
    // Opened on the entry, so that its collapsed group (if any) is open.
    let rendered = render(&chromium, &copy, "#entry-A.Thm30");
    assert!(rendered.console.is_empty(), "{:#?}", rendered.console);
    let attr = |name: &str| -> String {
        rendered
            .dom
            .split(&format!("{name}=\""))
            .nth(1)
            .unwrap_or_else(|| panic!("no {name}"))
            .split('"')
            .next()
            .unwrap()
            .to_string()
    };
    let bbox = attr("data-math-box");
    let (w, h) = bbox.split_once('x').unwrap();
    let (w, h): (u32, u32) = (w.parse().unwrap(), h.parse().unwrap());
    assert!(w > 20 && h > 8, "the formula's box is {bbox}");
    let display = attr("data-math-display");
    assert!(
        !display.is_empty() && display != "none",
        "display: {display}"
    );
    assert_eq!(
        attr("data-sub-lower"),
        "true",
        "the subscript sits lower, after its base"
    );
    let count: usize = attr("data-math-count").parse().unwrap();
    assert!(count > 200, "{count} formulas");
    println!("the first formula of A.Thm30: {bbox} px; {count} formulas on the page");
}

#[test]
fn a_screenshot_of_the_registry_page() {
    let Some(chromium) = chromium() else { return };
    let reg = registry();
    let shot = reg.page.with_file_name("audit-page.png");
    let profile = reg.page.with_file_name("profile-shot");
    let out = browser(&chromium, &profile)
        .arg(format!("--screenshot={}", shot.display()))
        .arg("--window-size=1000,1300")
        .arg(url(&reg.page, ""))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&profile);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let png = std::fs::read(&shot).unwrap();
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000,
        "{} bytes",
        png.len()
    );
    if std::env::var_os("NIMCERT_UPDATE_SCREENSHOT").is_some() {
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/docs/audit-page.png"),
            &png,
        )
        .unwrap();
    }
}
