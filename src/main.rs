//! The `tengen` command: a GTP engine on stdin/stdout, plus `tengen bench`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use tengen::search::bench::{run_playout_bench, PlayoutBenchArgs};

/// Tengen: a Go engine.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Benchmarks.
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
}

#[derive(Subcommand)]
enum BenchCommand {
    /// Light playouts from the empty board.
    Playouts(PlayoutBenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Bench {
            what: BenchCommand::Playouts(a),
        }) => match run_playout_bench(&a) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tengen: {e}");
                ExitCode::from(2)
            }
        },
        None => ExitCode::SUCCESS,
    }
}
