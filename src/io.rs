//! Files in and out, bounded and checked: every input is read with a size
//! bound, every output path is checked before the work that fills it, and
//! outputs are written so that a reader (or a resumed run) never sees half
//! a file and no temporary file outlives an error, or a signal that the
//! binary handles ([`remove_live_temporaries`]); one left by a killed
//! process (SIGKILL) is removed at the next check of that output
//! ([`check_output_file`]) or, in a sweep's folder, when its unit runs again.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Why an input file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Opening or reading failed (missing file, permission, a folder).
    Io(io::Error),
    /// The file has more than this many bytes.
    TooLarge(u64),
    /// The file is not UTF-8 text.
    NotText,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::TooLarge(limit) => write!(f, "larger than {limit} bytes"),
            ReadError::NotText => write!(f, "not UTF-8 text"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads at most `max_bytes` bytes of the regular file `path`, refusing a
/// longer file by its length, before reading. Anything else is refused
/// before it is opened, so that nothing blocks or runs on without end: a
/// folder, a device (`/dev/zero`), a FIFO (opening one waits for a
/// writer), a socket. The read itself stops one byte past the bound (a file
/// growing meanwhile). Memory is at most `max_bytes` + 1 bytes.
pub fn read_bounded(path: &Path, max_bytes: u64) -> Result<Vec<u8>, ReadError> {
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "is a folder, not a file"
        } else {
            "is not a regular file (a device, FIFO or socket)"
        };
        return Err(ReadError::Io(io::Error::new(
            io::ErrorKind::InvalidInput,
            what,
        )));
    }
    if meta.len() > max_bytes {
        return Err(ReadError::TooLarge(max_bytes));
    }
    let file = File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(ReadError::TooLarge(max_bytes));
    }
    Ok(bytes)
}

/// Like [`read_bounded`], as UTF-8 text (a leading byte-order mark is
/// dropped).
pub fn read_text_bounded(path: &Path, max_bytes: u64) -> Result<String, ReadError> {
    let bytes = read_bounded(path, max_bytes)?;
    let mut text = String::from_utf8(bytes).map_err(|_| ReadError::NotText)?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

fn refuse(kind: io::ErrorKind, message: impl Into<String>) -> io::Error {
    io::Error::new(kind, message.into())
}

/// The folder a file `path` goes into (`.` for a bare name).
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Checks, before any work, that `path` can be written as a file by
/// [`write_atomically`]: its folder exists (no folder is created), the
/// path is not a folder, a device, a pipe or a symbolic link (the rename
/// would replace the link or the device node instead of writing into it),
/// and a file can be created beside it (a probe file, removed at once).
/// Removes the temporary files that killed processes left for `path`
/// (see `remove_stale_temporaries`).
pub fn check_output_file(path: &Path) -> io::Result<()> {
    if path.file_name().is_none() {
        return Err(refuse(io::ErrorKind::InvalidInput, "not a file name"));
    }
    let dir = parent_of(path);
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            return Err(refuse(
                io::ErrorKind::InvalidInput,
                format!("{} is not a folder", dir.display()),
            ))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(refuse(
                io::ErrorKind::NotFound,
                format!("the folder {} does not exist", dir.display()),
            ))
        }
        Err(e) => return Err(e),
    }
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(refuse(
                io::ErrorKind::InvalidInput,
                "is a symbolic link; give the path of the file itself",
            ))
        }
        Ok(meta) if meta.is_dir() => {
            return Err(refuse(io::ErrorKind::InvalidInput, "is a folder"))
        }
        Ok(meta) if !meta.is_file() => {
            return Err(refuse(
                io::ErrorKind::InvalidInput,
                "is not a regular file (a device, pipe or socket); write to a file",
            ))
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    remove_stale_temporaries(path);
    let probe = temp_path(path)?;
    drop(create_temporary(&probe)?);
    finish_temporary(&probe, None)
}

