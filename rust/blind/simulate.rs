//! Simulation: play numbered deals `seed, seed + 1, …` with a strategy on a
//! dedicated thread pool and gather the statistics.
//!
//! Deal `i` of a run is `Deal::from_seed(seed + i, cards)` (mod 2^64), and a
//! strategy that draws random numbers gets a generator seeded from that deal's
//! number alone, so every game, and therefore every figure, is the same whatever
//! the number of threads and however the chunks are scheduled (histograms are
//! sums of integers).

use super::fast::classic_histogram;
use super::forced::Forced;
use super::play::play_game;
use super::shuffle::shuffled_deck;
use super::stats::{Setup, Stats};
use super::strategies::build_for_deal;
use super::strategy::StrategyKind;
use crate::budget::Budget;
use crate::card::Card;
use crate::deal::{SplitMix64, DECK_SIZE};
use crate::error::{Error, Result};
use crate::rules::Rules;
use crate::stats::{deal_by_deal, Run};

/// Mixed into a deal's number to seed the strategy's generator, so that its
/// words are not the words that shuffled the deck.
const STRATEGY_STREAM: u64 = 0x5851_F42D_4C95_7F2D;

/// The generator a strategy gets for numbered deal `deal`.
pub fn strategy_rng(deal: u64) -> SplitMix64 {
    SplitMix64::new(deal ^ STRATEGY_STREAM)
}

/// How the games of a run are played out.
#[derive(Copy, Clone, Debug)]
enum PlayOut {
    /// The forced game on the byte row (and for the classic variant the lanes
    /// of `fast.rs`): automatic rules and the greedy players, which make
    /// exactly the forced choices; the tests hold these engines to the one
    /// referee's play-out of the same players, move for move.
    Fast(Forced),
    /// A strategy, a [`crate::patience::Player`] of Accordion's table, through
    /// the one referee ([`play_game`]).
    Choosing(StrategyKind),
}

impl PlayOut {
    fn of(rules: &Rules, strategy: StrategyKind) -> PlayOut {
        match strategy {
            StrategyKind::Forced => PlayOut::Fast(Forced::of_rules(rules).expect("checked")),
            StrategyKind::SlideFirst => PlayOut::Fast(Forced::new(rules, false)),
            StrategyKind::LeapFirst => PlayOut::Fast(Forced::new(rules, true)),
            other => PlayOut::Choosing(other),
        }
    }

    /// Deals per chunk of work: large for microsecond games, small for slow ones
    /// (progress comes per chunk, and cancelling waits for running chunks: a
    /// chunk of fast games takes some ten milliseconds).
    fn chunk(self) -> u64 {
        match self {
            PlayOut::Fast(_) => 1 << 12,
            PlayOut::Choosing(
                StrategyKind::ParlettAgent
                | StrategyKind::ParlettSampler
                | StrategyKind::Clairvoyant,
            ) => 8,
            PlayOut::Choosing(kind) if kind == StrategyKind::Solver || kind.budget().is_some() => {
                32
            }
            PlayOut::Choosing(_) => 256,
        }
    }

    /// Play numbered deal `number`; the piles left (meaningless once `budget`'s
    /// cancel flag is raised: the caller drops it).
    fn play(self, rules: &Rules, blind: bool, cards: usize, number: u64, budget: &Budget) -> usize {
        let deck = shuffled_deck(number);
        let cards = &deck[..cards];
        match self {
            PlayOut::Fast(forced) => forced.play(cards, blind),
            PlayOut::Choosing(kind) => play_numbered(kind, rules, cards, blind, number, budget),
        }
    }
}

/// Play `cards`, numbered deal `number`, with a fresh player of `kind` and
/// the deal's generator ([`strategy_rng`]); the piles left. `budget` bounds
/// the exact searches of `solver` and `clairvoyant` (no limit but its cancel
/// flag: see [`build_for_deal`]).
pub(in crate::blind) fn play_numbered(
    kind: StrategyKind,
    rules: &Rules,
    cards: &[Card],
    blind: bool,
    number: u64,
    budget: &Budget,
) -> usize {
    let mut player = build_for_deal(kind, rules, cards, blind, budget);
    play_game(
        rules,
        player.as_mut(),
        cards,
        blind,
        &mut strategy_rng(number),
        |_| {},
    )
}

