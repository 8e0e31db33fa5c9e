//! `nimcert completions SHELL` and `nimcert man`: the shell completion
//! scripts (clap_complete) and the manual pages (clap_mangen), generated
//! from the same command definition as `--help`, so they cannot drift from
//! it.

use super::output::{in_new_dir, print_bytes, write_bytes};
use super::{Cli, CliError};
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `nimcert completions`.
///
/// Prints the completion script for a shell on standard output. Install it
/// where the shell looks, e.g. for bash
/// `nimcert completions bash > ~/.local/share/bash-completion/completions/nimcert`,
/// for zsh into a folder of `$fpath` as `_nimcert`, for fish
/// `nimcert completions fish > ~/.config/fish/completions/nimcert.fish`.
#[derive(Args)]
#[command(after_help = super::exit_status!())]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `nimcert man`.
///
/// Without --out, prints the page nimcert(1) on standard output (`nimcert
/// man | man -l -`). With --out DIR, writes nimcert.1 and one page per
/// subcommand (nimcert-solve.1, nimcert-avoid-tree.1, …) into DIR, a folder
/// that exists or whose parent does; e.g. `nimcert man --out
/// ~/.local/share/man/man1`.
#[derive(Args)]
#[command(after_help = super::exit_status!())]
pub struct ManArgs {
    /// Folder to write every page into (created if its parent exists).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The command definition the script and pages are generated from.
fn command() -> clap::Command {
    let mut cmd = Cli::command();
    cmd.build();
    cmd
}

pub fn completions(args: CompletionsArgs) -> Result<ExitCode, CliError> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command(), "nimcert", &mut script);
    print_bytes(&script)?;
    Ok(ExitCode::SUCCESS)
}

pub fn man(args: ManArgs) -> Result<ExitCode, CliError> {
    let cmd = command().disable_help_subcommand(true);
    match args.out {
        None => {
            print_bytes(&render(cmd)?)?;
        }
        Some(dir) => {
            let pages = pages(cmd)?;
            in_new_dir(&dir, || {
                for (name, page) in &pages {
                    write_bytes(&dir.join(name), page)?;
                }
                Ok(())
            })?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The roff source of one page.
fn render(cmd: clap::Command) -> Result<Vec<u8>, CliError> {
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut page)
        .map_err(|e| CliError::io(format!("man page: {e}")))?;
    Ok(page)
}

/// Every page, named like `nimcert-avoid-tree.1`: the command's and, depth
/// first, each visible subcommand's (not clap's `help` subcommands, which
/// only print other pages' text).
fn pages(cmd: clap::Command) -> Result<Vec<(String, Vec<u8>)>, CliError> {
    let mut out = Vec::new();
    let subcommands = cmd.get_subcommands();
    for sub in subcommands.filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        out.extend(pages(sub.clone())?);
    }
    let name = clap_mangen::Man::new(cmd.clone()).get_filename();
    out.push((name, render(cmd)?));
    Ok(out)
}