/// Checks that `dir` can hold output files: an existing folder, or a new
/// one whose parent exists (created here, like `mkdir`, never `mkdir -p`).
/// Returns whether it was created (so that an error path can remove it).
pub fn prepare_dir(dir: &Path) -> io::Result<bool> {
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => Ok(false),
        Ok(_) => Err(refuse(io::ErrorKind::InvalidInput, "is not a folder")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let parent = parent_of(dir);
            if !parent.is_dir() {
                return Err(refuse(
                    io::ErrorKind::NotFound,
                    format!("the folder {} does not exist", parent.display()),
                ));
            }
            match std::fs::create_dir(dir) {
                Ok(()) => Ok(true),
                // Made by another process since the check: the shards of a
                // job array start at once and share the folder (a task
                // failed so under Slurm on 2026-12-03). Not ours to remove.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && dir.is_dir() => Ok(false),
                Err(e) => Err(e),
            }
        }
        Err(e) => Err(e),
    }
}

/// Creates the folder `root/relative` and the folders between, below a
/// folder `root` already checked by [`prepare_dir`] (nothing is created
/// outside it).
pub fn create_below(root: &Path, relative: &Path) -> io::Result<PathBuf> {
    if !root.is_dir() {
        return Err(refuse(
            io::ErrorKind::NotFound,
            format!("the folder {} does not exist", root.display()),
        ));
    }
    let dir = root.join(relative);
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// The temporary file beside `path`: `.NAME.tmp<pid>-<thread>`, so that
/// concurrent writers never collide and [`remove_temporaries`] finds the
/// leftovers of a killed run.
fn temp_path(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| refuse(io::ErrorKind::InvalidInput, "not a file name"))?;
    let thread = format!("{:?}", std::thread::current().id());
    let thread: String = thread.chars().filter(char::is_ascii_digit).collect();
    Ok(path.with_file_name(format!(
        ".{}{TEMP_MARK}{}-{thread}",
        name.to_string_lossy(),
        std::process::id(),
    )))
}

/// What [`write_atomically`] puts between a file's name and its writer's
/// process id in a temporary file's name.
const TEMP_MARK: &str = ".tmp";

/// Writes `bytes` to `path` atomically: a temporary file beside it, then
/// renamed over `path`. A killed process leaves either the old file or the
/// new one, never half of one (the rename is atomic); it does not sync to
/// disk, so a power loss may still lose recent files. The folder must
/// exist, and `path` must not be a device, pipe, folder or link. On every
/// error the temporary file is removed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.is_file() {
            return Err(refuse(
                io::ErrorKind::InvalidInput,
                "is not a regular file; write to a file",
            ));
        }
    }
    let tmp = temp_path(path)?;
    let mut file = create_temporary(&tmp)?;
    let written = file.write_all(bytes).and_then(|()| file.flush());
    drop(file);
    match written {
        Ok(()) => finish_temporary(&tmp, Some(path)),
        Err(e) => {
            let _ = finish_temporary(&tmp, None);
            Err(e)
        }
    }
}

/// The temporary files of [`write_atomically`] that exist now, in every
/// thread, so that [`remove_live_temporaries`] can remove them when the
/// process is told to stop (SIGINT, SIGTERM, SIGHUP).
static LIVE: Registry = Registry::new();

/// A list of live temporary files. A temporary file is created and
/// renamed (or removed) only while the lock is held, so none exists
/// outside the list.
struct Registry(Mutex<LiveTemporaries>);

/// See [`Registry`].
struct LiveTemporaries {
    paths: Vec<PathBuf>,
    /// Set by [`Registry::remove_all`]: no temporary file is created or
    /// renamed after it.
    closed: bool,
}

fn stopping() -> io::Error {
    refuse(io::ErrorKind::Interrupted, "stopping on a signal")
}

impl Registry {
    const fn new() -> Self {
        Registry(Mutex::new(LiveTemporaries {
            paths: Vec::new(),
            closed: false,
        }))
    }

    /// The list; a thread that panicked while holding it left it
    /// consistent (every change is one push or one removal).
    fn lock(&self) -> MutexGuard<'_, LiveTemporaries> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Creates the temporary file `tmp` and lists it.
    fn create(&self, tmp: &Path) -> io::Result<File> {
        let mut live = self.lock();
        if live.closed {
            return Err(stopping());
        }
        let file = File::create(tmp)?;
        live.paths.push(tmp.to_path_buf());
        Ok(file)
    }

