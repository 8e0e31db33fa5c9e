//! Published claims about octal games, audited by `nimcert audit`.
//!
//! Each entry records one statement made by one public source about one
//! octal game 0.d1d2…dt (from a heap of n, removing k tokens may leave no
//! heap if bit 1 of d_k is set, one heap if bit 2, two non-empty heaps if
//! bit 4). The entries are quoted, not derived: nothing here was recomputed
//! to fill a gap, and an entry says only what its source says (paraphrased).
//!
//! # Sources
//!
//! - The OEIS entries "Sprague-Grundy values for octal game …" (A002186,
//!   A002187, A046695, A071074, A071426–A071464, A071509, A1258xx–A1259xx),
//!   read from the library's stored copy of the `oeis/oeisdata` repository
//!   (`seq/Axxx/Axxxxxx.seq`; commit 1ebf49cf for most entries, 046f1e08 for
//!   A071441, 1e4bb630 for A071443). Most period figures there are due to
//!   C. G. Bower, E. M. Schmidt and R. Sabey, several citing A. Flammenkamp's
//!   tables (<https://wwwhomes.uni-bielefeld.de/achim/octal.html>), whose own
//!   pages the library holds only as an introduction (no table rows).
//! - T. R. Plambeck's page on 0.177 (stored copy of plambeck.org).
//! - The README of the octal-games project mirrored at
//!   `gitblind.noratr.app/beling/tczajka-octal-games`, which lists errors in
//!   Winning Ways' game locator and in Flammenkamp's equivalence tables.
//! - The chapter "Searching for periodicity in Officers" in Games of No
//!   Chance 5 (Cambridge University Press, online 29 May 2025), stored as a
//!   proxy copy of the cambridge.org page whose address is given here.
//!
//! The stored copies carry no read date of their own; they were read from
//! the library in this session of the project.
//!
//! # Indexing: what "n" means
//!
//! Every OEIS entry here has a(n) = G(n), the value of a heap of n tokens,
//! whatever its offset: the offset (`%O`, kept in [`Published::offset`]) only
//! says where the listed terms start (offset 1 entries omit G(0) = 0). This
//! was checked, not assumed: for every OEIS entry used, the listed terms were
//! compared with a naive mex computation under the rules above and agreed
//! term for term at the stated offset. By hand: .177 (offset 1) starts
//! 1, 1, 2, 2; G(1) = 1 (d1 = 1 takes a lone token), and from a heap of 2
//! the only move is taking both (d2 = 7; d1 = 1 cannot leave a heap), so
//! G(2) = mex{0} = 1. .137 (offset 0) starts 0, 1, 1, 2; G(3) = mex{G(0),
//! G(1)} = 2 (take 3, or take 2 leaving 1).
//!
//! So "the last exception is at n = E" means G(E) ≠ G(E + P) and
//! G(n + P) = G(n) for all n > E: the least pre-period is E + 1. "The only exceptions are n = …"
//! lists every such n; its largest element is stored as the last exception
//! and the full list in [`Published::exceptions`]. A071458 (.106) states the
//! pre-period directly (465384263797) and the last exceptional value
//! G(465384263796); both agree with this reading.
//!
//! # Equivalences: what "values a(n − k)" means
//!
//! "Octal game Y has values a(n − k)" is stored as `(Y, k)` in
//! [`Published::same_values`], meaning G_Y(n) = G_X(n − k) for n ≥ k, where
//! X is the entry's code (since a(m) = G_X(m) at either offset, no offset
//! correction is needed); for n < k, G_Y(n) = 0 is implied (Y cannot move
//! from such small heaps). A title naming several codes ("octal games .127
//! and .1271", ".560-.563") is stored as shift 0 equivalences of the first.
//! Codes are normalised to "0.d1…dt" with the last digit non-zero, so ".4540"
//! (from ".4RZj" with j = 0) becomes "0.454". Codes with a non-zero digit
//! before the point (4.4, 4.777, …) are outside the 0.d1…dt form and are
//! left out.

