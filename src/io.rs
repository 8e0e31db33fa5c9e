//! Writing files so that a reader (or a resumed run) never sees half a file.

use std::io;
use std::path::Path;

/// Writes `bytes` to `path` atomically: a temporary file beside it (named
/// after the process and thread, so concurrent writers do not collide),
/// then renamed over `path`. A killed process leaves either the old file or
/// the new one, never half of one (the rename is atomic); it does not sync
/// to disk, so a power loss may still lose recent files. Creates missing
/// parent folders.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let tmp = path.with_file_name(format!(
        ".{}.tmp{}-{:?}",
        name.to_string_lossy(),
        std::process::id(),
        std::thread::current().id()
    ));
    let mut file = std::fs::File::create(&tmp)?;
    file.write_all(bytes)?;
    drop(file);
    std::fs::rename(&tmp, path)
}
