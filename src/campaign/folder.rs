//! The output folder of a campaign (`--out DIR`): its claim file
//! `spec.json`, the unit files below `DIR/<units>/`, the certificates below
//! `DIR/certs/`, and the temporary files a killed run left there.

use super::unit::{checksum, FileDigest, Sealed};
use super::{io_error, Campaign, CampaignError, Shard};
use nimcert_check::format::Certificate;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The largest spec.json read back (a spec is a few lines).
const MAX_SPEC_BYTES: u64 = 1 << 20;

/// Opens the output folder `root` of a campaign (`what`, e.g. "a sweep")
/// whose spec, written canonically, is `spec`, then runs `then` in it:
/// `root` is an existing folder or a new one whose parent exists; its
/// `spec.json` is written when missing and must be `spec` when present (a
/// folder of another campaign is refused, exit 2). When `root` was created
/// here and anything fails, it is removed again: a failed start leaves
/// nothing behind.
fn open_folder<T>(
    root: &Path,
    spec: &str,
    what: &str,
    then: impl FnOnce() -> Result<T, CampaignError>,
) -> Result<T, CampaignError> {
    let created = crate::io::prepare_dir(root).map_err(|e| io_error(root, e))?;
    let opened = claim_folder(root, spec, what).and_then(|()| then());
    if opened.is_err() && created {
        // Nothing of a campaign is in a folder made just now.
        let _ = std::fs::remove_dir_all(root);
    }
    opened
}

/// Writes `root/spec.json` when missing; refuses one that is not `spec`.
fn claim_folder(root: &Path, spec: &str, what: &str) -> Result<(), CampaignError> {
    let spec_path = root.join("spec.json");
    match crate::io::read_text_bounded(&spec_path, MAX_SPEC_BYTES) {
        Ok(existing) if existing != spec => Err(CampaignError::Input(format!(
            "{} holds a different sweep (see its spec.json); use another --out",
            root.display()
        ))),
        Ok(_) => Ok(()),
        Err(crate::io::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            crate::io::write_atomically(&spec_path, spec.as_bytes())
                .map_err(|e| io_error(&spec_path, e))
        }
        Err(crate::io::ReadError::Io(e)) => Err(io_error(&spec_path, e)),
        Err(e) => Err(CampaignError::Input(format!(
            "{}: {e}; not the spec.json of {what}",
            spec_path.display()
        ))),
    }
}

/// Where a campaign keeps its state and certificates.
pub struct Folder {
    root: PathBuf,
    /// The folder of unit files ([`Campaign::UNITS`]).
    units: &'static str,
    certificates: bool,
    /// The spec's canonical text (spec.json, and part of every checksum).
    spec: String,
    /// Temporary files a killed run left in the unit and certificate
    /// folders, by the name of the file each was writing: listed once when
    /// the folder is opened (a listing per unit would make a campaign of n
    /// units cost n² directory reads), removed when their unit runs again.
    temporaries: Mutex<HashMap<String, Vec<PathBuf>>>,
}

impl Folder {
    /// Opens an output folder for `campaign`: an existing folder, or a new
    /// one whose parent exists (no other folder is created); refuses a
    /// folder that holds a different campaign. Writes spec.json, so a
    /// folder that cannot be written fails here, before any work; a folder
    /// created here is removed again when opening fails. With
    /// `certificates`, each unit's certificate is written to
    /// `certs/NAME.ron` before its unit file.
    pub fn open<C: Campaign>(
        root: &Path,
        campaign: &C,
        certificates: bool,
    ) -> Result<Self, CampaignError> {
        let spec = campaign.spec_text();
        open_folder(root, &spec, C::WHAT, || {
            Self::open_claimed(root, C::UNITS, spec.clone(), certificates)
        })
    }

    /// [`Folder::open`] once spec.json is there: the subfolders, and the
    /// temporary files a killed run left in them.
    fn open_claimed(
        root: &Path,
        units: &'static str,
        spec: String,
        certificates: bool,
    ) -> Result<Self, CampaignError> {
        let mut temporaries: HashMap<String, Vec<PathBuf>> = HashMap::new();
        for sub in [units, "certs"] {
            let dir =
                crate::io::create_below(root, Path::new(sub)).map_err(|e| io_error(root, e))?;
            for (target, path) in
                crate::io::list_temporaries(&dir).map_err(|e| io_error(&dir, e))?
            {
                temporaries
                    .entry(format!("{sub}/{target}"))
                    .or_default()
                    .push(path);
            }
        }
        Ok(Folder {
            root: root.to_path_buf(),
            units,
            certificates,
            spec,
            temporaries: Mutex::new(temporaries),
        })
    }

    /// The path of the result of `shard` in the folder `root`:
    /// `root/result-k-of-n.json`.
    pub fn result_path(root: &Path, shard: Shard) -> PathBuf {
        root.join(format!("result-{}-of-{}.json", shard.index, shard.count))
    }

