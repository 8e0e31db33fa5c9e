//! Long runs of the rare-value method: G of an octal game, or of
//! Grundy's game, on [0, N) for N in the tens of millions, with progress,
//! a resumable state file, and the statistics the published tables give
//! (A. Flammenkamp, <https://wwwhomes.uni-bielefeld.de/achim/octal.html>
//! and <http://wwwhomes.uni-bielefeld.de/achim/grundy.html>): the mask of
//! the sparse space, the rare positions, the largest value.
//!
//! **Grundy's game** (P. M. Grundy, 1939; OEIS A002188): a move splits one
//! heap into two non-empty *unequal* heaps, so
//! G(n) = mex{G(a) ⊕ G(n − a) : 1 ≤ a < n/2}. It is no octal code (4.0
//! allows equal splits too); [`OctalSequence::grundys_game`] computes it
//! with the same sparse-space method, whose lemma is about the pairs listed
//! and is untouched by leaving one pair out.
//!
//! **What a run claims.** Only G on [0, N), computed by the mex rule (the
//! mask decides the order of work, never a value, `values`). Whether a
//! period shows on that prefix is decided by [`find_period`] with the
//! octal range j(q + p) + t + 1 ≤ N (t = 0, j = 2 for Grundy's game); for
//! an octal code a (q, p) found is proved by the Octal Periodicity Theorem
//! (`period`). For Grundy's game the theorem's proof does not carry over
//! (a split (a, c) of n + p with c − p = a has no unequal counterpart in
//! n), so a (q, p) found would be a pattern on the prefix only. When none
//! is found the statement is open: "no period below N" says that G on
//! [0, N) is not p-periodic from q for any q, p with 2(q + p) + t + 1 ≤ N,
//! nothing about larger N.
//!
//! **The state file** (`--state`): the values computed so far, written
//! every `--every` positions and at the end, atomically (a temporary file
//! renamed over the old one), with a header naming the game, the count and
//! an FNV-1a checksum of the values. A run started with an existing state
//! file of the same game resumes from its values (a different game, a bad
//! checksum or a size that does not match the header is refused): the
//! checksum catches a damaged file, not a forged one; the values of a
//! resumed run are as trustworthy as the file.

use super::code::{OctalCode, Reach};
use super::period::find_period;
use super::values::{Method, OctalSequence};
use std::fmt;
use std::io::{Read, Write};
use std::path::Path;

/// The game of a long run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LongGame {
    /// An octal or hexadecimal code.
    Octal(OctalCode),
    /// Grundy's game: split a heap into two unequal heaps.
    Grundy,
}

impl LongGame {
    /// `grundy` (any case) or a code [`OctalCode::parse`] reads.
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.trim().eq_ignore_ascii_case("grundy") {
            return Ok(LongGame::Grundy);
        }
        OctalCode::parse(text)
            .map(LongGame::Octal)
            .map_err(|e| format!("{e} (or `grundy` for Grundy's game)"))
    }

    /// An empty sequence of the game, by rare values.
    pub fn sequence(&self) -> OctalSequence {
        match self {
            LongGame::Octal(code) => OctalSequence::new(code, Method::Rare),
            LongGame::Grundy => OctalSequence::grundys_game(Method::Rare),
        }
    }

    /// j and t of the period test (Grundy's game: two heaps, t = 0).
    pub fn reach(&self) -> Reach {
        match self {
            LongGame::Octal(code) => code.reach(),
            LongGame::Grundy => Reach { heaps: 2, t: 0 },
        }
    }

    /// Whether a period found on a prefix is proved (the Octal
    /// Periodicity Theorem covers octal and hexadecimal codes, not
    /// Grundy's game's unequal splits).
    pub fn period_is_proved(&self) -> bool {
        matches!(self, LongGame::Octal(_))
    }
}

impl fmt::Display for LongGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LongGame::Octal(code) => write!(f, "{code}"),
            LongGame::Grundy => f.write_str("grundy"),
        }
    }
}

