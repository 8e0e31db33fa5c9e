//! `nimcert family`: paper A's games for every c ≡ ρ (mod a + b), one
//! family certificate per class (docs/FAMILIES.md).

use super::output::{prepare_dir, print, render, write_atomically, Format};
use super::CliError;
use clap::Args;
use nimcert::range::RangeArg;
use nimcert::subtraction::family::{
    certificate, classes, disagreement_below, growth, survey, ClassOutcome, Growth, Settled,
};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;

/// The long help after the options.
const FAMILY_HELP: &str = concat!(
    "For every class (a, b, ρ) of the ranges (a < b, 0 ≤ ρ < a + b), the\n\
family of games S = {a, b, c} with c = (a + b)k + ρ: nimcert reads one\n\
period off the engine at a few k, writes it as a `Family` certificate\n\
(format 6: the B-run of length c and a fixed tail, or the B-run alone;\n\
a marker window for the least period; k0) and runs it through nimcheck's\n\
library. \"proved\" means nimcheck accepted it: for every k ≥ k0 the game\n\
is purely periodic with the stated least period (docs/FAMILIES.md gives\n\
the reduction nimcheck decides, and the SMT and Coq checks of the same\n\
statement: `nimcert export smt`, `nimcert export coq`).\n\
\n\
\"not settled\" says why: pre-periodic at the largest sampled k (the\n\
classes of the necessity conjectures 52, 56, 57), or another shape.\n\
\n\
With -o DIR each proved class's certificate goes to DIR/A-B-RHO.ron (the\n\
folder may be new, in an existing folder; checked before any work).\n\
Limits: --max-classes (exit 3 naming it) bounds the classes of one run.\n\
Exit 1 when nimcheck refuses a derived certificate.\n\
\n",
    super::exit_status!()
);

