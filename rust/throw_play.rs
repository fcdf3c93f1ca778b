//! Strategies that play a whole throw game (Royal Marriage, Bayan), and many
//! numbered deals played by one, in parallel, with the same totals for any
//! number of threads: through the one statistics driver ([`crate::stats`]).
//!
//! Both are [`Player`]s of the one referee of every game
//! ([`crate::patience::referee`]), which shows them a [`ThrowView`].
//!
//! - `greedy`: whenever a throw exists, make the first legal one in the game's
//!   canonical order ([`FirstLegal`]: the forced one where the rules force one,
//!   as Accordian's `uva` does); deal only when no throw exists. It never looks
//!   ahead.
//! - `best`: open play follows the exact solver's line. Blind play where the
//!   rules let the player deal past throws deals every card first (dealing
//!   never takes a throw away, so this loses nothing and turns the game into
//!   the open one), then follows the solver: it never looks at the stock order.
//!   Blind play where the rules oblige a throw before each deal makes the
//!   throw of [`Throwing::blind_choice`] (Royal Marriage under `parlett`: any
//!   throw, since every choice ends alike).

use crate::budget::{Budget, Verdict};
use crate::deal::Deal;
use crate::deal::SplitMix64;
use crate::error::{quoted, Error, Result};
use crate::patience::{referee, FirstLegal, Patience, Player, Standing, Table};
use crate::rules::RuleSet;
use crate::stats::{deal_by_deal, Run, Stats};
use crate::throw_game::{rule_set_in, ThrowAction, ThrowGame, ThrowOutcome, ThrowRow, Throwing};
use std::str::FromStr;

/// How a whole game is played automatically.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    Greedy,
    Best,
}

impl Strategy {
    pub const ALL: [Strategy; 2] = [Strategy::Greedy, Strategy::Best];

    pub fn name(self) -> &'static str {
        match self {
            Strategy::Greedy => "greedy",
            Strategy::Best => "best",
        }
    }

    /// The strategy named `text` (`greedy`, `best`), or an error naming `game`.
    pub fn parse(text: &str, game: &str) -> Result<Strategy> {
        let name = text.trim().to_ascii_lowercase();
        Strategy::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                Error::InvalidRules(format!(
                    "unknown {game} strategy {} (known: greedy, best)",
                    quoted(text)
                ))
            })
    }
}

impl FromStr for Strategy {
    type Err = Error;

    /// As [`Strategy::parse`], the error naming no game.
    fn from_str(text: &str) -> Result<Strategy> {
        Strategy::parse(text, "throw-game")
    }
}

/// What a throw game's player may see: the row, how many cards are still to
/// deal and the rules, never their order (the [`Table::View`] of a throw game).
pub struct ThrowView<'a, G: Throwing>(&'a ThrowGame<G>);

impl<'a, G: Throwing> ThrowView<'a, G> {
    pub fn row(&self) -> &'a G::Row {
        self.0.row()
    }

    /// Cards still to deal (0 in an open game).
    pub fn stock_len(&self) -> usize {
        self.0.stock().len()
    }

    pub fn is_blind(&self) -> bool {
        self.0.is_blind()
    }

    pub fn rules(&self) -> G {
        self.0.game_rules()
    }

    /// The game's own throw for a blind game whose rules oblige throws
    /// ([`Throwing::blind_choice`], which reads the row, never the stock).
    pub fn blind_choice(&self) -> Option<G::Throw> {
        G::blind_choice(self.0)
    }

    /// The action `play` names in the row.
    pub fn action_of(&self, play: G::Play) -> Result<ThrowAction<G::Throw>> {
        self.0.action_of(play)
    }
}

/// A throw game as the referee keeps it is the game itself: its legal actions
/// (the throws in canonical order, then `deal`), each played through
/// [`Patience::play`].
impl<G: Throwing> Table for ThrowGame<G> {
    type Action = ThrowAction<G::Throw>;
    type View<'a>
        = ThrowView<'a, G>
    where
        Self: 'a;

