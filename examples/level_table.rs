//! Writes the level table shipped with the package (`rust/choose/levels.bin`)
//! again, by rating numbers 1, 2, … of every length it covers until as many are
//! winnable as the shipped file holds.
//!
//! ```text
//! cargo run --release --example level_table               # rewrite the file
//! cargo run --release --example level_table -- --check 12 # compare lengths up to 12 cards
//! ```
//!
//! The whole table takes hours (the 52-card numbers judged out of budget cost
//! 2,000,000 positions each); `--check CARDS` rates only the lengths up to
//! `CARDS` and fails unless they match the shipped file byte for byte.

use accordion::choose::difficulty::write_length;
use accordion::choose::level_table::{coverage, shipped};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = match args.as_slice() {
        [] => None,
        [flag, cards] if flag == "--check" => {
            let Ok(upto) = cards.parse::<usize>() else {
                eprintln!("level_table: --check takes a row length, not {cards:?}");
                return ExitCode::from(2);
            };
            Some(upto)
        }
        _ => {
            eprintln!("usage: level_table [--check CARDS]");
            return ExitCode::from(2);
        }
    };
    let mut out = Vec::new();
    for (cards, winnable) in coverage() {
        if check.is_some_and(|upto| cards > upto) {
            break;
        }
        eprint!("{cards} cards, {winnable} winnable numbers … ");
        write_length(cards, winnable, &mut out, |_| {});
        eprintln!("done");
    }
    if let Some(upto) = check {
        if shipped().starts_with(&out) {
            println!("lengths up to {upto} cards: {} bytes as shipped", out.len());
            return ExitCode::SUCCESS;
        }
        println!("lengths up to {upto} cards differ from the shipped file");
        return ExitCode::FAILURE;
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rust/choose/levels.bin");
    if let Err(error) = std::fs::File::create(path).and_then(|mut f| f.write_all(&out)) {
        eprintln!("level_table: cannot write {path}: {error}");
        return ExitCode::FAILURE;
    }
    println!("{path}: {} bytes", out.len());
    ExitCode::SUCCESS
}
