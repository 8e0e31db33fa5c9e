//! Diagnostics: one error type for the whole crate, pointing at
//! `FILE:LINE:COL` with the source line and a caret.

use std::fmt;
use std::sync::Arc;

/// What kind of failure a [`Diagnostic`] reports, and so the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagKind {
    /// The claim file is wrong (syntax, types, a runtime error such as a
    /// division by zero or an overflow): exit code 2.
    Input,
    /// A limit was reached; the message names the flag that raises it:
    /// exit code 3.
    Limit {
        /// The command-line flag raising the limit, e.g. `--max-eval-steps`.
        flag: &'static str,
    },
}

/// The text of a claim file, shared by everything parsed from it so that
/// errors found later (type checking, evaluation) can still show the line.
#[derive(Debug)]
pub(crate) struct SourceText {
    pub(crate) name: String,
    pub(crate) text: String,
}

impl SourceText {
    /// The diagnostic for byte offset `pos` of the text.
    pub(crate) fn diag(&self, kind: DiagKind, pos: usize, message: String) -> Diagnostic {
        Diagnostic::at(&self.name, &self.text, kind, pos, message)
    }
}

/// A shared handle on a [`SourceText`].
pub(crate) type Source = Arc<SourceText>;

/// An error with its place in the claim file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Input error or limit.
    pub kind: DiagKind,
    /// The file name as given to [`crate::parse`].
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub col: usize,
    /// What went wrong, and what was expected.
    pub message: String,
    /// The text of the line (shortened around the column when long).
    pub source_line: String,
    /// The caret's column inside `source_line` (1-based, in characters).
    caret_col: usize,
}

/// Lines longer than this are shown as a window around the column.
const SHOWN_LINE: usize = 100;

impl Diagnostic {
    /// The diagnostic for byte offset `pos` (clamped) of `text`.
    pub(crate) fn at(
        file: &str,
        text: &str,
        kind: DiagKind,
        pos: usize,
        message: String,
    ) -> Diagnostic {
        let mut pos = pos.min(text.len());
        while !text.is_char_boundary(pos) {
            pos -= 1;
        }
        let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        let line = text[..line_start].matches('\n').count() + 1;
        let col = text[line_start..pos].chars().count() + 1;
        let full = text[line_start..line_end].trim_end_matches('\r');
        let (source_line, caret_col) = window(full, col);
        Diagnostic {
            kind,
            file: file.to_string(),
            line,
            col,
            message,
            source_line,
            caret_col,
        }
    }

    /// A diagnostic at line 1, column 1 with no source line (whole-file
    /// problems: size, claim count).
    pub(crate) fn whole_file(file: &str, kind: DiagKind, message: String) -> Diagnostic {
        Diagnostic {
            kind,
            file: file.to_string(),
            line: 1,
            col: 1,
            message,
            source_line: String::new(),
            caret_col: 1,
        }
    }

    /// `FILE:LINE:COL: message`, the form the command line prints.
    pub fn one_line(&self) -> String {
        format!("{}:{}:{}: {}", self.file, self.line, self.col, self.message)
    }

    /// `FILE:LINE:COL: message`, the source line and a caret line under
    /// the column (three lines, the last two left out when there is no
    /// source line).
    pub fn render(&self) -> String {
        let mut out = self.one_line();
        if !self.source_line.is_empty() {
            let pad: String = self
                .source_line
                .chars()
                .take(self.caret_col - 1)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            out.push_str(&format!("\n{}\n{}^", self.source_line, pad));
        }
        out
    }

    /// The exit code of the documented convention: 2 for input errors,
    /// 3 for limits.
    pub fn exit_code(&self) -> i32 {
        match self.kind {
            DiagKind::Input => 2,
            DiagKind::Limit { .. } => 3,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.one_line())
    }
}

impl std::error::Error for Diagnostic {}

/// The shown part of a line and the caret's column inside it.
fn window(line: &str, col: usize) -> (String, usize) {
    let n = line.chars().count();
    if n <= SHOWN_LINE {
        return (line.to_string(), col);
    }
    let start = col.saturating_sub(SHOWN_LINE / 2 + 1).min(n - SHOWN_LINE);
    let shown: String = line.chars().skip(start).take(SHOWN_LINE).collect();
    (shown, col - start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_under_the_column() {
        let d = Diagnostic::at(
            "f.toml",
            "a = 1\nbb = x\n",
            DiagKind::Input,
            11,
            "bad".into(),
        );
        assert_eq!(d.one_line(), "f.toml:2:6: bad");
        assert_eq!(d.render(), "f.toml:2:6: bad\nbb = x\n     ^");
    }

    #[test]
    fn long_lines_are_windowed() {
        let line = "x".repeat(1000);
        let d = Diagnostic::at("f", &line, DiagKind::Input, 700, "m".into());
        assert_eq!(d.col, 701);
        assert!(d.source_line.chars().count() <= SHOWN_LINE);
        let caret = d.render().lines().last().unwrap().len();
        assert_eq!(caret, d.caret_col);
    }
}
