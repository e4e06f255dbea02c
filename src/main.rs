//! highnoon: `cargo run --release` opens the table; `bench` measures the
//! physics headless; `validate` checks RON files. The commands live in
//! `cli`, one file each.

use std::process::ExitCode;

use clap::Parser;

mod cli;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::Cli::parse().run()
}