    fn legal_into(&mut self, out: &mut Vec<Self::Action>) {
        out.clear();
        out.extend(self.legal_throws().into_iter().map(ThrowAction::Throw));
        if self.may_deal() {
            out.push(ThrowAction::Deal);
        }
    }

    /// The first legal throw without listing them all
    /// ([`ThrowGame::first_legal_throw`]), else `deal` when allowed.
    fn first_legal(&mut self) -> Option<Self::Action> {
        self.first_legal_throw()
            .map(ThrowAction::Throw)
            .or_else(|| self.may_deal().then_some(ThrowAction::Deal))
    }

    fn view(&self) -> ThrowView<'_, G> {
        ThrowView(self)
    }

    fn apply(&mut self, action: Self::Action) {
        self.play(action).expect("the referee plays legal actions");
    }

    fn standing(&self) -> Standing {
        self.outcome()
    }
}

/// `best` as a player (`greedy` is [`FirstLegal`]: the canonical order lists
/// the throws first, the forced one first where the rules force one, as
/// Accordian's `uva` does, and `deal` last). It stops (`None`) when `budget`'s
/// cancel flag cut the solver short: the game is abandoned.
#[derive(Clone, Debug)]
pub struct Best<'a>(pub &'a Budget);

impl<G: Throwing> Player<ThrowGame<G>> for Best<'_> {
    fn choose(
        &mut self,
        view: &ThrowView<'_, G>,
        legal: &[ThrowAction<G::Throw>],
        _rng: &mut SplitMix64,
    ) -> Option<ThrowAction<G::Throw>> {
        let throw = if view.is_blind() && view.stock_len() > 0 {
            if view.rules().deals_past_throws() {
                // Dealing never takes a throw away: deal everything, then solve.
                return Some(ThrowAction::Deal);
            }
            view.blind_choice()
        } else {
            let solution = view.rules().solve_row(view.row(), self.0);
            if self.0.is_cancelled() {
                return None;
            }
            let first = *solution.moves.first()?;
            match view.action_of(first) {
                Ok(ThrowAction::Throw(throw)) => Some(throw),
                _ => unreachable!("the solver's line starts with a legal throw"),
            }
        };
        throw.map(ThrowAction::Throw).or_else(|| {
            legal
                .contains(&ThrowAction::Deal)
                .then_some(ThrowAction::Deal)
        })
    }
}

/// Play a whole game with a strategy; the final outcome. `budget` bounds each
/// solve of `best` (exact: no limit but its cancel flag, whose raising leaves
/// the outcome meaningless: the caller drops it).
pub fn play_out<G: Throwing>(
    deal: Deal,
    blind: bool,
    rules: G,
    strategy: Strategy,
    budget: &Budget,
) -> ThrowOutcome {
    let mut game = ThrowGame::open_or_blind(deal, rules, blind);
    if strategy == Strategy::Best && (!blind || rules.deals_past_throws()) {
        // The solver's line from the whole deal, open: see `Best`.
        let row = G::Row::from_cards(game.deal().cards());
        let solution = rules.solve_row(&row, budget);
        debug_assert!(solution.verdict != Verdict::Unknown || budget.is_cancelled());
        return ThrowOutcome {
            cards: solution.cards,
            won: solution.verdict == Verdict::Win,
            is_over: true,
        };
    }
    // Neither player draws a number: the generator is only the referee's due.
    let rng = &mut SplitMix64::new(0);
    match strategy {
        Strategy::Greedy => referee(&mut game, &mut FirstLegal, rng, |_| {}),
        Strategy::Best => referee(&mut game, &mut Best(budget), rng, |_| {}),
    }
}

/// What a simulation of a throw game plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Cards per deal, [`Throwing::MIN_CARDS`] to 52.
    pub cards: usize,
    pub blind: bool,
    pub rules: RuleSet,
    pub strategy: Strategy,
}

/// The figures of a throw game's simulation (piles = cards left, each card a
/// pile of one; a win leaves [`Throwing::WON_AT`] cards).
pub type ThrowStats = Stats<Setup>;