/// What a run found on [0, N).
#[derive(Clone, Debug, serde::Serialize)]
pub struct RunSummary {
    /// The game, as `LongGame`'s display.
    pub game: String,
    /// N: the heap sizes computed.
    pub computed: u64,
    /// Heap sizes read from the state file at the start (0 for a fresh run).
    pub resumed_from: u64,
    /// The largest G(n), n < N, and the first n where it occurs.
    pub largest: u32,
    pub largest_at: u64,
    /// The sparse-space split the run ended with (mask, position parity f
    /// when the class also reads (n + f) mod 2).
    pub mask: Option<u32>,
    pub position_parity: Option<u32>,
    /// The rare positions 1 ≤ n < N under that split, with G(n).
    pub rare: Vec<(u64, u32)>,
    /// The least (q, p) with G p-periodic from q on the prefix and
    /// j(q + p) + t + 1 ≤ N, if any.
    pub period: Option<(u64, u64)>,
    /// Whether such a (q, p) is proved for all n (octal codes).
    pub period_proved: bool,
    /// Pairs of heaps looked at by this run (not by the resumed part).
    pub work: u64,
    /// The published figures compared ([`compare`]).
    pub published: Vec<Comparison>,
}

/// Why a run stopped without a summary.
#[derive(Debug)]
pub enum RunError {
    /// A bad state file or argument (exit 2).
    Input(String),
    /// A file that cannot be read or written (exit 4).
    Io(String),
    /// The work bound (exit 3), after `computed` heap sizes (the state
    /// file, if any, holds them).
    Work { computed: u64 },
}

/// The first line of a state file.
const MAGIC: &str = "nimcert values 1";

/// FNV-1a over the values' little-endian bytes.
fn checksum(values: &[u32]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in values.iter().flat_map(|v| v.to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// Writes the state file: header lines, then the values as little-endian
/// u32, through a temporary file renamed into place.
pub fn write_state(path: &Path, game: &LongGame, values: &[u32]) -> Result<(), RunError> {
    let io = |e: std::io::Error| RunError::Io(format!("{}: {e}", path.display()));
    let tmp = path.with_extension("partial");
    {
        let file = std::fs::File::create(&tmp).map_err(io)?;
        let mut out = std::io::BufWriter::new(file);
        writeln!(out, "{MAGIC}").map_err(io)?;
        writeln!(out, "game {game}").map_err(io)?;
        writeln!(out, "count {}", values.len()).map_err(io)?;
        writeln!(out, "fnv1a {:016x}", checksum(values)).map_err(io)?;
        for chunk in values.chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|v| v.to_le_bytes()).collect();
            out.write_all(&bytes).map_err(io)?;
        }
        out.flush().map_err(io)?;
        out.get_ref().sync_all().map_err(io)?;
    }
    std::fs::rename(&tmp, path).map_err(io)
}

/// Reads a state file of `game` with at most `max_count` values.
pub fn read_state(path: &Path, game: &LongGame, max_count: u64) -> Result<Vec<u32>, RunError> {
    let shown = path.display();
    let io = |e: std::io::Error| RunError::Io(format!("{shown}: {e}"));
    let bad = |why: &str| RunError::Input(format!("{shown}: {why}"));
    let file = std::fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    let mut input = std::io::BufReader::new(file);
    let mut header = Vec::new();
    for _ in 0..4 {
        let mut line = Vec::new();
        for byte in (&mut input).bytes().take(200) {
            let byte = byte.map_err(io)?;
            if byte == b'\n' {
                break;
            }
            line.push(byte);
        }
        header.push(String::from_utf8(line).map_err(|_| bad("not a nimcert values file"))?);
    }
    let field = |i: usize, key: &str| {
        header[i]
            .strip_prefix(key)
            .map(str::to_string)
            .ok_or_else(|| bad("not a nimcert values file (its header is damaged)"))
    };
    if header[0] != MAGIC {
        return Err(bad("not a nimcert values file (version 1)"));
    }
    let stored = field(1, "game ")?;
    if stored != game.to_string() {
        return Err(bad(&format!("holds the values of {stored}, not of {game}")));
    }
    let count: u64 = field(2, "count ")?
        .parse()
        .map_err(|_| bad("its count is not a number"))?;
    let sum = u64::from_str_radix(&field(3, "fnv1a ")?, 16).map_err(|_| bad("bad checksum"))?;
    if count > max_count {
        return Err(bad(&format!(
            "holds {count} values, more than --to {max_count}"
        )));
    }
    let head: u64 = header.iter().map(|l| l.len() as u64 + 1).sum();
    if size != head + 4 * count {
        return Err(bad("its size does not match its count (a damaged file)"));
    }
    let mut bytes = vec![0u8; 4 * count as usize];
    input.read_exact(&mut bytes).map_err(io)?;
    let values: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    if checksum(&values) != sum {
        return Err(bad(
            "its checksum does not match its values (a damaged file)",
        ));
    }
    Ok(values)
}

