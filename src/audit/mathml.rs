//! The formulas of the statements as MathML (for the audit page).
//!
//! The registry writes formulas in a plain notation: subscripts `_x` and
//! `_(…)` / `_{…}`, superscripts `^x` and `^(…)` / `^{…}` (the outer
//! brackets of a script are grouping, not printed), Greek letters, `⌊⌋`,
//! `∪`, `⟺`, `≤`, `W0` for W₀, and so on, inside English prose.
//! [`render`] finds the formulas in such a text and writes each as a
//! `<math>` element (MathML Core, which browsers render without any
//! external resource); everything else stays plain, escaped text.
//!
//! A formula is a stretch of text between prose words (English words of
//! three letters or more, common two-letter words) cut at top-level
//! `, `, `; ` and `: ` and at spaces between two operands, that holds an
//! operand and a sign of mathematics: a script, a Greek or script letter,
//! or an operator such as `=`, `≤`, `∈`, `∪`, `⌊`, `+`. A stretch without
//! one (`{2,3,10}`, `15,385`, `a`) stays text. Every `<math>` carries its
//! source as `alttext`, so the page's search and its tests can read the
//! statement as written. Every character of the input reaches the output
//! escaped; no input panics.

/// Escapes text for HTML content and attribute values: `&`, `<`, `>`,
/// `"` and `'`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The text as HTML, its formulas as `<math>` elements.
pub fn render(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() * 2);
    let mut i = 0;
    let mut stretch_start = 0;
    while i < chars.len() {
        if let Some(end) = prose_word(&chars, i) {
            out += &stretch(&chars[stretch_start..i]);
            out += &escape(&chars[i..end].iter().collect::<String>());
            i = end;
            stretch_start = end;
        } else {
            i += 1;
        }
    }
    out += &stretch(&chars[stretch_start..]);
    out
}

/// Whether the text has a formula [`render`] typesets.
pub fn has_formula(text: &str) -> bool {
    render(text).contains("<math")
}

/// Letters of prose (ASCII and Latin accented letters); Greek and the
/// mathematical alphabets are letters of formulas.
fn prose_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || (('\u{c0}'..='\u{24f}').contains(&c) && c.is_alphabetic())
}

fn math_letter(c: char) -> bool {
    c.is_alphabetic() && !prose_letter(c)
}

/// Names of functions written in formulas, upright.
const FUNCTIONS: &[&str] = &[
    "mex", "nim", "pty", "gcd", "lcm", "min", "max", "type", "Opt", "Ex", "EX", "DNG", "GEN",
    "conv", "deg", "dim", "lim", "log", "exp", "sup", "inf", "mod",
];

/// Names that are never prose (`for a = min S`).
const ALWAYS_MATH: &[&str] = &["mod", "min", "max", "mex", "gcd", "lcm", "pty"];

/// Two-letter words of prose (any other two-letter run is a product or a
/// name in a formula: `ta`, `KN`, `mN`).
const SHORT_WORDS: &[&str] = &[
    "an", "as", "at", "be", "by", "do", "if", "in", "is", "it", "no", "of", "on", "or", "so", "to",
    "up", "we", "me", "my", "us",
];

/// If a prose word starts at `i`, its end.
fn prose_word(chars: &[char], i: usize) -> Option<usize> {
    if !prose_letter(chars[i]) {
        return None;
    }
    if i > 0 {
        let before = chars[i - 1];
        if prose_letter(before)
            || before.is_ascii_digit()
            || "_^".contains(before)
            || math_letter(before)
        {
            return None;
        }
    }
    // Letters, with inner hyphens and apostrophes ("non-additive", "P-positions", "Ward's").
    let mut end = i;
    loop {
        while end < chars.len() && prose_letter(chars[end]) {
            end += 1;
        }
        if end + 1 < chars.len() && "-'’".contains(chars[end]) && prose_letter(chars[end + 1]) {
            end += 1;
            continue;
        }
        break;
    }
    if end < chars.len()
        && (chars[end].is_ascii_digit() || "_^".contains(chars[end]) || math_letter(chars[end]))
    {
        return None;
    }
    let word: String = chars[i..end].iter().collect();
    let letters = word.chars().filter(|&c| prose_letter(c)).count();
    let hyphenated = word.contains(['-', '\'', '’']);
    let next = chars.get(end).copied();
    if ALWAYS_MATH.contains(&word.as_str())
        || (FUNCTIONS.contains(&word.as_str()) && next == Some('('))
    {
        return None;
    }
    let prose = hyphenated
        || letters >= 3
        || SHORT_WORDS.contains(&word.to_lowercase().as_str())
            && word.chars().skip(1).all(|c| c.is_ascii_lowercase());
    prose.then_some(end)
}

