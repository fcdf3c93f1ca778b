//! Optimal blind `parlett` play on short deals, exactly (`rust/blind/optimal.rs`):
//! the win probability for each deal length, the states evaluated and the time.
//!
//! ```text
//! cargo bench --bench blind_optimal -- [--from 1] [--to 10] [--two-way]
//! ```
//! Figures in `docs/results.md` ("Optimal blind play on short deals").

use accordion::blind::optimal::{OptimalBlind, Policy};
use accordion::blind::CardSet;
use accordion::{RuleSet, Rules};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let (mut from, mut to) = (1usize, 10usize);
    let mut rules = Rules::new(RuleSet::Parlett);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|v| v.parse::<usize>().ok());
        match arg.as_str() {
            "--from" => from = number().unwrap_or(0),
            "--to" => to = number().unwrap_or(0),
            "--two-way" => rules.two_way = true,
            "--bench" => {}
            other => {
                eprintln!("error: unknown argument {other:?}");
                return ExitCode::FAILURE;
            }
        }
    }
    if from == 0 || to > 52 || from > to {
        eprintln!("error: --from and --to: 1 <= from <= to <= 52");
        return ExitCode::FAILURE;
    }
    println!("{rules} blind: n, policy, exact win probability, states, seconds");
    for n in from..=to {
        for policy in [Policy::Optimal, Policy::FewestPiles, Policy::SlideFirst] {
            let started = Instant::now();
            let mut optimal = OptimalBlind::of_policy(&rules, CardSet::FULL, policy);
            let p = optimal.win_probability(n);
            println!(
                "{n}, {policy:?}, {p:.12}, {}, {:.3}",
                optimal.states,
                started.elapsed().as_secs_f64()
            );
        }
    }
    ExitCode::SUCCESS
}
