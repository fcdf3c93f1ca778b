//! Where blind `parlett` games are won from: for each stuck row met just
//! before a deal (and the final row), its piles `p` and the cards `k` left in
//! the stock, how often it was met and how often the game was then won.
//!
//! ```text
//! cargo bench --bench blind_value -- [--seed 1000001] [--deals 100000]
//!     [--player agent|sampler]
//! ```
//! Prints `k p visits wins` lines (only rows met at least once).

use accordion::blind::play_game;
use accordion::blind::simulate::strategy_rng;
use accordion::blind::strategies::{ParlettAgent, Sampler};
use accordion::blind::Strategy;
use accordion::deal::shuffled_deck;
use accordion::game::Action;
use accordion::{RuleSet, Rules};
use std::process::ExitCode;

fn main() -> ExitCode {
    let (mut seed, mut deals) = (1_000_001u64, 100_000u64);
    let mut player = String::from("agent");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => seed = args.next().and_then(|v| v.parse().ok()).unwrap_or(0),
            "--deals" => deals = args.next().and_then(|v| v.parse().ok()).unwrap_or(0),
            "--player" => player = args.next().unwrap_or_default(),
            "--bench" => {}
            other => {
                eprintln!("error: unknown argument {other:?}");
                return ExitCode::FAILURE;
            }
        }
    }
    let rules = Rules::new(RuleSet::Parlett);
    let mut visits = vec![[0u64; 53]; 53];
    let mut wins = vec![[0u64; 53]; 53];
    for number in (0..deals).map(|i| seed.wrapping_add(i)) {
        let deck = shuffled_deck(number);
        let mut strategy: Box<dyn Strategy> = match player.as_str() {
            "agent" => Box::new(ParlettAgent::new(&rules)),
            "sampler" => Box::new(Sampler::default()),
            other => {
                eprintln!("error: unknown player {other:?}");
                return ExitCode::FAILURE;
            }
        };
        let (mut piles, mut left) = (0usize, deck.len());
        let mut met = Vec::new();
        let end = play_game(
            &rules,
            strategy.as_mut(),
            &deck,
            true,
            &mut strategy_rng(number),
            |a| match a {
                Action::Deal => {
                    met.push((left, piles));
                    piles += 1;
                    left -= 1;
                }
                Action::Move(_) => piles -= 1,
            },
        );
        met.push((0, end));
        for (k, p) in met {
            visits[k][p] += 1;
            wins[k][p] += u64::from(end == 1);
        }
    }
    for k in 0..53 {
        for p in 0..53 {
            if visits[k][p] > 0 {
                println!("{k} {p} {} {}", visits[k][p], wins[k][p]);
            }
        }
    }
    ExitCode::SUCCESS
}
