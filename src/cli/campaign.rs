//! The flags every campaign command shares (`sweep`, `octal-sweep`): one flattened clap struct, and the worker pool they run on.
//! Argument plumbing only; the campaign itself is [`nimcert::campaign`].

use super::limits;
use super::CliError;
use clap::Args;
use nimcert::campaign::Shard;
use std::path::PathBuf;

/// The flags every campaign (`sweep`, `octal-sweep`) shares, flattened into
/// each command's arguments; their help is `sweep`'s, and `octal-sweep`
/// words `--shard`, `--out` and `--certs` for codes (`mut_arg`).
#[derive(Args)]
pub struct CampaignArgs {
    /// Run only shard k of n (0 ≤ k < n): the (a, b) units with index ≡ k mod n.
    #[arg(long, value_name = "k/n")]
    pub shard: Option<Shard>,
    /// Keep state here: finished units are written atomically (with their
    /// (a, b) and a checksum) and skipped, once verified, when the same
    /// sweep is started again; the result goes to DIR/result-k-of-n.json.
    /// DIR may be new, but its parent folder must exist.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// With --out: also write one compact certificate per (a, b) unit,
    /// DIR/certs/a-b.ron: a PeriodicTable with a row (S, q, p, period
    /// witnesses) per triple, which nimcheck checks by recomputing the values.
    /// A resumed sweep writes a deleted certificate again and refuses an
    /// edited one (exit 2).
    #[arg(long, requires = "out")]
    pub certs: bool,
    /// Worker threads (default: all cores; at most the cores unless
    /// --force-threads).
    #[arg(long)]
    threads: Option<usize>,
    /// Run more --threads than cores (up to 256).
    #[arg(long, requires = "threads")]
    force_threads: bool,
}

impl CampaignArgs {
    /// The shard to run (the whole campaign without `--shard`).
    pub fn shard(&self) -> Shard {
        self.shard.unwrap_or(Shard::WHOLE)
    }

    /// The number of worker threads (see `limits::threads`).
    pub fn threads(&self) -> Result<usize, CliError> {
        limits::threads(self.threads, self.force_threads)
    }
}

/// A pool of `threads` worker threads, exit 4 when they cannot start.
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, CliError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::io(format!("cannot start {threads} threads: {e}")))
}
