//! Simulation speed: deals per second, dealing (shuffle) included.
//!
//! ```text
//! cargo bench --bench simulate -- --rules strict --deals 10000000 [--jobs 1]
//!     [--strategy NAME] [--open] [--cards K] [--runs 3]
//! ```
//! Prints each run and the median; `--jobs 1` (the default) measures one core.

use accordion::blind::{simulate, StrategyKind};
use accordion::stats::Run;
use accordion::Rules;
use std::process::ExitCode;

struct Options {
    rules: Rules,
    strategy: Option<StrategyKind>,
    deals: u64,
    jobs: usize,
    blind: bool,
    cards: usize,
    runs: usize,
}

fn parse() -> Result<Options, String> {
    let mut options = Options {
        rules: Rules::new(accordion::RuleSet::Strict),
        strategy: None,
        deals: 10_000_000,
        jobs: 1,
        blind: true,
        cards: 52,
        runs: 3,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--rules" => options.rules.set = value()?.parse().map_err(|e| format!("{e}"))?,
            "--strategy" => options.strategy = Some(value()?.parse().map_err(|e| format!("{e}"))?),
            "--deals" => options.deals = value()?.parse().map_err(|e| format!("--deals: {e}"))?,
            "--jobs" => options.jobs = value()?.parse().map_err(|e| format!("--jobs: {e}"))?,
            "--cards" => options.cards = value()?.parse().map_err(|e| format!("--cards: {e}"))?,
            "--runs" => options.runs = value()?.parse().map_err(|e| format!("--runs: {e}"))?,
            "--two-way" => options.rules.two_way = true,
            "--open" => options.blind = false,
            "--bench" => {}
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let strategy = options
        .strategy
        .unwrap_or_else(|| StrategyKind::default_for(&options.rules));
    let mut rates = Vec::new();
    for run in 1..=options.runs {
        let stats = match simulate(
            &options.rules,
            strategy,
            options.blind,
            options.cards,
            Run::new(1, options.deals).jobs(Some(options.jobs)),
        ) {
            Ok(stats) => stats,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let rate = stats.deals as f64 / stats.seconds;
        println!(
            "run {run}: {} {} {}, {} deals, {} jobs: {:.3} s, {:.0} deals/s ({:.0} per job); wins {}, mean piles {:.4}",
            options.rules,
            strategy,
            if options.blind { "blind" } else { "open" },
            stats.deals,
            options.jobs,
            stats.seconds,
            rate,
            rate / options.jobs.max(1) as f64,
            stats.wins,
            stats.mean_piles
        );
        rates.push(rate);
    }
    rates.sort_by(f64::total_cmp);
    let median = rates[rates.len() / 2];
    println!(
        "median: {median:.0} deals/s, {:.0} per job, {:.2}x the 2,000,000 per core target",
        median / options.jobs.max(1) as f64,
        median / options.jobs.max(1) as f64 / 2e6
    );
    ExitCode::SUCCESS
}