/// How a run is bounded and saved.
pub struct RunOptions<'a> {
    /// N: compute G on [0, N).
    pub to: u64,
    /// The state file, read at the start if it exists, written every
    /// `every` positions and at the end.
    pub state: Option<&'a Path>,
    pub every: u64,
    /// Pairs of heaps looked at, at most (this run).
    pub max_work: u64,
}

/// Computes G of `game` on [0, N) (resuming from the state file), calling
/// `progress` with the heap sizes done after each step of at most 2^20.
pub fn run(
    game: &LongGame,
    options: &RunOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<RunSummary, RunError> {
    let mut sequence = game.sequence();
    let mut resumed_from = 0;
    if let Some(path) = options.state.filter(|p| p.exists()) {
        let values = read_state(path, game, options.to)?;
        resumed_from = values.len() as u64;
        sequence.resume(values);
    }
    let to =
        usize::try_from(options.to).map_err(|_| RunError::Input("--to is too large".into()))?;
    let mut saved = sequence.values().len();
    while sequence.values().len() < to {
        let next = (sequence.values().len() + (1 << 20)).min(to);
        if !sequence.extend_to(next, options.max_work) {
            if let Some(path) = options.state {
                write_state(path, game, sequence.values())?;
            }
            return Err(RunError::Work {
                computed: sequence.values().len() as u64,
            });
        }
        progress(next as u64);
        if let Some(path) = options.state {
            if (next - saved) as u64 >= options.every && next < to {
                write_state(path, game, sequence.values())?;
                saved = next;
            }
        }
    }
    if let Some(path) = options.state {
        write_state(path, game, sequence.values())?;
    }
    Ok(summarize(game, &mut sequence, resumed_from))
}

/// The statistics of a finished run: the rare positions under the split
/// with the fewest over the whole prefix (as the published tables count
/// them), which may differ from the split the run last worked with.
fn summarize(game: &LongGame, sequence: &mut OctalSequence, resumed_from: u64) -> RunSummary {
    let hint = sequence.fewest_rare().map(|(split, _)| split);
    let values = sequence.values();
    let (largest_at, largest) =
        values.iter().enumerate().fold(
            (0, 0),
            |(at, top), (n, &v)| if v > top { (n, v) } else { (at, top) },
        );
    let rare = match hint {
        Some((mask, parity)) => values
            .iter()
            .enumerate()
            .skip(1)
            .filter(|&(n, &v)| {
                let shift = parity.map_or(0, |f| (n as u32).wrapping_add(f) & 1);
                ((v & mask).count_ones() & 1) ^ shift == 0
            })
            .map(|(n, &v)| (n as u64, v))
            .collect(),
        None => Vec::new(),
    };
    let period = find_period(values, game.reach());
    RunSummary {
        game: game.to_string(),
        computed: values.len() as u64,
        resumed_from,
        largest,
        largest_at: largest_at as u64,
        mask: hint.map(|(m, _)| m),
        position_parity: hint.and_then(|(_, f)| f),
        rare,
        period_proved: period.is_some() && game.period_is_proved(),
        period,
        work: sequence.work(),
        published: compare(game, values),
    }
}

/// Published values a long run is compared with, quoted (sources cited).
pub struct PublishedTerms {
    /// The game, as [`LongGame`]'s display.
    pub game: &'static str,
    /// The source and its address.
    pub source: &'static str,
    /// The first n listed.
    pub offset: u64,
    /// G(offset), G(offset + 1), … as printed.
    pub terms: &'static [u32],
}

/// The listed terms (`%S %T %U`) of OEIS A002188 (Grundy's game, offset
/// 0), A019591 (named as Grundy's game: "divide precisely one set of coins
/// into two subsets of different sizes", offset 1) and A046695 (0.6,
/// Officers, offset 0), read from the stored copies (oeis/oeisdata
/// `seq/A046/A046695.seq` and `seq/A019/A019591.seq` at commit 1ebf49cf;
/// oeis.org A002188's internal page). A019591's terms differ from G at
/// n = 9 (listed 3; the splits of 9 give {0, 2}, so G(9) = 1): they are
/// what combining the two heaps' values by OR instead of XOR gives (the
/// splits then give {0, 1, 2}); `nimcert values grundy` reports the
/// difference (exit 1).
pub const PUBLISHED_TERMS: &[PublishedTerms] = &[
    PublishedTerms {
        game: "grundy",
        source: "OEIS A002188, https://oeis.org/A002188",
        offset: 0,
        terms: &[
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2,
            1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3,
            7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
        ],
    },
    PublishedTerms {
        game: "grundy",
        source: "OEIS A019591, https://oeis.org/A019591",
        offset: 1,
        terms: &[
            0, 0, 1, 0, 2, 1, 0, 2, 3, 0, 1, 4, 0, 2, 4, 0, 2, 3, 0, 1, 4, 0, 2, 4, 0, 2, 6, 0, 1,
            3, 0, 2, 5, 0, 2, 6, 0, 1, 8, 0, 2, 3, 0, 2, 6, 0, 1, 4, 0, 2, 4, 0, 2, 3, 0, 1, 4, 0,
            2, 8, 0, 2, 8, 0, 1, 3, 0, 2, 5, 0, 2, 7, 0, 1, 8, 0, 2, 3, 0, 2, 8, 0, 1, 4, 0, 2, 4,
            0, 2, 3, 0, 1, 4, 0, 2, 8, 0, 2, 6,
        ],
    },
    PublishedTerms {
        game: "0.6",
        source: "OEIS A046695, https://oeis.org/A046695",
        offset: 0,
        terms: &[
            0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1, 4, 5, 1,
            2, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 0, 2, 8, 4, 5, 3, 4, 5, 6, 2, 5, 1,
            2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 2, 3, 1,
            2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4,
        ],
    },
];

/// A. Flammenkamp's "Known Sparse SGV of Grundy's Game"
/// (<http://wwwhomes.uni-bielefeld.de/achim/grundy.html>, stored copy):
/// the sparse set is the n with an even number of 1-bits in G(n) without
/// its lowest bit (mask m = …11110), and the page lists every such (n,
/// G(n)) in increasing n; the stored copy shows them up to n = 231 (of
/// "1287 known"). Quoted as printed.
pub const FLAMMENKAMP_GRUNDY_SPARSE: &[(u64, u32)] = &[
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 1),
    (4, 0),
    (6, 1),
    (7, 0),
    (9, 1),
    (10, 0),
    (12, 1),
    (15, 1),
    (20, 0),
    (23, 0),
    (26, 0),
    (28, 1),
    (31, 1),
    (34, 1),
    (37, 1),
    (40, 1),
    (43, 1),
    (46, 1),
    (49, 1),
    (50, 0),
    (52, 1),
    (53, 0),
    (55, 1),
    (58, 1),
    (61, 1),
    (87, 7),
    (90, 7),
    (93, 7),
    (146, 6),
    (149, 6),
    (152, 6),
    (158, 11),
    (161, 11),
    (164, 11),
    (167, 11),
    (176, 7),
    (179, 7),
    (181, 12),
    (182, 7),
    (185, 7),
    (188, 7),
    (190, 12),
    (193, 12),
    (196, 10),
    (231, 10),
];