/// One published claim about one octal game.
pub struct Published {
    /// The code as published, normalised to "0.d1d2…dt" (last digit non-zero).
    pub code: &'static str,
    /// Where it is published, e.g. "OEIS A071435".
    pub source: &'static str,
    /// The address of the source page.
    pub url: &'static str,
    /// The claim in our words (not a verbatim copy).
    pub claim: &'static str,
    /// For an OEIS entry, its offset: the n of the first listed term
    /// (a(n) = G(n) at either offset, see the module docs); `None` otherwise.
    pub offset: Option<u64>,
    /// The claimed least period, if the source states one.
    pub period: Option<u64>,
    /// The claimed last exceptional heap size (so the least pre-period is
    /// last_exception + 1), if stated.
    pub last_exception: Option<u64>,
    /// Every exceptional heap size, when the source lists them all ("the
    /// only exceptions are n = …"); empty when it does not.
    pub exceptions: &'static [u64],
    /// Other codes stated to have the same values shifted: (code, k) means
    /// G_code(n) = G_this(n − k) for n ≥ k (and G_code(n) = 0 for n < k).
    pub same_values: &'static [(&'static str, u64)],
    /// Codes the source says do NOT have the same values as this one (an
    /// erratum to another table), with the first heap size where they differ
    /// when stated.
    pub differs_from: &'static [(&'static str, Option<u64>)],
    /// True when the source says the game is unsolved / not known to be periodic.
    pub open: bool,
}

/// The first terms some OEIS entries list (`%S`, from their offset), as
/// printed: the audit reads them against G to tell an indexing slip from a
/// wrong figure when a published last exception disagrees with the proof
/// (`O.OEIS-A071436.0.56`).
pub const LISTED_TERMS: &[(&str, &[u32])] = &[(
    "OEIS A071436",
    &[1, 0, 2, 2, 4, 1, 1, 3, 2, 4, 4, 6, 6, 2, 1, 1, 7, 6, 8, 4],
)];

/// Entries whose period figures cite one publication: (the publication,
/// the entries' sources). The OEIS entries for .16, .56 and .127 all cite
/// A. Gangolli and T. Plambeck, "A Note on Periodicity in Some Octal
/// Games", Int. J. Game Theory 18 (1989), 311–320.
pub const CITED: &[(&str, &[&str])] = &[(
    "Gangolli and Plambeck (1989)",
    &["OEIS A071430", "OEIS A071436", "OEIS A071464"],
)];

