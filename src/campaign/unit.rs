//! What a unit file holds and how it is sealed: the client's tally, the
//! digest of the unit's certificate (written before it) and a checksum of
//! both with the campaign's spec. The checksum catches a unit file copied
//! from another unit or another campaign and a hand-edited tally (it is
//! FNV-1a, not a signature: it does not stop a forger who recomputes it).

use super::{io_error, CampaignError};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// FNV-1a, 64 bits, as 16 hex digits, of the parts each followed by a
/// newline.
pub(crate) fn fnv1a(parts: &[&[u8]]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &byte in part.iter().chain(b"\n") {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// The length and FNV-1a of a certificate as written, recorded in the
/// unit file written after it, so that a resumed campaign finds a
/// certificate deleted (and writes it again) or edited (exit 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileDigest {
    bytes: u64,
    fnv1a: String,
}

impl FileDigest {
    /// The digest of `content`.
    pub(crate) fn of(content: &[u8]) -> Self {
        FileDigest {
            bytes: u64::try_from(content.len()).unwrap_or(u64::MAX),
            fnv1a: fnv1a(&[content]),
        }
    }

    /// Writes `content` to `path` atomically; returns its digest.
    pub(crate) fn write(path: &Path, content: &[u8]) -> Result<Self, CampaignError> {
        crate::io::write_atomically(path, content).map_err(|e| io_error(path, e))?;
        Ok(Self::of(content))
    }

    /// The text the digest adds to a unit file's checksum.
    fn text(&self) -> String {
        format!("{} {}", self.bytes, self.fnv1a)
    }

    /// Whether the file at `path` is the one this digest describes:
    /// `Ok(false)` when it is missing (to be written again), an error
    /// (exit 2) when it is there but differs, exit 4 when it cannot be read.
    pub(crate) fn matches(&self, path: &Path) -> Result<bool, CampaignError> {
        let edited = || {
            CampaignError::Input(format!(
                "{}: not the certificate this sweep wrote (edited or replaced); delete it to write it again",
                path.display()
            ))
        };
        match crate::io::read_bounded(path, self.bytes) {
            Ok(content) if Self::of(&content) == *self => Ok(true),
            Ok(_) | Err(crate::io::ReadError::TooLarge(_)) => Err(edited()),
            Err(crate::io::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                Ok(false)
            }
            Err(e) => Err(io_error(path, e)),
        }
    }
}

/// The contents of one finished unit's file, whatever its layout (each
/// client keeps the layout its folders have always had, see
/// [`Campaign::encode`](super::Campaign::encode)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sealed<T> {
    /// What the unit yielded.
    pub tally: T,
    /// The digest of the unit's certificate, when one was written.
    pub certificate: Option<FileDigest>,
    /// The checksum of the spec, the unit (for clients whose
    /// [`Campaign::NAME_IN_CHECKSUM`](super::Campaign::NAME_IN_CHECKSUM)),
    /// the tally and the certificate's digest.
    pub checksum: String,
}

/// The checksum of a unit file: FNV-1a of the spec's canonical text, the
/// unit's name (when `name` is given), the tally's compact JSON and (when
/// there is one) the certificate's digest.
pub(crate) fn checksum<T: Serialize>(
    spec: &str,
    name: Option<&str>,
    tally: &T,
    certificate: Option<&FileDigest>,
) -> String {
    let tally = serde_json::to_string(tally).expect("serializable");
    let digest = certificate.map(FileDigest::text);
    let parts: Vec<&[u8]> = std::iter::once(spec)
        .chain(name)
        .chain([tally.as_str()])
        .chain(digest.as_deref())
        .map(str::as_bytes)
        .collect();
    fnv1a(&parts)
}
