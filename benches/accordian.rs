//! Accordian Patience (UVa 127) over numbered deals: the judge's game (`uva`) on
//! deals `0 .. 100000` for the win rate and the speed of play, and the exact
//! solver of the free game (`modern`) on deals `0 .. DEALS` under a node budget
//! per deal for the verdicts, as Markdown (`benches/accordian-results.md`).
//!
//! `cargo bench --bench accordian -- [DEALS] [MAX_NODES] [CARDS ...]`
//! (defaults 50, 2000000, 18 26 52). One thread.

use accordion::accordian::{play_uva, solve};
use accordion::budget::{Budget, Verdict};
use accordion::Deal;
use std::time::{Duration, Instant};

mod common;

fn main() {
    let numbers = common::numbers();
    let deals = numbers.first().copied().unwrap_or(50);
    let max_nodes = numbers.get(1).copied().unwrap_or(2_000_000);
    let sizes: Vec<usize> = match numbers.get(2..) {
        Some(rest) if !rest.is_empty() => rest.iter().map(|&n| n as usize).collect(),
        _ => vec![18, 26, 52],
    };
    uva(100_000, &sizes);
    println!();
    modern(deals, max_nodes, &sizes);
}

/// The judge's game on `count` deals of each size: wins and deals per second.
fn uva(count: u64, sizes: &[usize]) {
    println!("| uva, cards | deals | won (one pile) | mean piles | deals per second |");
    println!("|---:|---:|---:|---:|---:|");
    for &cards in sizes {
        let rows: Vec<Deal> = (0..count)
            .map(|seed| Deal::from_seed(seed, cards).expect("a numbered deal"))
            .collect();
        let start = Instant::now();
        let (mut wins, mut piles) = (0u64, 0usize);
        for row in &rows {
            let end = play_uva(row.cards());
            wins += u64::from(end.len() == 1);
            piles += end.len();
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "| {cards} | {count} | {wins} | {:.3} | {:.0} |",
            piles as f64 / count as f64,
            count as f64 / seconds
        );
    }
}

/// The solver on `count` deals of each size within `max_nodes` positions each.
fn modern(count: u64, max_nodes: u64, sizes: &[usize]) {
    println!(
        "| modern, cards | deals | won | proved lost | unknown | median | p99 | max | most nodes |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let budget = Budget {
        max_nodes: Some(max_nodes),
        ..Budget::default()
    };
    for &cards in sizes {
        let mut times: Vec<Duration> = Vec::new();
        let (mut won, mut lost, mut unknown, mut nodes) = (0, 0, 0, 0);
        for seed in 0..count {
            let deal = Deal::from_seed(seed, cards).expect("a numbered deal");
            let solution = solve(deal.cards(), &budget);
            match solution.verdict {
                Verdict::Win => won += 1,
                Verdict::Loss => lost += 1,
                Verdict::Unknown => unknown += 1,
            }
            nodes = nodes.max(solution.nodes);
            times.push(solution.elapsed);
        }
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
        println!(
            "| {cards} | {count} | {won} | {lost} | {unknown} | {:.2} ms | {:.0} ms | {:.0} ms | {nodes} |",
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}
