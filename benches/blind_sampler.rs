//! How `parlett-sampler`'s win rate scales with its effort: blind `parlett`
//! play of numbered deals with `Sampler::new(samples, horizon, nodes)`, each
//! deal played exactly as `accordion stats --rules parlett --strategy
//! parlett-sampler` plays it (the deal's own generator, `strategy_rng`), so
//! the defaults (64, 8, 2000) give that command's figures; `--agent` plays
//! `parlett-agent` instead (its defaults: `stats --strategy parlett-agent`).
//!
//! `--endgame K` (exact optimal blind play once at most K cards are unseen)
//! and `--from F` (the first end found while more than F cards are to come)
//! play the variants of `strategies::Closing`, to measure where the choices
//! of a game matter; `--audit K` plays the sampler (or agent) as it is and
//! adds up, exactly, the win chance its choices give up once at most K cards
//! are unseen (`Closing::audited`). Each run also counts the deals ending in at most 2 and 3
//! piles, smoother than the wins.
//!
//! ```text
//! cargo bench --bench blind_sampler -- [--seed 1] [--deals 10000]
//!     [--samples 64] [--horizon 8] [--nodes 2000] [--agent]
//!     [--endgame K] [--from F] [--audit K]
//! ```
//! Figures in `docs/results.md` ("Issue 27: towards 1 %", "What limits").

use accordion::blind::play_game;
use accordion::blind::simulate::strategy_rng;
use accordion::blind::strategies::{Closing, Opening, ParlettAgent, Sampler};
use accordion::blind::Strategy;
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
    let (mut endgame, mut agent, mut from, mut audit) = (0u64, false, 0u64, 0u64);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        match arg.as_str() {
            "--seed" => seed = number(),
            "--deals" => deals = number(),
            "--samples" => samples = number(),
            "--horizon" => horizon = number(),
            "--nodes" => nodes = number(),
            "--endgame" => endgame = number(),
            "--agent" => agent = true,
            "--from" => from = number(),
            "--audit" => audit = number(),
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
    let (mut wins, mut piles, mut two, mut three) = (0u64, 0u64, 0u64, 0u64);
    let (mut audited, mut given_up) = (0u64, 0.0f64);
    for number in (0..deals).map(|i| seed.wrapping_add(i)) {
        let deck = shuffled_deck(number);
        let sampler = Sampler::new(samples as usize, horizon as usize, nodes);
        let opening = if agent {
            Opening::Agent(ParlettAgent::new(&rules))
        } else {
            Opening::Sampler(sampler.clone())
        };
        let left = if audit > 0 {
            let mut player = Closing::audited(opening, audit as usize);
            let left = play_game(
                &rules,
                &mut player,
                &deck,
                true,
                &mut strategy_rng(number),
                |_| {},
            );
            let (phases, lost) = player.audit();
            audited += phases;
            given_up += lost;
            left
        } else {
            let mut player: Box<dyn Strategy> = match (endgame, agent, from) {
                (0, false, 0) => Box::new(sampler),
                (0, true, 0) => Box::new(ParlettAgent::new(&rules)),
                (exact, _, from) => Box::new(Closing::new(
                    opening,
                    exact as usize,
                    if from == 0 { usize::MAX } else { from as usize },
                )),
            };
            play_game(
                &rules,
                player.as_mut(),
                &deck,
                true,
                &mut strategy_rng(number),
                |_| {},
            )
        };
        wins += u64::from(left == 1);
        two += u64::from(left <= 2);
        three += u64::from(left <= 3);
        piles += left as u64;
    }
    println!(
        "agent {agent} from {from} endgame {endgame} samples {samples} horizon {horizon} \
         nodes {nodes}: deals {seed}-{}: {wins} wins, {two} at most 2 piles, {three} at most 3, {:.4} piles on average, {:.1} s",
        seed.wrapping_add(deals - 1),
        piles as f64 / deals as f64,
        started.elapsed().as_secs_f64()
    );
    if audit > 0 {
        println!(
            "audited {audited} phases with at most {audit} cards unseen: the choices gave up \
             {:.6} wins per deal ({:.4} % of the deals)",
            given_up / deals as f64,
            100.0 * given_up / deals as f64
        );
    }
    ExitCode::SUCCESS
}
