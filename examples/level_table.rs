//! Rewrite `rust/choose/levels.bin`, the levels of the first numbered deals of
//! each calibrated length (`rust/choose/level_table.rs` says why it changes no
//! answer):
//!
//!     cargo run --release --example level_table [WINNABLE] [JOBS]
//!
//! rates numbers 1, 2, … of each length until WINNABLE (default 3,000) can be
//! won, on JOBS threads (default 1; lengths are shared out, each rated in
//! order), and prints each length's count and time. The file is the same
//! whatever JOBS and machine: the measure is exact.

use accordion::choose::difficulty::CALIBRATION;
use accordion::choose::level_table::write_length;
use rayon::prelude::*;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let winnable: u64 = args.get(1).map_or(3_000, |a| a.parse().expect("WINNABLE"));
    let jobs: usize = args.get(2).map_or(1, |a| a.parse().expect("JOBS"));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .unwrap();
    let started = Instant::now();
    let parts: Vec<Vec<u8>> = pool.install(|| {
        CALIBRATION
            .par_iter()
            .map(|&(cards, _, _)| {
                let start = Instant::now();
                let mut part = Vec::new();
                write_length(cards, winnable, &mut part, |_| {});
                eprintln!("{cards} cards: {:.1} s", start.elapsed().as_secs_f64());
                part
            })
            .collect()
    });
    let mut file = b"ACLEVEL2".to_vec();
    for part in parts {
        file.extend_from_slice(&part[8..]);
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rust/choose/levels.bin");
    std::fs::write(path, &file).unwrap();
    eprintln!(
        "{path}: {} bytes, {:.1} s",
        file.len(),
        started.elapsed().as_secs_f64()
    );
}
