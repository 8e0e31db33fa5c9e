//! What `nimcheck PATH` checks: the file itself, or the certificates below
//! a folder, with a line for every entry a walk does not check.
//!
//! The rules (checker/README.md, "Folders"):
//! - a *certificate name* ends in `.ron` in any ASCII case, trailing
//!   whitespace ignored (`a.ron`, `b.RON`, `c.ron `, `.ron`), so that a name
//!   meant as a certificate is checked rather than passed over;
//! - every other entry is a `SKIPPED` line saying why, which makes the exit
//!   2 unless `--allow-skips`: nothing below a folder is left out silently;
//! - a symbolic link to a folder is followed only with `--follow-links`;
//!   each folder is walked once (by device and inode), so links that lead
//!   back, or a folder mounted inside itself, end the walk rather than
//!   loop; a folder reached a second time is a `SKIPPED` line that does not
//!   change the exit, since its certificates are checked where first met;
//! - an entry that cannot be read (the folder, one of its entries, or what
//!   kind of entry it is) is an `UNREADABLE` line, exit 4.
//!
//! The walk keeps a stack of the folders being listed, not a call stack, so
//! a deep tree cannot overflow it.

use crate::{Item, Report};
use std::collections::HashSet;
use std::ffi::OsStr;
use std::fs::FileType;
use std::path::{Path, PathBuf};

/// How a walk treats what is not a certificate.
#[derive(Clone, Copy)]
pub struct WalkOptions {
    /// Follow symbolic links to folders (`--follow-links`).
    pub follow_links: bool,
    /// SKIPPED lines do not change the exit (`--allow-skips`).
    pub allow_skips: bool,
}

/// Adds the items of one command-line path: the file itself, or what lies
/// below a folder. A path named on the command line is followed if it is a
/// symbolic link.
pub fn collect(path: &Path, options: WalkOptions, out: &mut Vec<Item>) {
    let decided = |r: Report| Item::Decided(path.to_path_buf(), r);
    match std::fs::metadata(path) {
        Err(e) => out.push(decided(Report::Unreadable(format!("cannot read: {e}")))),
        Ok(meta) if meta.is_dir() => {
            let before = out.len();
            Walk::new(options).run(path, out);
            let found = out[before..]
                .iter()
                .any(|item| !matches!(item, Item::Decided(_, Report::Skipped { .. })));
            if !found {
                out.push(decided(Report::Checked(
                    nimcert_check::Verdict::Undecidable(
                        "no *.ron certificates in this folder: nothing was checked".to_string(),
                    ),
                )));
            }
        }
        Ok(meta) if meta.is_file() => out.push(Item::Check(path.to_path_buf())),
        Ok(_) => out.push(decided(not_regular())),
    }
}

/// The report on a path that is not a regular file.
pub fn not_regular() -> Report {
    Report::Unreadable("not a regular file (a FIFO, device or socket): not read".to_string())
}

/// Whether a file name is a certificate's: it ends in `.ron`, in any ASCII
/// case, once trailing whitespace is removed.
pub fn is_certificate_name(name: &OsStr) -> bool {
    let name = name.as_encoded_bytes().trim_ascii_end();
    name.len() >= 4 && name[name.len() - 4..].eq_ignore_ascii_case(b".ron")
}

/// A folder's identity, so that each is walked once.
#[cfg(unix)]
type FolderId = (u64, u64);
#[cfg(not(unix))]
type FolderId = PathBuf;