/// Arguments of `nimcert family`.
#[derive(Args)]
#[command(after_help = super::exit_status!(), after_long_help = FAMILY_HELP)]
pub struct FamilyArgs {
    /// Range of a: N, A..=B, A..B (B excluded) or ..=B (from 1).
    #[arg(long, default_value = "..=29")]
    a: RangeArg,
    /// Range of b: N, A..=B, A..B (B excluded) or ..=B (from a + 1).
    #[arg(long, default_value = "..=30")]
    b: RangeArg,
    /// Only this angle ρ.
    #[arg(long)]
    rho: Option<u64>,
    /// Write each proved class's certificate into this folder.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Refuse a run of more classes than this (each costs a few
    /// milliseconds at b ≤ 30; exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = 100_000)]
    max_classes: u64,
    /// Also measure, for each pre-periodic class, how q(k) and p(k) grow
    /// on six k past the threshold (the necessity direction of
    /// Conjectures 52, 56 and 57, docs/FAMILIES.md): a measurement, not a
    /// proof.
    #[arg(long)]
    necessity: bool,
    /// Classify every base of the ranges both ways (paper A's Conjectures
    /// 52, 56 and 57 for every c): each primitive class proved purely
    /// periodic (Family certificate) or pre-periodic (PrePeriodicFamily
    /// certificate), the members below each k0 computed and re-checked; a
    /// line per base says whether it is complete and what the conjectures
    /// read on it. With -o, both kinds of certificates and one
    /// PeriodicTable per base are written.
    #[arg(long, conflicts_with_all = ["necessity", "compare_below", "rho"])]
    classify: bool,
    /// Compare every proved class with the engine on each of its members
    /// c ≤ C (exit 1 on a disagreement, which would be a checker bug).
    #[arg(long, value_name = "C", value_parser = super::limits::count)]
    compare_below: Option<u64>,
    /// Output format (json: one object per class and the totals).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// The report: the classes and the totals.
#[derive(serde::Serialize)]
struct Report {
    classes: Vec<ClassOutcome>,
    proved: usize,
    preperiodic: usize,
    other: usize,
    refused: usize,
    /// With --compare-below C: the bound, and the members that disagree
    /// with the engine.
    #[serde(skip_serializing_if = "Option::is_none")]
    compared_below: Option<u64>,
    disagreements: Vec<String>,
    /// With --necessity: the growth of each pre-periodic class.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    necessity: Vec<(u64, u64, u64, Growth)>,
}

pub fn run(args: FamilyArgs) -> Result<ExitCode, CliError> {
    args.a.check("a", 1, 1 << 20).map_err(CliError::input)?;
    args.b.check("b", 2, 1 << 20).map_err(CliError::input)?;
    let (a, b) = (args.a.resolve(1), args.b.resolve(2));
    let count = classes(a.clone(), b.clone())
        .filter(|&(_, _, rho)| args.rho.is_none_or(|r| r == rho))
        .take(args.max_classes as usize + 1)
        .count() as u64;
    if count > args.max_classes {
        return Err(CliError::limit(
            "--max-classes",
            format!(
                "more than {} classes (a, b, ρ) in these ranges (--max-classes)",
                args.max_classes
            ),
        ));
    }
    if count == 0 {
        return Err(CliError::input("no class (a, b, ρ) in these ranges"));
    }
    if let Some(dir) = &args.output {
        prepare_dir(dir)?;
    }
    if args.classify {
        return classify(a, b, args.output.as_deref(), args.format);
    }
    let mut outcomes = survey(a, b);
    outcomes.retain(|o| args.rho.is_none_or(|r| r == o.rho));
    if let Some(dir) = &args.output {
        for o in &outcomes {
            if let Settled::Proved { claim, .. } = &o.settled {
                let path = dir.join(format!("{}-{}-{}.ron", o.a, o.b, o.rho));
                write_atomically(
                    &path,
                    &nimcert::check::to_ron(&certificate((**claim).clone())),
                )?;
            }
        }
    }
    let tally = |f: fn(&Settled) -> bool| outcomes.iter().filter(|o| f(&o.settled)).count();
    let necessity = if args.necessity {
        let pre: Vec<(u64, u64, u64)> = outcomes
            .iter()
            .filter(|o| {
                matches!(
                    o.settled,
                    Settled::NotSettled {
                        preperiodic: true,
                        ..
                    }
                )
            })
            .map(|o| (o.a, o.b, o.rho))
            .collect();
        pre.into_par_iter()
            .filter_map(|(a, b, rho)| growth(a, b, rho, 6).ok().map(|g| (a, b, rho, g)))
            .collect()
    } else {
        Vec::new()
    };
    let disagreements: Vec<String> = match args.compare_below {
        None => Vec::new(),
        Some(up_to) => outcomes
            .par_iter()
            .filter_map(|o| match &o.settled {
                Settled::Proved { claim, .. } => {
                    let mut solver = nimcert::engine::Solver::new();
                    disagreement_below(claim, up_to, &mut solver)
                        .map(|c| format!("{{{}, {}, {c}}}", o.a, o.b))
                }
                _ => None,
            })
            .collect(),
    };
    let report = Report {
        compared_below: args.compare_below,
        disagreements,
        necessity,
        proved: tally(|s| matches!(s, Settled::Proved { .. })),
        preperiodic: tally(|s| {
            matches!(
                s,
                Settled::NotSettled {
                    preperiodic: true,
                    ..
                }
            )
        }),
        other: tally(|s| {
            matches!(
                s,
                Settled::NotSettled {
                    preperiodic: false,
                    ..
                }
            )
        }),
        refused: tally(|s| matches!(s, Settled::Refused { .. })),
        classes: outcomes,
    };
    print(&render(&report, args.format, || text(&report)))?;
    Ok(if report.refused > 0 || !report.disagreements.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One line a class, then the totals.
fn text(report: &Report) -> String {
    let mut out = String::new();
    for o in &report.classes {
        let (a, b, rho, m) = (o.a, o.b, o.rho, o.a + o.b);
        let line = match &o.settled {
            Settled::Proved {
                from_k,
                from_c,
                period,
                rows,
                ..
            } => format!(
                "proved for every c = {m}k + {rho}, k ≥ {from_k} (c ≥ {from_c}): q = 0, least period {period}{}",
                if rows.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", rows.join(", "))
                }
            ),
            Settled::NotSettled { why, .. } => format!("not settled: {why}"),
            Settled::Refused { checker } => format!("REFUSED by nimcheck: {checker}"),
        };
        out.push_str(&format!("{{{a}, {b}, c ≡ {rho} (mod {m})}}  {line}\n"));
    }
    for (a, b, rho, g) in &report.necessity {
        let show = |f: &Option<nimcert::subtraction::family::Affine>| {
            f.map_or("not affine".to_string(), |f| f.to_string())
        };
        out.push_str(&format!(
            "{{{a}, {b}, c ≡ {rho} (mod {})}}  necessity: q(k) {}, p(k) {} on k = {}..={}{}\n",
            a + b,
            show(&g.preperiod),
            show(&g.period),
            g.ks.0,
            g.ks.1,
            if g.preperiodic_everywhere {
                ""
            } else {
                "; q = 0 at some sampled k"
            }
        ));
    }
    if !report.necessity.is_empty() {
        let both = report
            .necessity
            .iter()
            .filter(|(_, _, _, g)| g.preperiod.is_some() && g.period.is_some())
            .count();
        out.push_str(&format!(
            "necessity: {both} of {} pre-periodic classes have q(k) and p(k) affine on the six sampled k (measured, not proved)\n",
            report.necessity.len()
        ));
    }
    if let Some(up_to) = report.compared_below {
        out.push_str(&format!(
            "compared with the engine on every member c ≤ {up_to} of each proved class: {}\n",
            if report.disagreements.is_empty() {
                "all agree".to_string()
            } else {
                format!("DISAGREE at {}", report.disagreements.join(", "))
            }
        ));
    }
    out.push_str(&format!(
        "{} classes: {} proved for every c (nimcheck), {} pre-periodic at the largest sampled k, {} of another shape, {} refused\n",
        report.classes.len(),
        report.proved,
        report.preperiodic,
        report.other,
        report.refused
    ));
    out
}

/// One base of `--classify`, as reported.
#[derive(serde::Serialize)]
struct BaseLine {
    a: u64,
    b: u64,
    complete: bool,
    purely_periodic: usize,
    preperiodic: usize,
    /// Pre-periodic classes whose least period is proved too (a marker).
    preperiodic_least_period: usize,
    non_primitive: Vec<u64>,
    unsettled: Vec<(u64, String)>,
    members_below: usize,
    members_checked: Result<String, String>,
    /// Per conjecture: "holds" or the least counterexample (complete bases
    /// with a ≥ 2 only, the conjectures' hypothesis; `null` otherwise).
    conj52: Option<String>,
    conj56: Option<String>,
    conj57: Option<String>,
    /// For a = 1: Table 2 against every c, "holds" or the least
    /// counterexample (complete bases only; `null` otherwise).
    table2: Option<String>,
}

/// `nimcert family --classify`: every base both ways.
fn classify(
    a: std::ops::RangeInclusive<u64>,
    b: std::ops::RangeInclusive<u64>,
    dir: Option<&std::path::Path>,
    format: Format,
) -> Result<ExitCode, CliError> {
    use nimcert::subtraction::classification::{
        classify_bases, counterexample, ClassStatus, Conjecture, Shape,
    };
    let bases = classify_bases(a, b);
    let mut lines = Vec::new();
    for base in &bases {
        if let Some(dir) = dir {
            for (rho, status) in base.classes.iter().enumerate() {
                if let ClassStatus::Proved { certificate, .. } = status {
                    let path = dir.join(format!("{}-{}-{rho}.ron", base.a, base.b));
                    write_atomically(&path, &nimcert::check::to_ron(certificate))?;
                }
            }
            if let Some(table) = &base.members_certificate {
                let path = dir.join(format!("{}-{}-members.ron", base.a, base.b));
                write_atomically(&path, &nimcert::check::to_ron(table))?;
            }
        }
        let count = |f: fn(&ClassStatus) -> bool| base.classes.iter().filter(|s| f(s)).count();
        // Conjectures 52, 56 and 57 are stated for a ≥ 2; Table 2 for a = 1.
        let verdict = |c: Conjecture| {
            let applies = (c == Conjecture::Table2) == (base.a == 1);
            (applies && base.complete()).then(|| match counterexample(base, c) {
                None => "holds".to_string(),
                Some((c, q, p)) => format!(
                    "fails at {{{}, {}, {c}}} (q = {q}, p = {p})",
                    base.a, base.b
                ),
            })
        };
        lines.push(BaseLine {
            a: base.a,
            b: base.b,
            complete: base.complete(),
            purely_periodic: count(
                |s| matches!(s, ClassStatus::Proved { shape, .. } if shape.pure()),
            ),
            preperiodic: count(|s| matches!(s, ClassStatus::Proved { shape, .. } if !shape.pure())),
            preperiodic_least_period: count(|s| {
                matches!(
                    s,
                    ClassStatus::Proved {
                        shape: Shape::PrePeriodic { least: true, .. },
                        ..
                    }
                )
            }),
            non_primitive: (0..base.classes.len() as u64)
                .filter(|&r| matches!(base.classes[r as usize], ClassStatus::NonPrimitive))
                .collect(),
            unsettled: base
                .unsettled()
                .into_iter()
                .map(|(r, why)| (r, why.to_string()))
                .collect(),
            members_below: base.members.len(),
            members_checked: base.members_checked.clone(),
            conj52: verdict(Conjecture::C52),
            conj56: verdict(Conjecture::C56),
            conj57: verdict(Conjecture::C57),
            table2: verdict(Conjecture::Table2),
        });
    }
    let complete = lines.iter().filter(|l| l.complete).count();
    let failing = lines.iter().any(|l| {
        [&l.conj52, &l.conj56, &l.conj57, &l.table2]
            .iter()
            .any(|v| v.as_deref().is_some_and(|v| v != "holds"))
    });
    let text = || {
        let mut out = String::new();
        for l in &lines {
            let conj = match (&l.conj52, &l.conj56, &l.conj57, &l.table2) {
                (Some(c52), Some(c56), Some(c57), _) => {
                    format!("Conjecture 52 {c52}, 56 {c56}, 57 {c57} for every c")
                }
                (_, _, _, Some(t2)) => format!("Table 2 {t2} for every c"),
                _ => format!(
                    "not complete: ρ = {}",
                    l.unsettled
                        .iter()
                        .map(|(r, why)| format!("{r} ({why})"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            out.push_str(&format!(
                "{{{}, {}}}  {} purely periodic, {} pre-periodic ({} with the least period), {} non-primitive, {} members below k0: {conj}\n",
                l.a,
                l.b,
                l.purely_periodic,
                l.preperiodic,
                l.preperiodic_least_period,
                l.non_primitive.len(),
                l.members_below,
            ));
            if let Err(why) = &l.members_checked {
                out.push_str(&format!("    members below k0 not checked: {why}\n"));
            }
        }
        out.push_str(&format!(
            "{} bases: {complete} completely classified for every c (each class's certificate accepted by nimcheck's library)\n",
            lines.len()
        ));
        out
    };
    #[derive(serde::Serialize)]
    struct Classified<'a> {
        bases: &'a [BaseLine],
        complete: usize,
    }
    let report = Classified {
        bases: &lines,
        complete,
    };
    print(&render(&report, format, text))?;
    Ok(if failing {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
