//! The content-addressed certificate store of `nimcert audit --certs DIR`.
//!
//! Every certificate is kept once, however many claims and instances it
//! stands behind: its RON text is named by a 128-bit FNV-1a hash of the text
//! (`objects/<hash>.ron`), and each claim gets an index
//! (`claims/<id>.json`) listing, per instance, the role ("holds" or
//! "counterexample") and the object. `nimcheck DIR/objects` checks every object (it
//! reads `*.ron` files only). Two different texts with one hash would be
//! refused rather than overwritten.

use crate::claim::{CertificateRef, CertificateSink};
use nimcert_check::format::Certificate;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

/// The store, in memory until [`CertStore::write`].
#[derive(Default)]
pub struct CertStore {
    objects: Mutex<BTreeMap<String, String>>,
    collision: Mutex<Option<String>>,
}

/// 128-bit FNV-1a.
fn fnv128(bytes: &[u8]) -> u128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    bytes
        .iter()
        .fold(OFFSET, |h, &b| (h ^ b as u128).wrapping_mul(PRIME))
}

impl CertificateSink for CertStore {
    fn add(&self, certificate: &Certificate) -> String {
        let text = nimcert_check::to_ron(certificate);
        let name = format!("{:032x}", fnv128(text.as_bytes()));
        let mut objects = self.objects.lock().expect("store lock");
        match objects.get(&name) {
            Some(existing) if *existing != text => {
                *self.collision.lock().expect("store lock") = Some(name.clone());
            }
            Some(_) => {}
            None => {
                objects.insert(name.clone(), text);
            }
        }
        name
    }
}

/// One line of a claim's index.
#[derive(Serialize)]
struct IndexEntry<'a> {
    instance: &'a str,
    role: &'a str,
    object: String,
}

/// What a write will put on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Distinct certificates.
    pub objects: usize,
    /// References to them from the claim indexes.
    pub references: usize,
    /// Index files.
    pub indexes: usize,
    /// Bytes in all.
    pub bytes: u64,
}

impl CertStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    fn index_text(refs: &[CertificateRef]) -> String {
        let entries: Vec<IndexEntry> = refs
            .iter()
            .map(|r| IndexEntry {
                instance: &r.instance,
                role: r.role,
                object: format!("objects/{}.ron", r.object),
            })
            .collect();
        serde_json::to_string_pretty(&entries).expect("serializable") + "\n"
    }

    /// The size of the write, before writing.
    pub fn plan(&self, indexes: &[(String, Vec<CertificateRef>)]) -> Plan {
        let objects = self.objects.lock().expect("store lock");
        let object_bytes: u64 = objects.values().map(|t| t.len() as u64).sum();
        let index_bytes: u64 = indexes
            .iter()
            .map(|(_, refs)| Self::index_text(refs).len() as u64)
            .sum();
        Plan {
            objects: objects.len(),
            references: indexes.iter().map(|(_, r)| r.len()).sum(),
            indexes: indexes.len(),
            bytes: object_bytes + index_bytes,
        }
    }

    /// Writes the objects and one index per claim into `dir`, each file
    /// atomically. Refuses a hash collision.
    pub fn write(
        &self,
        dir: &Path,
        indexes: &[(String, Vec<CertificateRef>)],
    ) -> Result<(), String> {
        if let Some(name) = self.collision.lock().expect("store lock").as_ref() {
            return Err(format!(
                "two different certificates have the hash {name}; nothing written"
            ));
        }
        let write = |path: &Path, text: &str| {
            crate::io::write_atomically(path, text.as_bytes())
                .map_err(|e| format!("{}: {e}", path.display()))
        };
        let folder = |name: &str| {
            crate::io::create_below(dir, Path::new(name))
                .map_err(|e| format!("{}: {e}", dir.join(name).display()))
        };
        let (objects, claims) = (folder("objects")?, folder("claims")?);
        for (name, text) in self.objects.lock().expect("store lock").iter() {
            let path = objects.join(format!("{name}.ron"));
            // An object already there (a content address) is read with a
            // bound of its own expected size.
            let same = crate::io::read_text_bounded(&path, text.len() as u64)
                .is_ok_and(|old| old == *text);
            if !same {
                write(&path, text)?;
            }
        }
        for (id, refs) in indexes {
            write(&claims.join(format!("{id}.json")), &Self::index_text(refs))?;
        }
        Ok(())
    }
}