/// Play the numbered deals of `run` ([`Run`]) of `cards` cards with
/// `strategy` and gather the statistics. A raised cancel flag stops the run
/// within a game too (inside the searches of `solver` and `clairvoyant`); the
/// result then covers the chunks that finished before it (see
/// [`crate::stats::Stats::cancelled`]).
///
/// Errors: `InvalidArgument` for `deals == 0`, a last deal past `2**64 - 1`,
/// `cards` outside 1..=52 or `jobs` out of range; `InvalidRules` for a
/// strategy that makes no sense with the rules ([`StrategyKind::check`]).
pub fn simulate(
    rules: &Rules,
    strategy: StrategyKind,
    blind: bool,
    cards: usize,
    run: Run<'_>,
) -> Result<Stats> {
    run.range()?;
    check_cards(cards)?;
    strategy.check(rules, blind)?;
    if rules.goal.is_some() || rules.win_piles != 1 {
        return Err(Error::InvalidRules(
            "simulations count wins at one pile: a goal card or win_piles is for single games"
                .into(),
        ));
    }
    let play_out = PlayOut::of(rules, strategy);
    let setup = Setup {
        rules: *rules,
        strategy,
        blind,
        cards,
    };
    run.play(
        setup,
        1,
        play_out.chunk(),
        |first, count, histogram, budget| {
            match play_out {
                // Open and blind one-way forced play end alike.
                PlayOut::Fast(forced) if forced.classic() == Some(true) => {
                    classic_histogram::<true>(first, count, cards, histogram);
                }
                PlayOut::Fast(forced) if forced.classic() == Some(false) => {
                    classic_histogram::<false>(first, count, cards, histogram);
                }
                _ => deal_by_deal(first, count, histogram, budget, |number| {
                    play_out.play(rules, blind, cards, number, budget)
                }),
            }
        },
    )
}