/// Characters that open and close a group.
const OPEN: &str = "([{⌊⌈⟨";
const CLOSE: &str = ")]}⌋⌉⟩";

/// Operators: a stretch with one of them (and an operand) is a formula.
const SIGNS: &str = "=≠<>≤≥⩽⩾∈∉∋⊂⊆⊄⊊⊃⊇∪∩⋃⋂⊔⟺⇔⇒⟹→↦≡⊕∖\\+−×·∤⌊⌈∀∃¬∧∨≅≈∣∅";

/// Operators of a formula that do not make one by themselves.
const OPERATORS: &str = "=≠<>≤≥⩽⩾∈∉∋⊂⊆⊄⊊⊃⊇∪∩⋃⋂⊔⟺⇔⇒⟹→↦≡⊕∖\\+−×·∤∀∃¬∧∨≅≈∣-/|:;,!#*%∘…⋯.?\"'′’";

/// A stretch between prose words: its pieces, each a formula or text.
fn stretch(chars: &[char]) -> String {
    let mut out = String::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if OPEN.contains(c) {
            depth += 1;
        } else if CLOSE.contains(c) {
            depth -= 1;
        }
        let cut = depth <= 0
            && c.is_whitespace()
            && i > start
            && (matches!(chars[i - 1], ',' | ';' | ':') || between_operands(chars, i));
        if cut {
            out += &piece(&chars[start..i]);
            out.push(c);
            start = i + 1;
            depth = 0;
        }
        i += 1;
    }
    out += &piece(&chars[start..]);
    out
}

/// Whether the space at `i` lies between two operands (`D_ρ (P = c+b)`,
/// `0^ε 1^a`): the formula is cut there.
fn between_operands(chars: &[char], i: usize) -> bool {
    let before = chars[..i].iter().rev().find(|c| !c.is_whitespace());
    let after = chars[i..].iter().find(|c| !c.is_whitespace());
    // `c ≡ ρ (mod m)` is one formula.
    let rest: String = chars[i..]
        .iter()
        .skip_while(|c| c.is_whitespace())
        .take(4)
        .collect();
    let back: String = chars[..i]
        .iter()
        .rev()
        .skip_while(|c| c.is_whitespace())
        .take(4)
        .collect();
    // `c ≡ 1 mod 7` too.
    if rest == "(mod" || rest.starts_with("mod") || back.starts_with("dom") {
        return false;
    }
    match (before, after) {
        (Some(&b), Some(&a)) => {
            let operator = |c: char| SIGNS.contains(c) || "-/|:;,#".contains(c);
            !operator(b) && !operator(a) && !OPEN.contains(b) && !CLOSE.contains(a)
        }
        _ => false,
    }
}

/// One piece: trimmed of spaces, end punctuation and unmatched brackets,
/// typeset when it is a formula.
fn piece(chars: &[char]) -> String {
    let mut lo = 0;
    let mut hi = chars.len();
    loop {
        let before = (lo, hi);
        while lo < hi && chars[lo].is_whitespace() {
            lo += 1;
        }
        while lo < hi && (chars[hi - 1].is_whitespace() || ",;:.".contains(chars[hi - 1])) {
            hi -= 1;
        }
        // An unmatched bracket at either end belongs to the prose around.
        let (open_unmatched, close_unmatched) = unmatched(&chars[lo..hi]);
        if open_unmatched > 0 && lo < hi && OPEN.contains(chars[lo]) {
            lo += 1;
        }
        if close_unmatched > 0 && lo < hi && CLOSE.contains(chars[hi - 1]) {
            hi -= 1;
        }
        // So does an unmatched quote.
        if chars[lo..hi].iter().filter(|&&c| c == '"').count() % 2 == 1 {
            if chars[lo] == '"' {
                lo += 1;
            } else if chars[hi - 1] == '"' {
                hi -= 1;
            }
        }
        if (lo, hi) == before {
            break;
        }
    }
    let core = &chars[lo..hi];
    let plain = |s: &[char]| escape(&s.iter().collect::<String>());
    if !is_formula(core) {
        return plain(chars);
    }
    let source: String = core.iter().collect();
    format!(
        "{}<math alttext=\"{}\">{}</math>{}",
        plain(&chars[..lo]),
        escape(&source),
        Parser { chars: core, i: 0 }.row(None),
        plain(&chars[hi..])
    )
}