/// The largest n [`FLAMMENKAMP_GRUNDY_SPARSE`] is complete to.
pub const FLAMMENKAMP_GRUNDY_SPARSE_TO: u64 = 231;

/// One row of T. Czajka's table of non-trivial solved octal games
/// (`SolvedGames.md` of the repository tczajka/octal-games, stored copy at
/// commit 30baeb79): pre-period ("prefix"), period, the first heap of the
/// largest value and that value, the rare mask (and whether the class also
/// reads the position's parity, "1+pos"), the number of rare positions
/// (n = 0 included) and the last one. Quoted as printed; 0.165's mask
/// columns are empty there (`None`).
pub struct SolvedRow {
    pub code: &'static str,
    pub preperiod: u64,
    pub period: u64,
    pub largest_at: u64,
    pub largest: u32,
    pub rare: Option<(u32, bool, u64, u64)>,
}

/// T. Czajka's solved games, every row.
pub const CZAJKA_SOLVED: &[SolvedRow] = &[
    SolvedRow {
        code: "0.45",
        preperiod: 498,
        period: 20,
        largest_at: 37,
        largest: 8,
        rare: Some((0xf, false, 11, 198)),
    },
    SolvedRow {
        code: "0.156",
        preperiod: 3479,
        period: 349,
        largest_at: 1032,
        largest: 23,
        rare: Some((0x1b, false, 15, 357)),
    },
    SolvedRow {
        code: "0.356",
        preperiod: 7315,
        period: 142,
        largest_at: 86,
        largest: 19,
        rare: Some((0x1b, false, 7, 43)),
    },
    SolvedRow {
        code: "0.644",
        preperiod: 3256,
        period: 442,
        largest_at: 333,
        largest: 64,
        rare: Some((0x7e, false, 31, 511)),
    },
    SolvedRow {
        code: "0.165",
        preperiod: 5181,
        period: 1550,
        largest_at: 620,
        largest: 25,
        rare: None,
    },
    SolvedRow {
        code: "0.16",
        preperiod: 105351,
        period: 149459,
        largest_at: 229790,
        largest: 23,
        rare: Some((0x1e, false, 53, 13935)),
    },
    SolvedRow {
        code: "0.56",
        preperiod: 326640,
        period: 144,
        largest_at: 22778,
        largest: 64,
        rare: Some((0x5b, false, 46, 1795)),
    },
    SolvedRow {
        code: "0.127",
        preperiod: 46578,
        period: 4,
        largest_at: 24734,
        largest: 56,
        rare: Some((0x1, true, 693, 27106)),
    },
    SolvedRow {
        code: "0.376",
        preperiod: 2268248,
        period: 4,
        largest_at: 341612,
        largest: 176,
        rare: Some((0xfe, false, 510, 1140540)),
    },
    SolvedRow {
        code: "0.354",
        preperiod: 10061916,
        period: 1180,
        largest_at: 1152,
        largest: 113,
        rare: Some((0x3f, false, 132, 3227)),
    },
];