    /// Renames the temporary file `tmp` to `target` (with `None`, or when
    /// the rename fails, removes it) and drops it from the list.
    fn finish(&self, tmp: &Path, target: Option<&Path>) -> io::Result<()> {
        let mut live = self.lock();
        let renamed = match target {
            Some(_) if live.closed => Err(stopping()),
            Some(target) => std::fs::rename(tmp, target),
            None => Ok(()),
        };
        let removed = match (&renamed, target) {
            (Ok(()), Some(_)) => Ok(()),
            _ => std::fs::remove_file(tmp),
        };
        live.paths.retain(|p| p != tmp);
        renamed.and(removed)
    }

    /// Removes every listed file and lets no new one be created or
    /// renamed; returns how many were removed.
    fn remove_all(&self) -> usize {
        let mut live = self.lock();
        live.closed = true;
        let paths = std::mem::take(&mut live.paths);
        paths
            .iter()
            .filter(|p| std::fs::remove_file(p).is_ok())
            .count()
    }
}

fn create_temporary(tmp: &Path) -> io::Result<File> {
    LIVE.create(tmp)
}

fn finish_temporary(tmp: &Path, target: Option<&Path>) -> io::Result<()> {
    LIVE.finish(tmp, target)
}

/// Removes every temporary file that [`write_atomically`] is writing now,
/// in any thread, and lets no new one be created or renamed: for a signal
/// handler that then ends the process. Returns how many were removed.
pub fn remove_live_temporaries() -> usize {
    LIVE.remove_all()
}