#[cfg(unix)]
fn folder_id(path: &Path) -> std::io::Result<FolderId> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)?;
    Ok((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn folder_id(path: &Path) -> std::io::Result<FolderId> {
    std::fs::canonicalize(path)
}

/// One entry of a folder: its path, and its kind as the listing gave it
/// (a symbolic link is a link here, not what it points to).
type Entry = (PathBuf, std::io::Result<FileType>);

/// What to do with one entry.
enum Visit {
    /// A folder to list.
    Folder(PathBuf),
    /// A line of the report.
    Line(Item),
}

/// One walk below one command-line folder.
struct Walk {
    options: WalkOptions,
    /// The folders listed so far.
    seen: HashSet<FolderId>,
}

impl Walk {
    fn new(options: WalkOptions) -> Walk {
        Walk {
            options,
            seen: HashSet::new(),
        }
    }

    /// Adds the lines below `root` in sorted order, each folder's entries
    /// at its place among its siblings.
    fn run(&mut self, root: &Path, out: &mut Vec<Item>) {
        let mut stack = Vec::new();
        if let Some(entries) = self.list(root, out) {
            stack.push(entries.into_iter());
        }
        while let Some(entries) = stack.last_mut() {
            let Some((path, kind)) = entries.next() else {
                stack.pop();
                continue;
            };
            match self.visit(path, kind) {
                Visit::Line(item) => out.push(item),
                Visit::Folder(path) => {
                    if let Some(entries) = self.list(&path, out) {
                        stack.push(entries.into_iter());
                    }
                }
            }
        }
    }

    /// The entries of a folder, sorted; `None` (after an UNREADABLE or a
    /// SKIPPED line) when it cannot be listed or was listed before. An
    /// entry whose read fails is an UNREADABLE line on the folder.
    fn list(&mut self, dir: &Path, out: &mut Vec<Item>) -> Option<Vec<Entry>> {
        let unreadable = |what: String| Item::Decided(dir.to_path_buf(), Report::Unreadable(what));
        let id = match folder_id(dir) {
            Ok(id) => id,
            Err(e) => {
                out.push(unreadable(format!("cannot read the folder: {e}")));
                return None;
            }
        };
        if !self.seen.insert(id) {
            out.push(Item::Decided(dir.to_path_buf(), already_walked()));
            return None;
        }
        let listing = match std::fs::read_dir(dir) {
            Ok(listing) => listing,
            Err(e) => {
                out.push(unreadable(format!("cannot read the folder: {e}")));
                return None;
            }
        };
        let mut entries = Vec::new();
        for entry in listing {
            match entry {
                Ok(entry) => entries.push((entry.path(), entry.file_type())),
                Err(e) => out.push(unreadable(format!(
                    "cannot read an entry of the folder: {e}"
                ))),
            }
        }
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        Some(entries)
    }

    /// Decides what one entry of a folder is.
    fn visit(&self, path: PathBuf, kind: std::io::Result<FileType>) -> Visit {
        let certificate = path.file_name().is_some_and(is_certificate_name);
        let line = |report: Report| Visit::Line(Item::Decided(path.clone(), report));
        let kind = match kind {
            Ok(kind) => kind,
            Err(e) => {
                return line(Report::Unreadable(format!(
                    "cannot tell what kind of entry this is: {e}"
                )))
            }
        };
        if kind.is_dir() {
            return Visit::Folder(path);
        }
        if kind.is_symlink() {
            return self.visit_link(path, certificate);
        }
        match (kind.is_file(), certificate) {
            (true, true) => Visit::Line(Item::Check(path)),
            (false, true) => line(not_regular()),
            (_, false) => line(self.skipped(NOT_A_CERTIFICATE)),
        }
    }

    /// Decides what a symbolic link met in a walk is: a certificate if it
    /// leads to a regular file with a certificate name, a folder to walk
    /// with `--follow-links`, and otherwise a line saying why not.
    fn visit_link(&self, path: PathBuf, certificate: bool) -> Visit {
        let target = std::fs::metadata(&path);
        let line = |report: Report| Visit::Line(Item::Decided(path.clone(), report));
        match target {
            Ok(meta) if meta.is_dir() && self.options.follow_links => Visit::Folder(path),
            Ok(meta) if meta.is_dir() => line(self.skipped(LINK_NOT_FOLLOWED)),
            Ok(meta) if meta.is_file() && certificate => Visit::Line(Item::Check(path)),
            _ if certificate => line(Report::Unreadable(
                "a symbolic link to something that is not a regular file: not read".to_string(),
            )),
            _ => line(self.skipped(NOT_A_CERTIFICATE)),
        }
    }

    /// A SKIPPED line that counts (exit 2, and the message says how to
    /// accept the skip) unless `--allow-skips`.
    fn skipped(&self, reason: &str) -> Report {
        let counts = !self.options.allow_skips;
        let reason = if counts {
            format!("{reason}; --allow-skips accepts the skip")
        } else {
            reason.to_string()
        };
        Report::Skipped { reason, counts }
    }
}

/// The reason on a file that is not checked for its name.
const NOT_A_CERTIFICATE: &str = "not checked: the name does not end in .ron";

/// The reason on a link to a folder that is not followed.
const LINK_NOT_FOLLOWED: &str =
    "a symbolic link to a folder, not followed (--follow-links follows it)";

/// A folder reached a second time: its certificates are checked where it
/// was first met, so the line does not change the exit.
fn already_walked() -> Report {
    Report::Skipped {
        reason: "a folder already walked through another path: its certificates are checked once"
            .to_string(),
        counts: false,
    }
}