    /// Whether each unit's certificate is written (`--certs`).
    pub fn certificates(&self) -> bool {
        self.certificates
    }

    fn unit_file(&self, name: &str) -> String {
        format!("{}/{name}.json", self.units)
    }

    fn certificate_file(name: &str) -> String {
        format!("certs/{name}.ron")
    }

    /// The checksum of a unit file of this folder's campaign.
    fn checksum<C: Campaign>(
        &self,
        name: &str,
        tally: &C::Tally,
        certificate: Option<&FileDigest>,
    ) -> String {
        let name = C::NAME_IN_CHECKSUM.then_some(name);
        checksum(&self.spec, name, tally, certificate)
    }

    /// The stored tally of a finished unit, verified: `None` when the unit
    /// has not finished, or (with `--certs`) its certificate is missing or
    /// was never recorded (then the temporary files a killed run left for
    /// it are removed, since the unit runs again); an error (exit 2) when
    /// the file is not this unit's of this campaign (copied, edited,
    /// corrupt, see [`Campaign::decode`] and [`Campaign::verify`]) or its
    /// certificate is there but not the one recorded (edited); exit 4 when
    /// it cannot be read or is not a regular file.
    pub fn load<C: Campaign>(
        &self,
        campaign: &C,
        unit: &C::Unit,
    ) -> Result<Option<C::Tally>, CampaignError> {
        let name = campaign.name(unit);
        let path = self.root.join(self.unit_file(&name));
        let refuse = |why: String| {
            CampaignError::Input(format!(
                "{}: {why}; delete it to {}",
                path.display(),
                campaign.redo(unit)
            ))
        };
        let text = match crate::io::read_text_bounded(&path, C::MAX_UNIT_BYTES) {
            Ok(text) => text,
            Err(crate::io::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                self.remove_temporaries(&name)?;
                return Ok(None);
            }
            Err(crate::io::ReadError::Io(e)) => return Err(io_error(&path, e)),
            Err(e) => return Err(refuse(e.to_string())),
        };
        let file = campaign.decode(unit, &text).map_err(refuse)?;
        if file.checksum != self.checksum::<C>(&name, &file.tally, file.certificate.as_ref()) {
            return Err(refuse(C::CHECKSUM_MISMATCH.to_string()));
        }
        campaign.verify(unit, &file.tally).map_err(refuse)?;
        if !self.certificate_in_place(campaign, &name, &file)? {
            self.remove_temporaries(&name)?;
            return Ok(None);
        }
        Ok(Some(file.tally))
    }

    /// Whether a verified unit file's certificate is in place (always,
    /// without `--certs` or for a tally that has none): `false` when the
    /// unit must run again to write it.
    fn certificate_in_place<C: Campaign>(
        &self,
        campaign: &C,
        name: &str,
        file: &Sealed<C::Tally>,
    ) -> Result<bool, CampaignError> {
        if !self.certificates || !campaign.certified(&file.tally) {
            return Ok(true);
        }
        match &file.certificate {
            Some(digest) => digest.matches(&self.root.join(Self::certificate_file(name))),
            None => Ok(false),
        }
    }

    /// Removes the temporary files a killed run left for the unit `name`
    /// (listed when the folder was opened; this run's own are never listed).
    fn remove_temporaries(&self, name: &str) -> Result<(), CampaignError> {
        let names = [self.unit_file(name), Self::certificate_file(name)];
        let paths: Vec<PathBuf> = {
            let mut temporaries = self.temporaries.lock().expect("temporaries lock");
            names
                .iter()
                .filter_map(|name| temporaries.remove(name))
                .flatten()
                .collect()
        };
        for path in paths {
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(io_error(&path, e))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Writes a finished unit: its certificate first (with `--certs`, when
    /// the unit has one), then its unit file, each atomically, so that a
    /// finished unit always has its certificate.
    pub fn store<C: Campaign>(
        &self,
        campaign: &C,
        unit: &C::Unit,
        tally: &C::Tally,
        certificate: Option<&Certificate>,
    ) -> Result<(), CampaignError> {
        let name = campaign.name(unit);
        let digest = match certificate.filter(|_| self.certificates) {
            Some(certificate) => Some(FileDigest::write(
                &self.root.join(Self::certificate_file(&name)),
                nimcert_check::to_ron(certificate).as_bytes(),
            )?),
            None => None,
        };
        let file = Sealed {
            tally: tally.clone(),
            checksum: self.checksum::<C>(&name, tally, digest.as_ref()),
            certificate: digest,
        };
        let path = self.root.join(self.unit_file(&name));
        let text = campaign.encode(unit, file);
        crate::io::write_atomically(&path, text.as_bytes()).map_err(|e| io_error(&path, e))
    }
}
