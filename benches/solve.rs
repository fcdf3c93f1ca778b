//! The solver benchmark: numbered deals solved one by one (or with `--jobs J`
//! on a pool), with the distribution of solve times.
//!
//! ```text
//! cargo bench --bench solve -- --deals 1000 --cards 52 [--seed 1] [--jobs 2]
//!     [--rules modern|parlett|strict|strict-leap] [--two-way] [--distances 1,3]
//!     [--max-nodes N] [--timeout SECONDS] [--rows FILE] [--race J]
//! ```
//!
//! `--race J` solves each deal on `J` threads (`solve_jobs`: a race of `J`
//! searchers in different orders, the one finished in the fewest nodes
//! chosen), the deals one after another.
//!
//! Wins and losses are also reported apart (count, summed time and nodes,
//! median and max), since a proof of loss must exhaust every line. `--rows FILE`
//! writes one tab-separated line per row (seed, verdict, piles, nodes,
//! microseconds), so that two builds can be compared row by row.

use accordion::solver::{solve, solve_jobs, solve_many, Budget, Solution, Verdict};
use accordion::{Card, Deal, Distances, RuleSet, Rules};
use std::time::{Duration, Instant};

struct Options {
    deals: u64,
    cards: usize,
    seed: u64,
    jobs: Option<usize>,
    race: usize,
    rules: Rules,
    budget: Budget,
    rows_file: Option<String>,
}

fn parse_options() -> Options {
    let mut options = Options {
        deals: 1000,
        cards: 52,
        seed: 1,
        jobs: None,
        race: 1,
        rules: Rules::modern(),
        budget: Budget::default(),
        rows_file: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        match arg.as_str() {
            "--deals" => options.deals = value().parse().expect("--deals N"),
            "--cards" => options.cards = value().parse().expect("--cards K"),
            "--seed" => options.seed = value().parse().expect("--seed S"),
            "--jobs" => options.jobs = Some(value().parse().expect("--jobs J")),
            "--race" => options.race = value().parse().expect("--race J"),
            "--rules" => {
                let set: RuleSet = value().parse().expect("--rules NAME");
                options.rules.set = set;
            }
            "--two-way" => options.rules.two_way = true,
            "--distances" => {
                let distances: Distances = value().parse().expect("--distances 1,3");
                options.rules.distances = distances;
            }
            "--max-nodes" => options.budget.max_nodes = Some(value().parse().expect("N")),
            "--timeout" => {
                let seconds: f64 = value().parse().expect("--timeout SECONDS");
                options.budget.timeout = Some(Duration::from_secs_f64(seconds));
            }
            "--rows" => options.rows_file = Some(value()),
            // `cargo bench` passes `--bench` to every bench target.
            "--bench" => {}
            other => panic!("unknown option {other}"),
        }
    }
    options
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let options = parse_options();
    let rows: Vec<Vec<Card>> = (options.seed..options.seed + options.deals)
        .map(|seed| {
            Deal::from_seed(seed, options.cards)
                .expect("a numbered deal")
                .cards()
                .to_vec()
        })
        .collect();
    let started = Instant::now();
    let solutions: Vec<Solution> = match options.jobs {
        None => rows
            .iter()
            .map(|row| match options.race {
                1 => solve(row, &[], &options.rules, &options.budget),
                jobs => solve_jobs(row, &[], &options.rules, &options.budget, jobs),
            })
            .collect(),
        Some(jobs) => solve_many(&rows, &options.rules, &options.budget, Some(jobs)),
    };
    let wall = started.elapsed();
    let mut times: Vec<Duration> = solutions.iter().map(|s| s.elapsed).collect();
    times.sort_unstable();
    let nodes: u64 = solutions.iter().map(|s| s.nodes).sum();
    let busy: Duration = times.iter().sum();
    let count = |v: Verdict| solutions.iter().filter(|s| s.verdict == v).count();
    let slowest = solutions
        .iter()
        .zip(options.seed..)
        .max_by_key(|(s, _)| s.elapsed)
        .map(|(s, seed)| format!("seed {seed}, {} nodes", s.nodes))
        .unwrap_or_default();
    let mut piles = [0usize; 53];
    for s in &solutions {
        piles[s.piles.min(52)] += 1;
    }
    let histogram: Vec<String> = piles
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(p, n)| format!("{p}:{n}"))
        .collect();
    println!(
        "{} deals of {} cards from seed {}, rules {}, jobs {}",
        options.deals,
        options.cards,
        options.seed,
        options.rules,
        options
            .jobs
            .map_or("1 (no pool)".to_string(), |j| j.to_string())
    );
    println!(
        "verdicts: win {} loss {} unknown {}   piles {}",
        count(Verdict::Win),
        count(Verdict::Loss),
        count(Verdict::Unknown),
        histogram.join(" ")
    );
    println!(
        "per deal: median {}  p90 {}  p99 {}  max {} ({slowest})",
        ms(percentile(&times, 50.0)),
        ms(percentile(&times, 90.0)),
        ms(percentile(&times, 99.0)),
        ms(percentile(&times, 100.0)),
    );
    let mut counts: Vec<u64> = solutions.iter().map(|s| s.nodes).collect();
    counts.sort_unstable();
    let at = |p: f64| {
        let rank = ((p / 100.0) * counts.len() as f64).ceil() as usize;
        counts[rank.clamp(1, counts.len()) - 1]
    };
    println!(
        "nodes per deal: median {}  p90 {}  p99 {}  max {}  mean {:.0}",
        at(50.0),
        at(90.0),
        at(99.0),
        at(100.0),
        nodes as f64 / counts.len().max(1) as f64
    );
    by_verdict(&solutions);
    if let Some(path) = &options.rows_file {
        write_rows(path, &solutions, options.seed);
    }
    println!(
        "total: {} nodes, {:.1} M nodes/s per thread, sum of solve times {}, wall {}",
        nodes,
        nodes as f64 / busy.as_secs_f64().max(1e-9) / 1e6,
        ms(busy),
        ms(wall),
    );
}

/// Wins and losses apart: count, summed time and nodes, median and max.
fn by_verdict(solutions: &[Solution]) {
    for verdict in [Verdict::Win, Verdict::Loss, Verdict::Unknown] {
        let mut mine: Vec<(Duration, u64)> = solutions
            .iter()
            .filter(|s| s.verdict == verdict)
            .map(|s| (s.elapsed, s.nodes))
            .collect();
        if mine.is_empty() {
            continue;
        }
        let time: Duration = mine.iter().map(|m| m.0).sum();
        let nodes: u64 = mine.iter().map(|m| m.1).sum();
        mine.sort_unstable();
        let mut counts: Vec<u64> = mine.iter().map(|m| m.1).collect();
        counts.sort_unstable();
        let middle = mine.len().div_ceil(2) - 1;
        println!(
            "{:>7}: {} rows, time {} (median {}, max {}), nodes {} (median {}, max {})",
            verdict.name(),
            mine.len(),
            ms(time),
            ms(mine[middle].0),
            ms(mine[mine.len() - 1].0),
            nodes,
            counts[middle],
            counts[counts.len() - 1],
        );
    }
}

/// One tab-separated line per row: seed, verdict, piles, nodes, microseconds.
fn write_rows(path: &str, solutions: &[Solution], first_seed: u64) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("--rows FILE"));
    for (s, seed) in solutions.iter().zip(first_seed..) {
        writeln!(
            out,
            "{seed}\t{}\t{}\t{}\t{:.1}",
            s.verdict.name(),
            s.piles,
            s.nodes,
            s.elapsed.as_secs_f64() * 1e6
        )
        .expect("write --rows FILE");
    }
}