/// Removes the temporary files beside `path` that a process killed while
/// writing `path` left (`.NAME.tmpPID-THREAD` whose process PID no longer
/// runs), as far as it can: a folder that cannot be listed or a file that
/// cannot be removed is left as it is (this is tidying, not the output).
/// Only where `/proc` tells which processes run (Linux); elsewhere nothing
/// is removed. A folder shared between machines may hold the temporary
/// file of a live process on another machine: that process then fails its
/// rename (exit 4); it never writes a wrong file.
fn remove_stale_temporaries(path: &Path) {
    let proc = Path::new("/proc");
    let (Some(name), true) = (path.file_name(), proc.join("self").exists()) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(parent_of(path)) else {
        return;
    };
    let prefix = format!(".{}{TEMP_MARK}", name.to_string_lossy());
    let own = std::process::id().to_string();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    for entry in entries.flatten() {
        let entry_name = entry.file_name();
        let Some(rest) = entry_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        let stale = rest.split_once('-').is_some_and(|(pid, thread)| {
            digits(pid) && digits(thread) && pid != own && !proc.join(pid).exists()
        });
        if stale && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Removes the temporary files [`write_atomically`] left in `dir` for
/// files whose names start with `prefix` (a run killed while writing;
/// every other error path removes its own). A missing folder has none.
pub fn remove_temporaries(dir: &Path, prefix: &str) -> io::Result<usize> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    let mut removed = 0;
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if is_temporary(&name, prefix) && entry.file_type()?.is_file() {
            std::fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// The temporary files of [`write_atomically`] in `dir` (none when `dir`
/// does not exist), each with the name of the file it was writing, read
/// in one pass over the folder.
pub fn list_temporaries(dir: &Path) -> io::Result<Vec<(String, PathBuf)>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut found = Vec::new();
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let target = name
            .strip_prefix('.')
            .and_then(|rest| rest.rfind(TEMP_MARK).map(|i| &rest[..i]));
        if let Some(target) = target.filter(|t| !t.is_empty()) {
            if entry.file_type()?.is_file() {
                found.push((target.to_string(), entry.path()));
            }
        }
    }
    Ok(found)
}

/// Whether `name` is a temporary file of [`write_atomically`] for a file
/// whose name starts with `prefix`.
pub fn is_temporary(name: &str, prefix: &str) -> bool {
    name.strip_prefix('.')
        .filter(|rest| rest.starts_with(prefix))
        .is_some_and(|rest| rest.contains(TEMP_MARK))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nimcert-io-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir(&dir).unwrap();
        dir
    }

    /// Shards started at once prepare the same new folder: each succeeds,
    /// and exactly one of them made it.
    #[test]
    fn concurrent_preparations_of_one_folder_all_succeed() {
        let root = scratch("concurrent");
        for round in 0..20 {
            let dir = root.join(format!("out{round}"));
            let made: Vec<bool> = std::thread::scope(|s| {
                let runs: Vec<_> = (0..8).map(|_| s.spawn(|| prepare_dir(&dir))).collect();
                runs.into_iter()
                    .map(|run| run.join().unwrap().expect("prepared"))
                    .collect()
            });
            assert_eq!(made.iter().filter(|&&m| m).count(), 1, "{made:?}");
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn bounded_reads_refuse_long_files_devices_and_folders() {
        let dir = scratch("read");
        let file = dir.join("f");
        std::fs::write(&file, b"12345").unwrap();
        assert_eq!(read_bounded(&file, 5).unwrap(), b"12345");
        assert!(matches!(
            read_bounded(&file, 4),
            Err(ReadError::TooLarge(4))
        ));
        assert!(matches!(
            read_bounded(Path::new("/dev/zero"), 1000),
            Err(ReadError::Io(_))
        ));
        assert!(matches!(read_bounded(&dir, 1000), Err(ReadError::Io(_))));
        std::fs::write(&file, "\u{feff}(x)").unwrap();
        assert_eq!(read_text_bounded(&file, 100).unwrap(), "(x)");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn output_checks_refuse_devices_missing_folders_and_links() {
        let dir = scratch("out");
        assert!(check_output_file(Path::new("/dev/full")).is_err());
        assert!(check_output_file(&dir.join("no/such/x.ron")).is_err());
        assert!(check_output_file(&dir).is_err());
        std::os::unix::fs::symlink(dir.join("target"), dir.join("link")).unwrap();
        assert!(check_output_file(&dir.join("link")).is_err());
        assert!(check_output_file(&dir.join("x.ron")).is_ok());
        // The probe leaves nothing behind.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        assert!(prepare_dir(&dir.join("a/b")).is_err());
        assert!(prepare_dir(&dir.join("a")).is_ok());
        assert!(write_atomically(Path::new("/dev/full"), b"x").is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn live_temporaries_are_removed_and_none_made_after() {
        let dir = scratch("live");
        let registry = Registry::new();
        let (a, b) = (dir.join(".a.tmp1-1"), dir.join(".b.tmp1-1"));
        drop(registry.create(&a).unwrap());
        drop(registry.create(&b).unwrap());
        registry.finish(&b, Some(&dir.join("b"))).unwrap();
        assert!(a.exists() && dir.join("b").exists());
        assert_eq!(registry.remove_all(), 1);
        assert!(!a.exists());
        assert!(registry.create(&a).is_err() && !a.exists());
        // The process-wide registry is left open for the other tests.
        write_atomically(&dir.join("c"), b"c").unwrap();
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn stale_temporaries_of_dead_processes_are_removed() {
        let dir = scratch("stale");
        let target = dir.join("x.ron");
        // PID 0 is never a process in /proc; our own PID runs.
        let dead = dir.join(".x.ron.tmp0-1");
        let ours = dir.join(format!(".x.ron.tmp{}-1", std::process::id()));
        let other = dir.join(".y.ron.tmp0-1");
        for f in [&dead, &ours, &other] {
            std::fs::write(f, b"x").unwrap();
        }
        check_output_file(&target).unwrap();
        let linux = Path::new("/proc/self").exists();
        assert_eq!(dead.exists(), !linux);
        assert!(ours.exists() && other.exists());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn temporaries_are_found_by_prefix() {
        assert!(is_temporary(".3-5.json.tmp12-3", "3-5.json"));
        assert!(!is_temporary("3-5.json", "3-5.json"));
        assert!(!is_temporary(".3-50.json", "3-5.json"));
        let dir = scratch("tmp");
        std::fs::write(dir.join(".a.ron.tmp1-1"), b"x").unwrap();
        std::fs::write(dir.join("a.ron"), b"x").unwrap();
        assert_eq!(remove_temporaries(&dir, "a").unwrap(), 1);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
