//! Royal Marriage win rates over numbered deals `SEED .. SEED + DEALS`, for every
//! mode, dealing rule and strategy, as a Markdown table (`benches/royal-results.md`).
//!
//! `cargo bench --bench royal -- [DEALS] [SEED] [JOBS]` (defaults 100000, 1, all cores).

use accordion::royal::game::Royal;
use accordion::stats::Run;
use accordion::throw_game::Throwing;
use accordion::throw_play::{simulate, Setup, Strategy};
use accordion::RuleSet;
use std::time::Instant;

mod common;

fn main() {
    let numbers = common::numbers();
    let deals = numbers.first().copied().unwrap_or(100_000);
    let seed = numbers.get(1).copied().unwrap_or(1);
    let jobs = numbers.get(2).map(|&j| j as usize);
    println!(
        "| mode | rules | strategy | deals | wins | win rate | 95% CI | mean cards | seconds |"
    );
    println!("|---|---|---|---:|---:|---:|---|---:|---:|");
    let runs = [
        (false, RuleSet::Modern, Strategy::Greedy),
        (false, RuleSet::Modern, Strategy::Best),
        (true, RuleSet::Modern, Strategy::Greedy),
        (true, RuleSet::Modern, Strategy::Best),
        (true, RuleSet::Parlett, Strategy::Greedy),
        (true, RuleSet::Parlett, Strategy::Best),
    ];
    for (blind, rules, strategy) in runs {
        let setup = Setup {
            cards: 52,
            blind,
            rules,
            strategy,
        };
        let start = Instant::now();
        let stats = simulate(
            Royal::default_game(),
            &setup,
            Run::new(seed, deals).jobs(jobs),
        )
        .expect("a valid simulation");
        let seconds = start.elapsed().as_secs_f64();
        let (lo, hi) = stats.ci95;
        println!(
            "| {} | {} | {} | {} | {} | {:.4}% | {:.4}%–{:.4}% | {:.3} | {seconds:.2} |",
            if blind { "blind" } else { "open" },
            if blind { rules.name() } else { "any" },
            strategy.name(),
            stats.deals,
            stats.wins,
            100.0 * stats.wins as f64 / stats.deals as f64,
            100.0 * lo,
            100.0 * hi,
            stats.mean_piles,
        );
    }
}
