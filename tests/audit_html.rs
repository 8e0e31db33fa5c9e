//! The audit page (`nimcert audit --format html`, issue 25) as a reader
//! sees it: rendered by headless Chromium, asserted on the DOM it dumps.
//!
//! Every registry id is there once with the JSON report's verdict, counts
//! and texts; the URL hash filters hide exactly the entries that do not
//! match; nothing is logged to the console (no script error, no request
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

/// The text of some HTML: tags removed, entities decoded.
fn text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
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
    for (position, claim) in claims.iter().enumerate() {
        let id = claim["id"].as_str().unwrap();
        let e = by_id
            .get(id)
            .unwrap_or_else(|| panic!("{id} is not on the page"));
        assert_eq!(
            entries[position].attr("data-id"),
            id,
            "the order of the text"
        );
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
    for attr in ["src=\"", "href=\""] {
        for (i, _) in page.match_indices(attr) {
            let value = &page[i + attr.len()..];
            let ok = value.starts_with('#')
                || value.starts_with("data:")
                || (attr == "href=\""
                    && page[..i].ends_with("<a class=\"source\" ")
                    && (value.starts_with("https://") || value.starts_with("http://")));
            assert!(ok, "{attr}{}", &value[..value.len().min(80)]);
        }
    }
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

#[test]
fn a_screenshot_of_the_registry_page() {
    let Some(chromium) = chromium() else { return };
    let reg = registry();
    let shot = reg.page.with_file_name("audit-page.png");
    let profile = reg.page.with_file_name("profile-shot");
    let out = browser(&chromium, &profile)
        .arg(format!("--screenshot={}", shot.display()))
        .arg("--window-size=1000,1300")
        .arg(url(&reg.page, "#verdict=fails"))
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
