//! Why one proof of loss does not use two cores by splitting: the row's
//! positions `D` moves from the root (and its dead ends above them), each
//! solved alone, against the row solved whole.
//!
//! ```text
//! cargo bench --bench split -- --cards 26 --seed 27 --depth 1
//! ```
//!
//! Prints the whole row's piles and nodes, then the distinct positions at
//! depth `D`, the fewest piles among them (the row's, as it must be), their
//! nodes summed (what `D`-deep splitting would cost over all threads) and the
//! largest (a lower bound on its wall time on any number of threads), both as
//! multiples of the whole row's. Results in `benches/solve-results.md` (issue
//! 25, sixth round, target 4).

use accordion::solver::{solve, Budget};
use accordion::{Card, Deal, Game, Rules};
use std::collections::BTreeMap;

fn main() {
    let (mut cards, mut seed, mut depth) = (26usize, 27u64, 1usize);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value after the option");
        match arg.as_str() {
            "--cards" => cards = value().parse().expect("--cards C"),
            "--seed" => seed = value().parse().expect("--seed S"),
            "--depth" => depth = value().parse().expect("--depth D"),
            "--bench" => {}
            other => panic!("unknown option {other}"),
        }
    }
    let rules = Rules::modern();
    let budget = Budget::default();
    let deal = Deal::from_seed(seed, cards).expect("a deal");
    let whole = solve(deal.cards(), &[], &rules, &budget);
    println!(
        "{cards} cards, seed {seed}: piles {} in {} nodes",
        whole.piles, whole.nodes
    );
    // Distinct positions by their row, in a fixed order.
    let mut frontier: BTreeMap<Vec<u8>, Vec<Card>> = BTreeMap::new();
    let mut level = vec![Game::new(deal, rules, false)];
    for _ in 0..depth {
        let mut next = Vec::new();
        for game in &level {
            let actions = game.legal_actions();
            if actions.is_empty() {
                frontier.insert(
                    game.tops().iter().map(|c| c.index()).collect(),
                    game.tops().to_vec(),
                );
            }
            for action in actions {
                let mut child = game.clone();
                child.play(action).expect("a legal action");
                next.push(child);
            }
        }
        level = next;
    }
    for game in &level {
        frontier.insert(
            game.tops().iter().map(|c| c.index()).collect(),
            game.tops().to_vec(),
        );
    }
    let (mut total, mut largest, mut fewest) = (0u64, 0u64, usize::MAX);
    for tops in frontier.values() {
        let part = solve(tops, &[], &rules, &budget);
        total += part.nodes;
        largest = largest.max(part.nodes);
        fewest = fewest.min(part.piles);
    }
    let share = |nodes: u64| nodes as f64 / whole.nodes.max(1) as f64;
    println!(
        "depth {depth}: {} positions, fewest piles {fewest}, nodes summed {total} ({:.2}x), largest {largest} ({:.2}x)",
        frontier.len(),
        share(total),
        share(largest)
    );
}