/// `cards` per deal: 1 to 52.
pub fn check_cards(cards: usize) -> Result<()> {
    if (1..=DECK_SIZE).contains(&cards) {
        Ok(())
    } else {
        Err(Error::argument("cards", "1 to 52", cards))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;
    use std::sync::atomic::AtomicBool;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    use std::time::Instant;

    fn run(rules: &Rules, strategy: StrategyKind, blind: bool, deals: u64, jobs: usize) -> Stats {
        simulate(
            rules,
            strategy,
            blind,
            52,
            Run::new(1000, deals).jobs(Some(jobs)),
        )
        .unwrap()
    }

    fn same_figures(a: &Stats, b: &Stats) {
        assert_eq!(a.histogram, b.histogram);
        assert_eq!((a.deals, a.wins), (b.deals, b.wins));
        assert!(a.mean_piles.to_bits() == b.mean_piles.to_bits());
    }

    #[test]
    fn results_do_not_depend_on_the_number_of_threads() {
        let strict = Rules::new(RuleSet::Strict);
        let parlett = Rules::new(RuleSet::Parlett);
        let modern = Rules::new(RuleSet::Modern);
        for (rules, kind, blind, deals) in [
            (strict, StrategyKind::Forced, true, 20_000),
            (parlett, StrategyKind::Random, true, 200),
            (modern, StrategyKind::Sweepers, false, 200),
            (parlett, StrategyKind::ParlettAgent, true, 12),
            (parlett, StrategyKind::ParlettSampler, true, 8),
            (modern, StrategyKind::Solver, false, 40),
            (parlett, StrategyKind::Solver, false, 40),
            (parlett, StrategyKind::Clairvoyant, true, 12),
            (modern, StrategyKind::Lookahead(30), false, 40),
            (modern, StrategyKind::Planner(30), false, 40),
            (modern, StrategyKind::DepthFirst(30), false, 40),
            (modern, StrategyKind::DeepPlanner(30), false, 40),
        ] {
            let one = run(&rules, kind, blind, deals, 1);
            let two = run(&rules, kind, blind, deals, 2);
            same_figures(&one, &two);
            assert_eq!(one.histogram.iter().sum::<u64>(), deals);
            assert_eq!(one.histogram[0], 0);
            assert!(!one.cancelled);
        }
    }

    #[test]
    fn each_deal_is_its_numbered_deal() {
        // A run of 3 deals from 7 plays deals 7, 8 and 9.
        let rules = Rules::new(RuleSet::Strict);
        let forced = Forced::of_rules(&rules).unwrap();
        let mut want = [0u64; 53];
        for n in 7..10 {
            want[forced.play(crate::Deal::from_seed(n, 52).unwrap().cards(), true)] += 1;
        }
        let stats = simulate(
            &rules,
            StrategyKind::Forced,
            true,
            52,
            Run::new(7, 3).jobs(Some(1)),
        )
        .unwrap();
        assert_eq!(stats.histogram, want);
    }

    #[test]
    fn greedy_under_parlett_is_the_strict_game() {
        let strict = run(
            &Rules::new(RuleSet::Strict),
            StrategyKind::Forced,
            true,
            5_000,
            2,
        );
        let greedy = run(
            &Rules::new(RuleSet::Parlett),
            StrategyKind::SlideFirst,
            true,
            5_000,
            2,
        );
        same_figures(&strict, &greedy);
    }

    #[test]
    fn nonsense_is_refused_with_a_clear_error() {
        let strict = Rules::new(RuleSet::Strict);
        let err = simulate(&strict, StrategyKind::Random, true, 52, Run::new(0, 10)).unwrap_err();
        assert!(matches!(err, Error::InvalidRules(_)), "{err}");
        assert!(err.to_string().contains("nothing to choose"), "{err}");
        let modern = Rules::new(RuleSet::Modern);
        let parlett = Rules::new(RuleSet::Parlett);
        for (rules, kind) in [
            (modern, StrategyKind::Forced),
            (modern, StrategyKind::ParlettAgent),
            (parlett, StrategyKind::Sweepers),
        ] {
            let refused = simulate(&rules, kind, true, 52, Run::new(0, 10));
            assert!(refused.is_err(), "{kind:?} under {rules}");
        }
        for (rules, kind) in [
            (parlett, StrategyKind::Solver),
            (modern, StrategyKind::Clairvoyant),
        ] {
            let err = simulate(&rules, kind, true, 52, Run::new(0, 10)).unwrap_err();
            assert!(matches!(err, Error::InvalidRules(_)), "{err}");
        }
        assert!(matches!(
            simulate(&strict, StrategyKind::Forced, true, 52, Run::new(0, 0)),
            Err(Error::InvalidArgument {
                argument: "deals",
                ..
            })
        ));
        assert!(matches!(
            simulate(&strict, StrategyKind::Forced, true, 53, Run::new(0, 10)),
            Err(Error::InvalidArgument {
                argument: "cards",
                ..
            })
        ));
        assert!("nope".parse::<StrategyKind>().is_err());
        for kind in StrategyKind::ALL {
            assert_eq!(kind.to_string().parse::<StrategyKind>().unwrap(), kind);
        }
    }

    #[test]
    fn progress_is_reported_and_cancel_stops() {
        let rules = Rules::new(RuleSet::Strict);
        let last = AtomicU64::new(0);
        let report = |n: u64| {
            last.fetch_max(n, Ordering::Relaxed);
        };
        let run = |stop: Option<&Arc<AtomicBool>>, progress: Option<&(dyn Fn(u64) + Sync)>| {
            simulate(
                &rules,
                StrategyKind::Forced,
                true,
                52,
                Run::new(0, 50_000)
                    .jobs(Some(2))
                    .cancel(stop)
                    .progress(progress),
            )
            .unwrap()
        };
        let stats = run(None, Some(&report));
        assert_eq!(last.load(Ordering::Relaxed), 50_000);
        assert_eq!(stats.deals, 50_000);
        let stop = Arc::new(AtomicBool::new(true));
        let stats = run(Some(&stop), None);
        assert!(stats.cancelled);
        assert_eq!(stats.deals, 0);
    }

    /// A cancel raised while `clairvoyant` solves a deal stops that search (the
    /// game is dropped, not counted), well before the chunk of 8 would end.
    #[test]
    fn a_cancel_stops_the_search_inside_a_game() {
        let rules = Rules::new(RuleSet::Parlett);
        let (stop, raiser) = crate::budget::raised_after(100);
        let started = Instant::now();
        let stats = simulate(
            &rules,
            StrategyKind::Clairvoyant,
            true,
            52,
            Run::new(0, 1 << 40).jobs(Some(1)).cancel(Some(&stop)),
        )
        .unwrap();
        raiser.join().unwrap();
        assert!(stats.cancelled);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}