/// The collected claims, in the order of their codes (then of their sources).
pub const PUBLISHED: &[Published] = &[
    Published {
        code: "0.1007",
        source: "OEIS A071444",
        url: "https://oeis.org/A071444",
        claim: "values only (no period stated); .014 has values a(n-1)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.014", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.10137",
        source: "OEIS A071442",
        url: "https://oeis.org/A071442",
        claim: "values only (no period stated); .0107 has values a(n-1), .005 a(n-2)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.0107", 1), ("0.005", 2)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1037",
        source: "OEIS A071446",
        url: "https://oeis.org/A071446",
        claim: "values only (no period stated); .016 has values a(n-1)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.016", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.104",
        source: "OEIS A071457",
        url: "https://oeis.org/A071457",
        claim: "eventually periodic with period 11770282; last exception at n = 197769597",
        offset: Some(1),
        period: Some(11770282),
        last_exception: Some(197769597),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.106",
        source: "OEIS A071458",
        url: "https://oeis.org/A071458",
        claim: "least period 328226140474 and least pre-period 465384263797, the last exceptional value being G(465384263796) = 25 (comment by A. Flammenkamp, 2002)",
        offset: Some(1),
        period: Some(328226140474),
        last_exception: Some(465384263796),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1077",
        source: "OEIS A071454",
        url: "https://oeis.org/A071454",
        claim: "eventually periodic with period 10015179; last exception at n = 193235614; .054 and .056 have values a(n-1)",
        offset: Some(1),
        period: Some(10015179),
        last_exception: Some(193235614),
        exceptions: &[],
        same_values: &[("0.054", 1), ("0.056", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1107",
        source: "OEIS A071445",
        url: "https://oeis.org/A071445",
        claim: "values only (no period stated); .015 has values a(n-1)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.015", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1113337",
        source: "OEIS A071441",
        url: "https://oeis.org/A071441",
        claim: "values only (no period stated); .011337 has values a(n-1), .00137 a(n-2), .004 a(n-4)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.011337", 1), ("0.00137", 2), ("0.004", 4)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.113337",
        source: "OEIS A071443",
        url: "https://oeis.org/A071443",
        claim: "values only (no period stated); .01337 has values a(n-1), .0037 a(n-2), .006 a(n-3)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.01337", 1), ("0.0037", 2), ("0.006", 3)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.11337",
        source: "OEIS A071426",
        url: "https://oeis.org/A071426",
        claim: "values only (no period stated); .04 has values a(n-3), .007 (Treblecross) a(n-2), .0137 a(n-1)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.04", 3), ("0.007", 2), ("0.0137", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.113377",
        source: "OEIS A071451",
        url: "https://oeis.org/A071451",
        claim: "eventually periodic with period 36; last exception at n = 210; .01377 has values a(n-1), .0077 a(n-2), .044 and .046 a(n-3)",
        offset: Some(1),
        period: Some(36),
        last_exception: Some(210),
        exceptions: &[],
        same_values: &[("0.01377", 1), ("0.0077", 2), ("0.044", 3), ("0.046", 3)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1137",
        source: "OEIS A071447",
        url: "https://oeis.org/A071447",
        claim: "eventually periodic with period 60; only exceptions n = 0, 7, 13; .017 has values a(n-1)",
        offset: Some(1),
        period: Some(60),
        last_exception: Some(13),
        exceptions: &[0, 7, 13],
        same_values: &[("0.017", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.11377",
        source: "OEIS A071452",
        url: "https://oeis.org/A071452",
        claim: "eventually periodic with period 32; last exception at n = 186; .0177 has values a(n-1); .045 and .047 have values a(n-2)",
        offset: Some(1),
        period: Some(32),
        last_exception: Some(186),
        exceptions: &[],
        same_values: &[("0.0177", 1), ("0.045", 2), ("0.047", 2)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.115",
        source: "OEIS A125829",
        url: "https://oeis.org/A125829",
        claim: "eventually periodic with period 14; the only exception is n = 0",
        offset: Some(1),
        period: Some(14),
        last_exception: Some(0),
        exceptions: &[0],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.116",
        source: "OEIS A071460",
        url: "https://oeis.org/A071460",
        claim: "eventually periodic with period 96; last exception at n = 138",
        offset: Some(1),
        period: Some(96),
        last_exception: Some(138),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.117",
        source: "OEIS A071453",
        url: "https://oeis.org/A071453",
        claim: "eventually periodic with period 48; only exceptions n = 2, 6, 7, 12, 16, 22, 26, 36, 46; .051 and .053 have values a(n-1)",
        offset: Some(1),
        period: Some(48),
        last_exception: Some(46),
        exceptions: &[2, 6, 7, 12, 16, 22, 26, 36, 46],
        same_values: &[("0.051", 1), ("0.053", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1177",
        source: "OEIS A071455",
        url: "https://oeis.org/A071455",
        claim: "eventually periodic with period 148; last exception at n = 257; .055 and .057 have values a(n-1)",
        offset: Some(1),
        period: Some(148),
        last_exception: Some(257),
        exceptions: &[],
        same_values: &[("0.055", 1), ("0.057", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.124",
        source: "OEIS A071461",
        url: "https://oeis.org/A071461",
        claim: "eventually periodic with period 62; last exception at n = 121; .124 and .1241 share the values",
        offset: Some(1),
        period: Some(62),
        last_exception: Some(121),
        exceptions: &[],
        same_values: &[("0.1241", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.125",
        source: "OEIS A071462",
        url: "https://oeis.org/A071462",
        claim: "values only (no period stated); .125 and .1251 share the values",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.1251", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.126",
        source: "OEIS A071463",
        url: "https://oeis.org/A071463",
        claim: "values only (no period stated); .126 and .1261 share the values",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.1261", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.127",
        source: "OEIS A071464",
        url: "https://oeis.org/A071464",
        claim: "eventually periodic with period 4; last exception at n = 46577 (citing Gangolli and Plambeck 1989); .127 and .1271 share the values",
        offset: Some(1),
        period: Some(4),
        last_exception: Some(46577),
        exceptions: &[],
        same_values: &[("0.1271", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1307",
        source: "OEIS A071450",
        url: "https://oeis.org/A071450",
        claim: "values only (no period stated); .034 and .035 have values a(n-1)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.034", 1), ("0.035", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.13137",
        source: "OEIS A071448",
        url: "https://oeis.org/A071448",
        claim: "values only (no period stated); .0307 has values a(n-1); .024 and .025 have values a(n-2)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.0307", 1), ("0.024", 2), ("0.025", 2)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.13337",
        source: "OEIS A071449",
        url: "https://oeis.org/A071449",
        claim: "values only (no period stated); .0337 has values a(n-1); .026 and .027 have values a(n-2)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.0337", 1), ("0.026", 2), ("0.027", 2)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1337",
        source: "OEIS A071427",
        url: "https://oeis.org/A071427",
        claim: "values only (no period stated); .036 and .037 have values a(n-1); .06, .061, .062, .063 have values a(n-2)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.036", 1), ("0.037", 1), ("0.06", 2), ("0.061", 2), ("0.062", 2), ("0.063", 2)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.13377",
        source: "OEIS A071456",
        url: "https://oeis.org/A071456",
        claim: "values only (no period stated); .0377 has values a(n-1); .064-.067 have values a(n-2)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.0377", 1), ("0.064", 2), ("0.065", 2), ("0.066", 2), ("0.067", 2)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.137",
        source: "OEIS A002187",
        url: "https://oeis.org/A002187",
        claim: "Dawson's Chess: period 34, only exceptions n = 0, 14, 16, 17, 31, 34, 51; .07 (Dawson's Kayles) has values a(n-1); .4, .401-.403, .42, .421-.423 have values a(n-2)",
        offset: Some(0),
        period: Some(34),
        last_exception: Some(51),
        exceptions: &[0, 14, 16, 17, 31, 34, 51],
        same_values: &[("0.07", 1), ("0.4", 2), ("0.401", 2), ("0.402", 2), ("0.403", 2), ("0.42", 2), ("0.421", 2), ("0.422", 2), ("0.423", 2)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1377",
        source: "OEIS A071434",
        url: "https://oeis.org/A071434",
        claim: "eventually periodic with period 24; last exception at n = 140; .074-.077 have values a(n-1); .440-.443 and .460-.463 have values a(n-2)",
        offset: Some(1),
        period: Some(24),
        last_exception: Some(140),
        exceptions: &[],
        same_values: &[("0.074", 1), ("0.075", 1), ("0.076", 1), ("0.077", 1), ("0.44", 2), ("0.441", 2), ("0.442", 2), ("0.443", 2), ("0.46", 2), ("0.461", 2), ("0.462", 2), ("0.463", 2)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.141",
        source: "OEIS A125912",
        url: "https://oeis.org/A125912",
        claim: "eventually periodic with period 11; last exception at n = 13",
        offset: Some(1),
        period: Some(11),
        last_exception: Some(13),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.144",
        source: "OEIS A125913",
        url: "https://oeis.org/A125913",
        claim: "eventually periodic with period 10; last exception at n = 3",
        offset: Some(1),
        period: Some(10),
        last_exception: Some(3),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.153",
        source: "OEIS A125917",
        url: "https://oeis.org/A125917",
        claim: "eventually periodic with period 14; last exception at n = 15",
        offset: Some(1),
        period: Some(14),
        last_exception: Some(15),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.154",
        source: "OEIS A125918",
        url: "https://oeis.org/A125918",
        claim: "eventually periodic with period 11; last exception at n = 3",
        offset: Some(1),
        period: Some(11),
        last_exception: Some(3),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.16",
        source: "OEIS A071430",
        url: "https://oeis.org/A071430",
        claim: "eventually periodic with period 149459; last exception at n = 105350",
        offset: Some(1),
        period: Some(149459),
        last_exception: Some(105350),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.161",
        source: "beling/tczajka-octal-games README",
        url: "https://gitblind.noratr.app/beling/tczajka-octal-games",
        claim: "Flammenkamp's tables wrongly map .161 to .36; the two first differ at heap size 519",
        offset: None,
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[],
        differs_from: &[("0.36", Some(519))],
        open: false,
    },
    Published {
        code: "0.17",
        source: "OEIS A071431",
        url: "https://oeis.org/A071431",
        claim: "eventually periodic with period 34; only exceptions n = 0, 15, 17, 32; also says Winning Ways p. 93 wrongly gives a(n) = A002187(n-1) xor 1 for odd n, first failing at n = 49",
        offset: Some(0),
        period: Some(34),
        last_exception: Some(32),
        exceptions: &[0, 15, 17, 32],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.176",
        source: "OEIS A125920",
        url: "https://oeis.org/A125920",
        claim: "eventually periodic with period 8; last exception at n = 23",
        offset: Some(1),
        period: Some(8),
        last_exception: Some(23),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.177",
        source: "OEIS A071435",
        url: "https://oeis.org/A071435",
        claim: "eventually periodic with period 20; last exception at n = 496; .450-.453 and .470-.473 have values a(n-1)",
        offset: Some(1),
        period: Some(20),
        last_exception: Some(496),
        exceptions: &[],
        same_values: &[("0.45", 1), ("0.451", 1), ("0.452", 1), ("0.453", 1), ("0.47", 1), ("0.471", 1), ("0.472", 1), ("0.473", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.177",
        source: "Plambeck, plambeck.org octal game 0.177",
        url: "http://www.plambeck.org/oldhtml/mathematics/games/misere/0177/index.htm",
        claim: "normal-play nim sequence has period 20 but settles only after about 500 values (no exact pre-period stated)",
        offset: None,
        period: Some(20),
        last_exception: None,
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.1777",
        source: "OEIS A071509",
        url: "https://oeis.org/A071509",
        claim: "eventually periodic with period 60620715; last exception at n = 160949017 (from Flammenkamp); .17771 shares the values; the 32 games .4RZj (R = 5, 7; Z = 4..7; j = 0..3) have values a(n-1)",
        offset: Some(1),
        period: Some(60620715),
        last_exception: Some(160949017),
        exceptions: &[],
        same_values: &[("0.17771", 0), ("0.454", 1), ("0.4541", 1), ("0.4542", 1), ("0.4543", 1), ("0.455", 1), ("0.4551", 1), ("0.4552", 1), ("0.4553", 1), ("0.456", 1), ("0.4561", 1), ("0.4562", 1), ("0.4563", 1), ("0.457", 1), ("0.4571", 1), ("0.4572", 1), ("0.4573", 1), ("0.474", 1), ("0.4741", 1), ("0.4742", 1), ("0.4743", 1), ("0.475", 1), ("0.4751", 1), ("0.4752", 1), ("0.4753", 1), ("0.476", 1), ("0.4761", 1), ("0.4762", 1), ("0.4763", 1), ("0.477", 1), ("0.4771", 1), ("0.4772", 1), ("0.4773", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.27",
        source: "beling/tczajka-octal-games README",
        url: "https://gitblind.noratr.app/beling/tczajka-octal-games",
        claim: "Winning Ways game locator should map .27 to .26, not to .06",
        offset: None,
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.26", 0)],
        differs_from: &[("0.06", None)],
        open: false,
    },
    Published {
        code: "0.314",
        source: "beling/tczajka-octal-games README",
        url: "https://gitblind.noratr.app/beling/tczajka-octal-games",
        claim: "Winning Ways game locator should not map .314 to .31",
        offset: None,
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[],
        differs_from: &[("0.31", None)],
        open: false,
    },
    Published {
        code: "0.316",
        source: "OEIS A125922",
        url: "https://oeis.org/A125922",
        claim: "eventually periodic with period 12; last exception at n = 3",
        offset: Some(1),
        period: Some(12),
        last_exception: Some(3),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.351",
        source: "OEIS A125925",
        url: "https://oeis.org/A125925",
        claim: "eventually periodic with period 8; the only exception is n = 0",
        offset: Some(1),
        period: Some(8),
        last_exception: Some(0),
        exceptions: &[0],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.36",
        source: "OEIS A071432",
        url: "https://oeis.org/A071432",
        claim: "values only (no period stated); .36 and .361 share the values",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.361", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.37",
        source: "OEIS A071433",
        url: "https://oeis.org/A071433",
        claim: "values only (no period stated); .6, .601, .61, .611, .62, .621, .63, .631 (Officers) have values a(n-1)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.6", 1), ("0.601", 1), ("0.61", 1), ("0.611", 1), ("0.62", 1), ("0.621", 1), ("0.63", 1), ("0.631", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.377",
        source: "OEIS A071437",
        url: "https://oeis.org/A071437",
        claim: "values only (no period stated); .640-.643, .650-.653, .660-.663, .670-.673 have values a(n-1)",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.64", 1), ("0.641", 1), ("0.642", 1), ("0.643", 1), ("0.65", 1), ("0.651", 1), ("0.652", 1), ("0.653", 1), ("0.66", 1), ("0.661", 1), ("0.662", 1), ("0.663", 1), ("0.67", 1), ("0.671", 1), ("0.672", 1), ("0.673", 1)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.56",
        source: "OEIS A071436",
        url: "https://oeis.org/A071436",
        claim: "titled .560-.563; eventually periodic with period 144; last exception at n = 326637",
        offset: Some(1),
        period: Some(144),
        last_exception: Some(326637),
        exceptions: &[],
        same_values: &[("0.561", 0), ("0.562", 0), ("0.563", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.6",
        source: "Games of No Chance 5, \"Searching for periodicity in Officers\"",
        url: "https://www.cambridge.org/core/books/games-of-no-chance-5/searching-for-periodicity-in-officers/98E13600B5374501FED2A3BC065F8359",
        claim: "Officers: whether the values are eventually periodic is open; over 140 trillion values computed, no period found",
        offset: None,
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: true,
    },
    Published {
        code: "0.6",
        source: "OEIS A046695",
        url: "https://oeis.org/A046695",
        claim: "Officers and .601, .61, .611, .62, .621, .63, .631 share these values (no period stated); a(n) = A071433(n-1)",
        offset: Some(0),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.601", 0), ("0.61", 0), ("0.611", 0), ("0.62", 0), ("0.621", 0), ("0.63", 0), ("0.631", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.74",
        source: "OEIS A071438",
        url: "https://oeis.org/A071438",
        claim: "values only (no period stated); titled .740-.743, which share the values",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.741", 0), ("0.742", 0), ("0.743", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.76",
        source: "OEIS A071439",
        url: "https://oeis.org/A071439",
        claim: "values only (no period stated); titled .760-.763, which share the values",
        offset: Some(1),
        period: None,
        last_exception: None,
        exceptions: &[],
        same_values: &[("0.761", 0), ("0.762", 0), ("0.763", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.77",
        source: "OEIS A002186",
        url: "https://oeis.org/A002186",
        claim: "Kayles: periodic with period 12 from n = 71; the only exceptions are n = 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70; .771 has the same values",
        offset: Some(0),
        period: Some(12),
        last_exception: Some(70),
        exceptions: &[0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70],
        same_values: &[("0.771", 0)],
        differs_from: &[],
        open: false,
    },
    Published {
        code: "0.7777",
        source: "OEIS A071074",
        url: "https://oeis.org/A071074",
        claim: "Double Kayles: eventually periodic with period 24; last exception at n = 141",
        offset: Some(0),
        period: Some(24),
        last_exception: Some(141),
        exceptions: &[],
        same_values: &[],
        differs_from: &[],
        open: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// "0." followed by octal digits, the last one non-zero.
    fn well_formed(code: &str) -> bool {
        match code.strip_prefix("0.") {
            Some(digits) => {
                !digits.is_empty()
                    && digits.bytes().all(|b| (b'0'..=b'7').contains(&b))
                    && !digits.ends_with('0')
            }
            None => false,
        }
    }

    #[test]
    fn codes_are_well_formed() {
        for p in PUBLISHED {
            assert!(well_formed(p.code), "{} ({})", p.code, p.source);
            for (c, _) in p.same_values {
                assert!(well_formed(c), "{c} in {} ({})", p.code, p.source);
            }
            for (c, _) in p.differs_from {
                assert!(well_formed(c), "{c} in {} ({})", p.code, p.source);
            }
        }
    }

    #[test]
    fn listed_terms_and_citations_name_published_entries() {
        let sources: HashSet<&str> = PUBLISHED.iter().map(|p| p.source).collect();
        for (source, terms) in LISTED_TERMS {
            assert!(sources.contains(source), "{source}");
            assert!(!terms.is_empty(), "{source}");
        }
        for (_, cited) in CITED {
            assert!(cited.len() >= 2, "a citation groups several entries");
            for source in *cited {
                assert!(sources.contains(source), "{source}");
            }
        }
    }

    #[test]
    fn well_formed_rejects_bad_codes() {
        for bad in ["0.", "0.70", ".7", "4.7", "0.8", "0.7a"] {
            assert!(!well_formed(bad), "{bad}");
        }
    }

    #[test]
    fn no_duplicate_code_source_pairs() {
        let mut seen = HashSet::new();
        for p in PUBLISHED {
            assert!(seen.insert((p.code, p.source)), "{} {}", p.code, p.source);
        }
    }

    #[test]
    fn sorted_by_code_then_source() {
        for w in PUBLISHED.windows(2) {
            let key = |p: &Published| (&p.code[2..], p.source);
            assert!(
                key(&w[0]) < key(&w[1]),
                "{} before {}",
                w[0].code,
                w[1].code
            );
        }
    }

    #[test]
    fn fields_agree_with_each_other() {
        for p in PUBLISHED {
            let who = format!("{} ({})", p.code, p.source);
            assert!(p.url.starts_with("http"), "{who}");
            assert!(!p.claim.is_empty(), "{who}");
            assert!(p.period != Some(0), "{who}");
            // A listed exception set ends with the last exception.
            if let Some(&last) = p.exceptions.last() {
                assert_eq!(p.last_exception, Some(last), "{who}");
                assert!(p.exceptions.windows(2).all(|w| w[0] < w[1]), "{who}");
            }
            // An open game carries no period claim.
            if p.open {
                assert!(p.period.is_none() && p.last_exception.is_none(), "{who}");
            }
            // An equivalence is with another code, listed once.
            let mut others = HashSet::new();
            for (c, _) in p.same_values {
                assert!(*c != p.code && others.insert(*c), "{c} in {who}");
            }
            for (c, _) in p.differs_from {
                assert!(*c != p.code && others.insert(*c), "{c} in {who}");
            }
            if p.source.starts_with("OEIS A") {
                assert!(matches!(p.offset, Some(0 | 1)), "{who}");
                assert!(p.url.ends_with(&p.source[5..]), "{who}");
            }
        }
    }
}
