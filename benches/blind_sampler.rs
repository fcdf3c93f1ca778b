//! How `parlett-sampler`'s win rate scales with its effort: blind `parlett`
//! play of numbered deals with `Sampler::new(samples, horizon, nodes)`, each
//! deal played exactly as `accordion stats --rules parlett --strategy
//! parlett-sampler` plays it (the deal's own generator, `strategy_rng`), so
//! the defaults (32, 4, 2000) give that command's figures.
//!
//! ```text
//! cargo bench --bench blind_sampler -- [--seed 1] [--deals 10000]
//!     [--samples 32] [--horizon 4] [--nodes 2000]
//! ```
//! Figures in `docs/results.md` ("Issue 27: towards 1 %").

use accordion::blind::play_game;
use accordion::blind::simulate::strategy_rng;
use accordion::blind::strategies::Sampler;
use accordion::deal::shuffled_deck;
use accordion::{RuleSet, Rules};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let (mut seed, mut deals) = (1u64, 10_000u64);
    let (mut samples, mut horizon, mut nodes) = (
        Sampler::SAMPLES as u64,
        Sampler::HORIZON as u64,
        Sampler::NODES,
    );
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        match arg.as_str() {
            "--seed" => seed = number(),
            "--deals" => deals = number(),
            "--samples" => samples = number(),
            "--horizon" => horizon = number(),
            "--nodes" => nodes = number(),
            "--bench" => {}
            other => {
                eprintln!("error: unknown argument {other:?}");
                return ExitCode::FAILURE;
            }
        }
    }
    if deals == 0 || samples == 0 || horizon == 0 || nodes == 0 {
        eprintln!("error: --deals, --samples, --horizon and --nodes must be whole numbers >= 1");
        return ExitCode::FAILURE;
    }
    let rules = Rules::new(RuleSet::Parlett);
    let started = Instant::now();
    let (mut wins, mut piles) = (0u64, 0u64);
    for number in (0..deals).map(|i| seed.wrapping_add(i)) {
        let deck = shuffled_deck(number);
        let mut player = Sampler::new(samples as usize, horizon as usize, nodes);
        let left = play_game(
            &rules,
            &mut player,
            &deck,
            true,
            &mut strategy_rng(number),
            |_| {},
        );
        wins += u64::from(left == 1);
        piles += left as u64;
    }
    println!(
        "samples {samples} horizon {horizon} nodes {nodes}: deals {seed}-{}: {wins} wins, \
         {:.4} piles on average, {:.1} s",
        seed.wrapping_add(deals - 1),
        piles as f64 / deals as f64,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