/// Openers never closed and closers never opened, in a piece.
fn unmatched(chars: &[char]) -> (usize, usize) {
    let mut open = 0usize;
    let mut close = 0usize;
    for &c in chars {
        if OPEN.contains(c) {
            open += 1;
        } else if CLOSE.contains(c) {
            if open > 0 {
                open -= 1;
            } else {
                close += 1;
            }
        }
    }
    (open, close)
}

fn is_formula(chars: &[char]) -> bool {
    let operand = chars
        .iter()
        .any(|&c| c.is_alphanumeric() || c == '∅' || c == '∞');
    let sign = chars
        .iter()
        .any(|&c| SIGNS.contains(c) || "_^".contains(c) || math_letter(c));
    let letters_only = chars.iter().all(|&c| prose_letter(c));
    operand && sign && !letters_only
}

/// A recursive reader of one formula.
struct Parser<'a> {
    chars: &'a [char],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    /// Atoms up to the closer of the group (`close` is whether one is
    /// awaited), as an `<mrow>`.
    fn row(&mut self, group: Option<char>) -> String {
        let mut out = String::from("<mrow>");
        let mut space = false;
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.i += 1;
                space = true;
                continue;
            }
            if CLOSE.contains(c) && group.is_some() {
                break;
            }
            let atom = self.scripted();
            if space
                && !out.ends_with("<mrow>")
                && !atom.starts_with("<mo")
                && !out.ends_with("</mo>")
            {
                out += "<mspace width=\"0.25em\"></mspace>";
            }
            space = false;
            out += &atom;
        }
        out += "</mrow>";
        out
    }

    /// An atom with its sub- and superscripts.
    fn scripted(&mut self) -> String {
        let base = self.atom();
        let mut sub = None;
        let mut sup = None;
        while let Some(c @ ('_' | '^')) = self.peek() {
            let slot = if c == '_' { &mut sub } else { &mut sup };
            if slot.is_some() || self.chars.get(self.i + 1).is_none_or(|n| n.is_whitespace()) {
                break;
            }
            self.i += 1;
            *slot = Some(self.script());
        }
        match (sub, sup) {
            (None, None) => base,
            (Some(b), None) => format!("<msub>{base}{b}</msub>"),
            (None, Some(p)) => format!("<msup>{base}{p}</msup>"),
            (Some(b), Some(p)) => format!("<msubsup>{base}{b}{p}</msubsup>"),
        }
    }

    /// A script: a group whose brackets are not printed, or one name or
    /// number.
    fn script(&mut self) -> String {
        match self.peek() {
            Some(c @ ('(' | '{')) => {
                self.i += 1;
                let inner = self.row(Some(c));
                if self.peek().is_some_and(|c| CLOSE.contains(c)) {
                    self.i += 1;
                }
                inner
            }
            Some(c) if c.is_alphanumeric() || c == '∅' => {
                let start = self.i;
                while self
                    .peek()
                    .is_some_and(|c| c.is_alphanumeric() || c == '\'')
                {
                    self.i += 1;
                }
                let name: String = self.chars[start..self.i].iter().collect();
                if name.chars().all(|c| c.is_ascii_digit()) {
                    format!("<mn>{}</mn>", escape(&name))
                } else {
                    format!("<mi>{}</mi>", escape(&name))
                }
            }
            _ => self.atom(),
        }
    }

    /// One atom: a group, a number, a name, an operator, or a character.
    fn atom(&mut self) -> String {
        let Some(c) = self.peek() else {
            return String::new();
        };
        self.i += 1;
        if OPEN.contains(c) {
            let inner = self.row(Some(c));
            let close = match self.peek() {
                Some(d) if CLOSE.contains(d) => {
                    self.i += 1;
                    format!("<mo>{}</mo>", escape(&d.to_string()))
                }
                _ => String::new(),
            };
            return format!(
                "<mrow><mo>{}</mo>{inner}{close}</mrow>",
                escape(&c.to_string())
            );
        }
        if CLOSE.contains(c) {
            return format!("<mo>{}</mo>", escape(&c.to_string()));
        }
        if c.is_ascii_digit() {
            let start = self.i - 1;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.i += 1;
            }
            // A decimal point followed by digits (0.56).
            if self.peek() == Some('.')
                && self.chars.get(self.i + 1).is_some_and(char::is_ascii_digit)
            {
                self.i += 1;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.i += 1;
                }
            }
            let n: String = self.chars[start..self.i].iter().collect();
            return format!("<mn>{n}</mn>");
        }
        if c.is_alphabetic() {
            return self.name(c);
        }
        if c == '∅' || c == '∞' {
            return format!("<mi>{c}</mi>");
        }
        if c == '\'' || c == '′' {
            return "<mo>′</mo>".to_string();
        }
        if c == '\\' {
            return "<mo>∖</mo>".to_string();
        }
        if OPERATORS.contains(c) || SIGNS.contains(c) {
            return format!("<mo>{}</mo>", escape(&c.to_string()));
        }
        format!("<mtext>{}</mtext>", escape(&c.to_string()))
    }

    /// A name starting with `c` (already read): a function name
    /// (upright), a letter with digits (`W0` is W₀), or single letters.
    fn name(&mut self, c: char) -> String {
        let start = self.i - 1;
        if prose_letter(c) {
            let mut end = self.i;
            while self.chars.get(end).is_some_and(|&c| prose_letter(c)) {
                end += 1;
            }
            let word: String = self.chars[start..end].iter().collect();
            if end - start >= 2 && FUNCTIONS.contains(&word.as_str()) {
                self.i = end;
                if word == "mod" {
                    return "<mo lspace=\"0.3em\" rspace=\"0.3em\">mod</mo>".to_string();
                }
                return format!("<mi>{}</mi>", escape(&word));
            }
            if end - start >= 3 {
                // A word inside a formula ("tree" after a brace): upright text.
                self.i = end;
                return format!("<mtext>{}</mtext>", escape(&word));
            }
        }
        let letter = format!("<mi>{}</mi>", escape(&c.to_string()));
        // W0, w3, λ1: the digits are a subscript, unless a script follows.
        if self.peek().is_some_and(|d| d.is_ascii_digit())
            && (start == 0 || !self.chars[start - 1].is_alphanumeric())
        {
            let d0 = self.i;
            let mut end = self.i;
            while self.chars.get(end).is_some_and(char::is_ascii_digit) {
                end += 1;
            }
            let after = self.chars.get(end).copied();
            if !after.is_some_and(|a| a.is_alphanumeric() || "_^.".contains(a)) {
                self.i = end;
                let digits: String = self.chars[d0..end].iter().collect();
                return format!("<msub>{letter}<mn>{digits}</mn></msub>");
            }
        }
        letter
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The formulas' sources in a rendered text, and the text with each
    /// formula replaced by its source.
    fn sources(html: &str) -> (Vec<String>, String) {
        let mut found = Vec::new();
        let mut text = String::new();
        let mut rest = html;
        while let Some(i) = rest.find("<math alttext=\"") {
            text += &rest[..i];
            let tail = &rest[i + 15..];
            let end = tail.find('"').unwrap();
            found.push(tail[..end].to_string());
            text += &tail[..end];
            rest = &tail[tail.find("</math>").unwrap() + 7..];
        }
        text += rest;
        (found, text)
    }

    fn unescape(s: &str) -> String {
        s.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    }

    /// The rendering keeps every character of the source.
    fn round_trip(text: &str) -> Vec<String> {
        let html = render(text);
        let (found, back) = sources(&html);
        assert_eq!(unescape(&back), text, "{html}");
        found.iter().map(|s| unescape(s)).collect()
    }

    #[test]
    fn subscripts_and_superscripts() {
        assert_eq!(
            render("Θ_(a+b)"),
            "<math alttext=\"Θ_(a+b)\"><mrow><msub><mi>Θ</mi><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow></msub></mrow></math>"
        );
        let word = render("(0^a 1^a)^((η+1)/2)");
        assert!(word.starts_with("<math alttext=\"(0^a 1^a)^((η+1)/2)\"><mrow><msup><mrow><mo>(</mo><mrow><msup><mn>0</mn><mi>a</mi></msup><mspace width=\"0.25em\"></mspace><msup><mn>1</mn><mi>a</mi></msup></mrow><mo>)</mo></mrow><mrow><mrow><mo>(</mo><mrow><mi>η</mi><mo>+</mo><mn>1</mn></mrow><mo>)</mo></mrow><mo>/</mo><mn>2</mn></mrow></msup>"), "{word}");
        assert!(render("H_b^(K+1)").contains(
            "<msubsup><mi>H</mi><mi>b</mi><mrow><mi>K</mi><mo>+</mo><mn>1</mn></mrow></msubsup>"
        ));
        assert!(render("⋃_{i=0}^{t} [1, a]").contains("<msubsup><mo>⋃</mo><mrow><mi>i</mi><mo>=</mo><mn>0</mn></mrow><mrow><mi>t</mi></mrow></msubsup>"));
        assert!(render("W0(B) = Z").contains("<msub><mi>W</mi><mn>0</mn></msub>"));
        assert!(render("nim_(pty(I))(X_I) = 0").contains("<msub><mi>nim</mi><mrow><mi>pty</mi>"));
        assert!(render("p_add = 3").contains("<msub><mi>p</mi><mi>add</mi></msub>"));
        assert!(render("c ≡ 1 mod 7").contains("<mo lspace=\"0.3em\" rspace=\"0.3em\">mod</mo>"));
    }

    #[test]
    fn prose_stays_text_and_formulas_are_found_in_it() {
        assert_eq!(
            round_trip("the two-move game B = {a, b} agrees with S at every position below c"),
            ["B = {a, b}"]
        );
        assert_eq!(
            round_trip("B = {3, 8}: Θ_(a+b) = {3, 8}, Θ_(c+a) = {2, 8}"),
            ["B = {3, 8}", "Θ_(a+b) = {3, 8}", "Θ_(c+a) = {2, 8}"]
        );
        assert_eq!(
            round_trip("N = C_a(b) = (η/2 + 1)a (η even), δ − (η − 1)a/2 (η odd)"),
            ["N = C_a(b) = (η/2 + 1)a", "η", "δ − (η − 1)a/2", "η"]
        );
        assert_eq!(
            round_trip("tree 1-2,2-3 W={1,3}: predicted 1, nim is 0"),
            ["W={1,3}"]
        );
        assert_eq!(
            round_trip("for every c ≡ ρ (mod a + b) of a class"),
            ["c ≡ ρ (mod a + b)"]
        );
        assert_eq!(
            round_trip("N_c = KN + #(Z ∩ [0, ρ))"),
            ["N_c = KN + #(Z ∩ [0, ρ))"]
        );
        // No formula: numbers, sets of numbers, single letters, prose.
        for plain in [
            "{2,3,10}: purely periodic",
            "15,385 primitive non-additive triples",
            "a run start v has",
            "values only (no period stated); .014 has values a(n-1)",
            "under (H): (0) W0, W1, V p-periodic",
            "",
            "Ward's conjecture and/or Zhang's",
        ] {
            assert_eq!(round_trip(plain), Vec::<String>::new(), "{plain}");
            assert_eq!(render(plain), escape(plain));
        }
    }

    #[test]
    fn hostile_and_odd_input_is_escaped_and_does_not_panic() {
        let hostile = "<script>alert('x')</script> a < b & \"c\" > d_(<img src=x>)^(";
        let html = render(hostile);
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        round_trip(hostile);
        for odd in [
            "_",
            "^",
            "x_",
            "x^",
            "_(",
            "^{",
            "((((",
            "))))",
            "]]x_(a",
            "⌊⌊⌊",
            "a_b_c^d^e",
            "x_^y",
            "W0_1",
            "1..9",
            "'",
            "\\",
            "∅",
            "𝓜 = ℐ",
            "é = ö",
            "0.56 = 1.",
            "a_(b",
            "-",
            "a - b",
            "\u{0}",
            "日本 = 語",
            "x\u{301} = 1",
            "____^^^^",
        ] {
            round_trip(odd);
        }
    }

    #[test]
    fn random_text_round_trips() {
        // A small deterministic generator over the alphabet of the notation.
        let alphabet: Vec<char> = "ab cdXYZ01 9_^(){}[]⌊⌋=≤∈∪ρΘ,;:.-'\"<>&\\ the mod nim ∅"
            .chars()
            .collect();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            let mut s = String::new();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 24) as usize;
            for _ in 0..len {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                s.push(alphabet[(state % alphabet.len() as u64) as usize]);
            }
            round_trip(&s);
        }
    }
}