/// One row of T. Czajka's table of unsolved games (`UnsolvedGames.md`,
/// same copy): G computed on [0, n), the first heap of the largest value
/// and that value, the rare mask, the rare positions (n = 0 counted) and
/// the last one. The rows with figures, every one; the table lists 80 more
/// codes without figures.
pub struct UnsolvedRow {
    pub game: &'static str,
    pub computed: u64,
    pub largest_at: u64,
    pub largest: u32,
    pub mask: u32,
    pub rare: u64,
    pub last_rare: u64,
}

/// T. Czajka's unsolved games with figures.
pub const CZAJKA_UNSOLVED: &[UnsolvedRow] = &[
    UnsolvedRow {
        game: "grundy",
        computed: 1 << 21,
        largest_at: 763622,
        largest: 231,
        mask: 0xfe,
        rare: 1274,
        last_rare: 82860,
    },
    UnsolvedRow {
        game: "0.6",
        computed: 1 << 21,
        largest_at: 1274955,
        largest: 319,
        mask: 0x1ee,
        rare: 1584,
        last_rare: 20627,
    },
    UnsolvedRow {
        game: "0.04",
        computed: 1 << 17,
        largest_at: 109363,
        largest: 1024,
        mask: 0x7b8,
        rare: 18860,
        last_rare: 131003,
    },
    UnsolvedRow {
        game: "0.06",
        computed: 1 << 17,
        largest_at: 127083,
        largest: 1045,
        mask: 0x5a0,
        rare: 52923,
        last_rare: 131070,
    },
];

/// The rare positions n ≥ 0 of `values` under `mask`, with the position's
/// parity when `position` (the parity f of the two with fewer rare
/// positions): (count, last). n = 0 is counted when it is rare, as the
/// published tables count it.
pub fn rare_under(values: &[u32], mask: u32, position: bool) -> (u64, u64) {
    let tally = |f: Option<u32>| {
        let rare = |(n, v): &(usize, &u32)| {
            let shift = f.map_or(0, |f| (*n as u32).wrapping_add(f) & 1);
            ((**v & mask).count_ones() & 1) ^ shift == 0
        };
        let count = values.iter().enumerate().filter(rare).count() as u64;
        let last = values
            .iter()
            .enumerate()
            .filter(rare)
            .map(|(n, _)| n as u64)
            .next_back();
        (count, last.unwrap_or(0))
    };
    if position {
        let (a, b) = (tally(Some(0)), tally(Some(1)));
        if a.0 <= b.0 {
            a
        } else {
            b
        }
    } else {
        tally(None)
    }
}