/// Deals per chunk: a game takes microseconds (`best` solves the row once, up
/// to a few hundred for Accordian, whose rare hard rows take minutes); a cancel
/// is seen between deals and inside each solve, so the chunk only sets how
/// often progress is reported.
const CHUNK: u64 = 1 << 8;

/// Check a setup for `game`: the cards per deal and the rules; the game under them.
pub fn check_setup<G: Throwing>(game: G, setup: &Setup) -> Result<G> {
    let fewest = game.facts().min_cards;
    if !(fewest..=crate::deal::DECK_SIZE).contains(&setup.cards) {
        let expected = format!("{fewest} to 52");
        return Err(Error::argument("cards", &expected, setup.cards));
    }
    rule_set_in(game, setup.rules)
}

/// Play the numbered deals of `run` ([`Run`]) of `game`
/// ([`Throwing::numbered_deal`]) as `setup` says. A raised cancel flag stops
/// the run within a deal too (inside `best`'s solve).
///
/// Errors: `InvalidArgument` for `deals == 0`, a last deal past `2**64 - 1`,
/// `cards` out of range or `jobs` out of range; `InvalidRules` for rules the
/// game is not played under.
pub fn simulate<G: Throwing>(game: G, setup: &Setup, run: Run<'_>) -> Result<ThrowStats> {
    run.range()?;
    let rules = check_setup(game, setup)?;
    let won_at = rules.facts().won_at;
    run.play(*setup, won_at, CHUNK, |first, count, histogram, budget| {
        deal_by_deal(first, count, histogram, budget, |number| {
            let deal = rules
                .numbered_deal(number, setup.cards)
                .expect("cards checked");
            play_out(deal, setup.blind, rules, setup.strategy, budget).cards
        });
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accordian::game::Accordian;
    use crate::bayan::game::Bayan;
    use crate::royal::game::Royal;
    use crate::royal::RoyalDeal;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Instant;

    /// `deals` deals of `game` from 10 on, on one thread and on two: the same
    /// totals either way; the run on one thread.
    fn on_one_and_two_threads<G: Throwing>(game: G, setup: &Setup, deals: u64) -> ThrowStats {
        let [one, two] =
            [1, 2].map(|jobs| simulate(game, setup, Run::new(10, deals).jobs(Some(jobs))).unwrap());
        assert_eq!(one.histogram, two.histogram);
        assert_eq!(one.deals, deals);
        assert_eq!(one.histogram.iter().sum::<u64>(), deals);
        assert_eq!(one.histogram[game.facts().won_at], one.wins);
        one
    }

    #[test]
    fn totals_do_not_depend_on_the_thread_count() {
        let setup = Setup {
            cards: 52,
            blind: true,
            rules: RuleSet::Parlett,
            strategy: Strategy::Greedy,
        };
        let one = on_one_and_two_threads(Royal::default_game(), &setup, 500);
        let (lo, hi) = one.ci95;
        let rate = one.wins as f64 / 500.0;
        assert!(lo < rate && rate < hi && hi - lo < 0.1, "{lo} {hi}");
        let stopped = simulate(
            Royal::default_game(),
            &setup,
            Run::new(10, 5000)
                .jobs(Some(2))
                .cancel(Some(&Arc::new(AtomicBool::new(true)))),
        )
        .unwrap();
        assert_eq!(stopped.deals, 0);
        assert!(stopped.cancelled);
        let bayan = Setup {
            rules: RuleSet::Modern,
            ..setup
        };
        on_one_and_two_threads(Bayan::default_game(), &bayan, 300);
    }

    /// Whether `game` refuses to be simulated under `rules`.
    fn refused<G: Throwing>(game: G, setup: Setup, rules: RuleSet) -> bool {
        let setup = Setup { rules, ..setup };
        matches!(
            simulate(game, &setup, Run::new(0, 1)),
            Err(Error::InvalidRules(_))
        )
    }

    #[test]
    fn bad_numbers_are_refused_by_name() {
        let setup = Setup {
            cards: 52,
            blind: false,
            rules: RuleSet::Modern,
            strategy: Strategy::Greedy,
        };
        for (setup, seed, deals, jobs, name) in [
            (setup, 0, 0, None, "deals"),
            (setup, u64::MAX, 2, None, "deals"),
            (Setup { cards: 1, ..setup }, 0, 1, None, "cards"),
            (setup, 0, 1, Some(0), "jobs"),
            (setup, 0, 1, Some(100_000), "jobs"),
        ] {
            match simulate(
                Royal::default_game(),
                &setup,
                Run::new(seed, deals).jobs(jobs),
            ) {
                Err(Error::InvalidArgument { argument, .. }) => assert_eq!(argument, name),
                other => panic!("{name}: {other:?}"),
            }
        }
        // A rule set the game is not played under.
        assert!(refused(Royal::default_game(), setup, RuleSet::Strict));
        assert!(refused(Bayan::default_game(), setup, RuleSet::Parlett));
        assert!(simulate(
            Bayan::default_game(),
            &Setup { cards: 1, ..setup },
            Run::new(0, 1)
        )
        .is_ok());
        assert!(matches!(
            Strategy::parse("clever", "Bayan"),
            Err(Error::InvalidRules(m)) if m.contains("unknown Bayan strategy")
        ));
    }

    #[test]
    fn strategies_finish_games_and_best_is_never_worse() {
        for seed in 0..200 {
            for blind in [false, true] {
                for rules in [RuleSet::Modern, RuleSet::Parlett] {
                    let deal = RoyalDeal::from_seed(seed, 52).unwrap().as_deal().clone();
                    let royal = Royal::with_rules(rules);
                    let played = |blind, strategy| {
                        play_out(deal.clone(), blind, royal, strategy, &Budget::default())
                    };
                    let greedy = played(blind, Strategy::Greedy);
                    let best = played(blind, Strategy::Best);
                    assert!(greedy.is_over && best.is_over);
                    let open_best = played(false, Strategy::Best);
                    assert!(best.cards >= open_best.cards, "blind can't beat open");
                    if !blind || rules == RuleSet::Modern {
                        assert!(best.cards <= greedy.cards, "{seed}");
                    }
                }
            }
            for blind in [false, true] {
                let deal = crate::deal::Deal::from_seed(seed, 16).unwrap();
                let greedy = play_out(
                    deal.clone(),
                    blind,
                    Bayan,
                    Strategy::Greedy,
                    &Budget::default(),
                );
                let best = play_out(deal, blind, Bayan, Strategy::Best, &Budget::default());
                assert!(greedy.is_over && best.is_over);
                assert!(best.cards <= greedy.cards, "{seed}");
            }
        }
    }

    /// Accordian Patience's numbered deal 8 takes its solver minutes: a cancel
    /// raised meanwhile stops `best` inside that solve, and the game is dropped.
    #[test]
    fn a_cancel_stops_best_inside_a_hard_deal_and_drops_it() {
        let setup = Setup {
            cards: 52,
            blind: false,
            rules: RuleSet::Modern,
            strategy: Strategy::Best,
        };
        let (stop, raiser) = crate::budget::raised_after(200);
        let started = Instant::now();
        let stats = simulate(
            Accordian::default_game(),
            &setup,
            Run::new(8, 1).jobs(Some(1)).cancel(Some(&stop)),
        )
        .unwrap();
        raiser.join().unwrap();
        assert!(stats.cancelled);
        assert_eq!(stats.deals, 0);
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
    }

    #[test]
    fn the_first_legal_action_is_the_first_of_the_list() {
        use crate::throw_game::check::first_legal_is_first_of_the_list as check;
        for facts in crate::royal::game::GAMES {
            check(Royal::of(facts));
        }
        check(Bayan::default_game());
        check(Accordian::default_game());
    }

    #[test]
    fn best_plays_the_solvers_line_in_open_play() {
        let deal: crate::deal::Deal = "QH 5C 9H 7D 5S KH".parse().unwrap();
        let mut open = ThrowGame::open_or_blind(deal, Royal::with_rules(RuleSet::Modern), false);
        let standing = referee(
            &mut open,
            &mut Best(&Budget::default()),
            &mut SplitMix64::new(0),
            |_| {},
        );
        assert!(standing.won && open.is_won());
    }
}