/// One comparison of computed values with a publication.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Comparison {
    pub source: String,
    /// Values compared (0 when the run is too short to reach them).
    pub compared: u64,
    /// The first n where the publication and G differ: (n, published,
    /// computed).
    pub first_difference: Option<(u64, u32, u32)>,
}

/// Compares G on [0, N) with every publication about `game`: the listed
/// terms, and for Grundy's game Flammenkamp's sparse positions (the n ≤ 231
/// with an even number of 1-bits in G(n) ∧ …11110, each with its value).
pub fn compare(game: &LongGame, values: &[u32]) -> Vec<Comparison> {
    let name = game.to_string();
    let mut out: Vec<Comparison> = PUBLISHED_TERMS
        .iter()
        .filter(|p| p.game == name)
        .map(|p| {
            let pairs = p
                .terms
                .iter()
                .enumerate()
                .map(|(i, &t)| (p.offset + i as u64, t));
            let known: Vec<(u64, u32)> = pairs.filter(|&(n, _)| n < values.len() as u64).collect();
            Comparison {
                source: p.source.to_string(),
                compared: known.len() as u64,
                first_difference: known
                    .iter()
                    .find(|&&(n, t)| values[n as usize] != t)
                    .map(|&(n, t)| (n, t, values[n as usize])),
            }
        })
        .collect();
    if *game == LongGame::Grundy && values.len() as u64 > FLAMMENKAMP_GRUNDY_SPARSE_TO {
        let sparse = |v: u32| (v & !1).count_ones().is_multiple_of(2);
        let ours: Vec<(u64, u32)> = (0..=FLAMMENKAMP_GRUNDY_SPARSE_TO)
            .filter(|&n| sparse(values[n as usize]))
            .map(|n| (n, values[n as usize]))
            .collect();
        let first_difference = ours
            .iter()
            .zip(FLAMMENKAMP_GRUNDY_SPARSE)
            .find(|(a, b)| a != b)
            .map(|(&(n, v), &(m, w))| {
                if n <= m {
                    (n, w, v)
                } else {
                    (m, w, values[m as usize])
                }
            })
            .or_else(|| match ours.len().cmp(&FLAMMENKAMP_GRUNDY_SPARSE.len()) {
                std::cmp::Ordering::Equal => None,
                _ => Some((FLAMMENKAMP_GRUNDY_SPARSE_TO, 0, 0)),
            });
        out.push(Comparison {
            source: "A. Flammenkamp, Known Sparse SGV of Grundy's Game (n ≤ 231), \
                     http://wwwhomes.uni-bielefeld.de/achim/grundy.html"
                .to_string(),
            compared: FLAMMENKAMP_GRUNDY_SPARSE.len() as u64,
            first_difference,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_run_has_the_values_of_an_unbroken_one() {
        let dir = std::env::temp_dir().join(format!("nimcert-long-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let state = dir.join("grundy.values");
        let game = LongGame::Grundy;
        let options = |to| RunOptions {
            to,
            state: Some(&state),
            every: 1000,
            max_work: u64::MAX,
        };
        let first = run(&game, &options(3000), &mut |_| {}).unwrap();
        assert_eq!((first.computed, first.resumed_from), (3000, 0));
        let second = run(&game, &options(9000), &mut |_| {}).unwrap();
        assert_eq!((second.computed, second.resumed_from), (9000, 3000));
        let values = read_state(&state, &game, 9000).unwrap();
        let mut unbroken = OctalSequence::grundys_game(Method::Direct);
        unbroken.extend_to(9000, u64::MAX);
        assert_eq!(values, unbroken.values());
        // Another game's state, a damaged file, too many values: refused.
        let officers = LongGame::parse("0.6").unwrap();
        assert!(matches!(
            read_state(&state, &officers, 9000),
            Err(RunError::Input(_))
        ));
        assert!(matches!(
            read_state(&state, &game, 8999),
            Err(RunError::Input(_))
        ));
        let mut bytes = std::fs::read(&state).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&state, &bytes).unwrap();
        assert!(matches!(
            read_state(&state, &game, 9000),
            Err(RunError::Input(_))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn grundys_game_has_no_period_below_ten_thousand() {
        let summary = run(
            &LongGame::Grundy,
            &RunOptions {
                to: 10_000,
                state: None,
                every: u64::MAX,
                max_work: u64::MAX,
            },
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(summary.period, None);
        assert!(!summary.rare.is_empty());
    }

    /// T. Czajka's table against G: every row whose proof fits in 10^5
    /// heap sizes here (the others, 0.16, 0.56, 0.376, 0.354 and 0.165's
    /// longer one, are compared by `nimcert values` in docs/RECORD.md).
    #[test]
    fn czajkas_solved_games_have_the_published_statistics() {
        let mut compared = 0;
        for row in CZAJKA_SOLVED {
            let game = LongGame::parse(row.code).unwrap();
            let reach = game.reach();
            let needed = super::super::period::proof_length(row.preperiod, row.period, reach);
            if needed > 100_000 {
                continue;
            }
            let mut sequence = game.sequence();
            sequence.extend_to(needed as usize, u64::MAX);
            let values = sequence.values();
            assert_eq!(
                find_period(values, reach),
                Some((row.preperiod, row.period)),
                "{}",
                row.code
            );
            let top = *values.iter().max().unwrap();
            let at = values.iter().position(|&v| v == top).unwrap() as u64;
            assert_eq!((at, top), (row.largest_at, row.largest), "{}", row.code);
            if let Some((mask, position, count, last)) = row.rare {
                assert_eq!(
                    rare_under(values, mask, position),
                    (count, last),
                    "{}",
                    row.code
                );
            }
            compared += 1;
        }
        assert_eq!(compared, 6);
    }

    /// T. Czajka's unsolved games at 2^17 (0.04, 0.06; Grundy's game and
    /// 0.6 at 2^21 by `nimcert values`, docs/RECORD.md): the largest value,
    /// where, and the rare positions under the published mask.
    #[test]
    fn czajkas_unsolved_games_have_the_published_statistics() {
        for row in CZAJKA_UNSOLVED.iter().filter(|r| r.computed <= 1 << 17) {
            let game = LongGame::parse(row.game).unwrap();
            let mut sequence = game.sequence();
            sequence.extend_to(row.computed as usize, u64::MAX);
            let values = sequence.values();
            let top = *values.iter().max().unwrap();
            let at = values.iter().position(|&v| v == top).unwrap() as u64;
            assert_eq!((at, top), (row.largest_at, row.largest), "{}", row.game);
            assert_eq!(
                rare_under(values, row.mask, false),
                (row.rare, row.last_rare),
                "{}",
                row.game
            );
            assert_eq!(
                sequence.fewest_rare().map(|(split, _)| split),
                Some((row.mask, None))
            );
        }
    }

    #[test]
    fn the_published_grundy_and_officers_figures_agree() {
        for game in [LongGame::Grundy, LongGame::parse("0.6").unwrap()] {
            let mut sequence = game.sequence();
            sequence.extend_to(2000, u64::MAX);
            let found = compare(&game, sequence.values());
            assert!(!found.is_empty());
            for c in found {
                assert!(c.compared > 40, "{c:?}");
                if c.source.starts_with("OEIS A019591") {
                    // Listed 3 at n = 9, where the splits 1 + 8, 2 + 7,
                    // 3 + 6, 4 + 5 give 0 ⊕ 2, 0 ⊕ 0, 1 ⊕ 1, 0 ⊕ 2.
                    assert_eq!(c.first_difference, Some((9, 3, 1)), "{c:?}");
                } else {
                    assert_eq!(c.first_difference, None, "{c:?}");
                }
            }
        }
        // A changed value is found.
        let mut sequence = LongGame::Grundy.sequence();
        sequence.extend_to(300, u64::MAX);
        let mut values = sequence.values().to_vec();
        values[87] = 5;
        let found = compare(&LongGame::Grundy, &values);
        assert_eq!(found[0].first_difference, Some((87, 7, 5)));
        assert!(found.last().unwrap().first_difference.is_some());
    }
}
