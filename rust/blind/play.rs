//! Playing one game with a strategy: Accordion's [`Table`], the row of top
//! cards a referee keeps between a player and the stock it must not see, and
//! the game played out on it by the one referee of every game
//! ([`crate::patience::referee`]).

use super::strategy::{CardSet, View};
use crate::card::Card;
use crate::deal::SplitMix64;
use crate::game::Action;
use crate::patience::{referee, Player, Standing, Table};
use crate::rules::{Rules, Step};

/// An Accordion player: a [`Player`] of the game's [`Tops`], which sees the
/// position through a [`View`] and chooses among the legal moves in the order
/// of [`Rules::all_moves`], then `deal` when allowed. Accordion's players never
/// stop before the end.
pub trait Strategy: for<'a> Player<Tops<'a>> {}

impl<T: for<'a> Player<Tops<'a>> + ?Sized> Strategy for T {}

/// Accordion as the referee keeps it: only the top cards of the row (all that
/// play needs: nothing is taken back), the deal in stock order, how much of it
/// is dealt and the cards not yet seen. Its [`View`] shows a player the tops,
/// the unseen set, the stock size and the rules, never the stock order.
#[derive(Clone, Debug)]
pub struct Tops<'a> {
    rules: Rules,
    /// The deal, in stock order.
    cards: &'a [Card],
    dealt: usize,
    /// The top card of each pile, left to right.
    row: Vec<Card>,
    unseen: CardSet,
    /// The legal moves, kept between turns so that no turn allocates.
    moves: Vec<Step>,
    /// The last list of legal actions was empty: the game is over.
    over: bool,
}

impl<'a> Tops<'a> {
    /// `cards` dealt as the stock, in order (`blind`), or laid out (open).
    pub fn new(rules: &Rules, cards: &'a [Card], blind: bool) -> Tops<'a> {
        let (row, dealt) = if blind {
            (Vec::with_capacity(cards.len()), 0)
        } else {
            (cards.to_vec(), cards.len())
        };
        Tops {
            rules: *rules,
            unseen: row.iter().fold(CardSet::FULL, |set, &c| set.without(c)),
            cards,
            dealt,
            row,
            moves: Vec::new(),
            over: false,
        }
    }
}

// The referee's turn is a few dozen instructions around the player's choice:
// inlined whole into it (one copy, in the simulator's referee), it runs as fast
// as the loop the referee had before it was generic (`benches/simulate-results.md`).
#[allow(clippy::inline_always)]
impl Table for Tops<'_> {
    type Action = Action;
    type View<'v>
        = View<'v>
    where
        Self: 'v;

    /// The legal moves in the order of [`Rules::all_moves`], then `deal`.
    #[inline(always)]
    fn legal_into(&mut self, out: &mut Vec<Action>) {
        self.rules.legal_moves(&self.row, &mut self.moves);
        out.clear();
        out.extend(self.moves.iter().map(|&s| Action::Move(s)));
        if self.dealt < self.cards.len() && (self.moves.is_empty() || !self.rules.set.must_move()) {
            out.push(Action::Deal);
        }
        self.over = out.is_empty();
    }

    /// The first legal move without the list, else `deal`.
    #[inline]
    fn first_legal(&mut self) -> Option<Action> {
        self.rules.legal_moves(&self.row, &mut self.moves);
        let first = match self.moves.first() {
            Some(&step) => Some(Action::Move(step)),
            None => (self.dealt < self.cards.len()).then_some(Action::Deal),
        };
        self.over = first.is_none();
        first
    }

    #[inline(always)]
    fn view(&self) -> View<'_> {
        View {
            tops: &self.row,
            unseen: self.unseen,
            stock_len: self.cards.len() - self.dealt,
            rules: &self.rules,
        }
    }

    #[inline(always)]
    fn apply(&mut self, action: Action) {
        match action {
            Action::Deal => {
                let card = self.cards[self.dealt];
                self.row.push(card);
                self.unseen = self.unseen.without(card);
                self.dealt += 1;
            }
            Action::Move(step) => {
                self.row[step.to] = self.row[step.from];
                self.row.remove(step.from);
            }
        }
    }

    /// The piles (each card still in the stock a pile to come, as
    /// [`crate::Patience::standing`] counts them).
    fn standing(&self) -> Standing {
        let stock = self.cards.len() - self.dealt;
        let piles = self.row.len();
        Standing {
            cards: piles + stock,
            won: stock == 0 && piles >= 1 && self.rules.is_won(piles),
            is_over: self.over,
        }
    }
}

/// Play `cards` (the deal, in stock order when `blind`) to the end with
/// `strategy`, telling `observe` each action; the piles left.
///
/// The referee keeps the stock ([`Tops`]); the strategy gets only a [`View`]
/// (tops, the unseen set, the stock size, the rules) and the legal actions,
/// and is asked at every turn, even when one action is legal.
///
/// # Panics
///
/// If the strategy stops before the end: Accordion's players play every game
/// out.
pub fn play_game(
    rules: &Rules,
    strategy: &mut (impl for<'a> Player<Tops<'a>> + ?Sized),
    cards: &[Card],
    blind: bool,
    rng: &mut SplitMix64,
    observe: impl FnMut(Action),
) -> usize {
    let standing = referee(&mut Tops::new(rules, cards, blind), strategy, rng, observe);
    assert!(standing.is_over, "an Accordion player plays the game out");
    standing.cards
}

/// What the strategies' tests share: a game played with its actions, and the
/// same game replayed through the core's reference game.
#[cfg(test)]
pub(crate) mod testing {
    use super::play_game;
    use super::Strategy;
    use crate::card::Card;
    use crate::deal::{Deal, SplitMix64};
    use crate::game::{Action, Game};
    use crate::rules::Rules;

    /// Play `cards` with `player` and a generator seeded with `seed`: the
    /// piles left and every action taken.
    pub(crate) fn actions_of(
        rules: &Rules,
        player: &mut dyn Strategy,
        cards: &[Card],
        blind: bool,
        seed: u64,
    ) -> (usize, Vec<Action>) {
        let mut actions = Vec::new();
        let piles = play_game(
            rules,
            player,
            cards,
            blind,
            &mut SplitMix64::new(seed),
            |a| actions.push(a),
        );
        (piles, actions)
    }

    /// Play `deal` as [`actions_of`] does and replay every action through
    /// `Game`, which checks each one: all legal, the game over where the
    /// referee ended it, with the same piles. The piles left.
    pub(crate) fn replayed(
        rules: &Rules,
        player: &mut dyn Strategy,
        deal: &Deal,
        blind: bool,
        seed: u64,
    ) -> usize {
        let (piles, actions) = actions_of(rules, player, deal.cards(), blind, seed);
        let mut game = Game::new(deal.clone(), *rules, blind);
        for &action in &actions {
            game.play(action).unwrap();
        }
        assert!(game.legal_actions().is_empty(), "{rules} seed {seed}");
        assert_eq!(game.outcome().piles, piles, "{rules} seed {seed}");
        piles
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::forced::Forced;
    use crate::blind::strategies::{build, build_for_deal};
    use crate::blind::strategy::StrategyKind;
    use crate::budget::Budget;
    use crate::deal::{shuffled_deck, Deal};
    use crate::game::Game;
    use crate::rules::{Distances, RuleSet};

    /// Play through `game::Game`, the reference engine of the core, choosing
    /// with `pick` among `Game::legal_actions`.
    fn play_reference(
        mut game: Game,
        mut pick: impl FnMut(&Game, &[Action]) -> Action,
    ) -> Vec<Action> {
        let mut actions = Vec::new();
        loop {
            let legal = game.legal_actions();
            if legal.is_empty() {
                return actions;
            }
            let action = pick(&game, &legal);
            game.play(action).unwrap();
            actions.push(action);
        }
    }

    fn variants(set: RuleSet) -> Vec<Rules> {
        let base = Rules::new(set);
        vec![
            base,
            base.with_two_way(true),
            base.with_distances(Distances::new(&[2, 3]).unwrap()),
            base.with_two_way(true)
                .with_distances(Distances::new(&[1, 2, 5]).unwrap()),
        ]
    }

    #[test]
    fn the_first_legal_action_is_the_first_of_the_list() {
        for set in RuleSet::ALL {
            for rules in variants(set) {
                for seed in 0..20 {
                    let deal = Deal::from_seed(seed, [52, 18][seed as usize % 2]).unwrap();
                    let mut tops = Tops::new(&rules, deal.cards(), seed % 4 < 2);
                    crate::patience::testing::assert_first_legal_is_first_of_the_list(
                        &mut tops, seed,
                    );
                }
            }
        }
    }

    #[test]
    fn forced_play_equals_the_game_engine_move_for_move() {
        for set in [RuleSet::Strict, RuleSet::StrictLeap] {
            for rules in variants(set) {
                let forced = Forced::of_rules(&rules).unwrap();
                for seed in 0..60 {
                    let cards = [52, 52, 18, 7][seed as usize % 4];
                    let deal = Deal::from_seed(seed, cards).unwrap();
                    for blind in [true, false] {
                        let want =
                            play_reference(Game::new(deal.clone(), rules, blind), |_, legal| {
                                assert_eq!(legal.len(), 1, "automatic rules allow one action");
                                legal[0]
                            });
                        let mut got = Vec::new();
                        let piles = forced.play_observed(deal.cards(), blind, |a| got.push(a));
                        assert_eq!(got, want, "{rules} seed {seed} blind {blind}");
                        let mut game = Game::new(deal.clone(), rules, blind);
                        for &a in &want {
                            game.play(a).unwrap();
                        }
                        assert_eq!(piles, game.outcome().piles);
                    }
                }
            }
        }
    }

    /// The straightforward greedy player: of `Game::legal_actions`, the first
    /// move of the leftmost movable pile with the smallest (largest) distance.
    fn straightforward_greedy(game: &Game, legal: &[Action], farthest: bool) -> Action {
        let moves: Vec<Step> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Move(s) => Some(*s),
                Action::Deal => None,
            })
            .collect();
        let Some(first) = moves.first() else {
            return Action::Deal;
        };
        let of_pile: Vec<Step> = moves
            .iter()
            .copied()
            .filter(|s| s.from == first.from)
            .collect();
        let distance = |s: &Step| s.from.abs_diff(s.to);
        let want = if farthest {
            of_pile.iter().map(distance).max()
        } else {
            of_pile.iter().map(distance).min()
        };
        let _ = game;
        Action::Move(*of_pile.iter().find(|s| Some(distance(s)) == want).unwrap())
    }

    #[test]
    fn greedy_players_agree_with_a_straightforward_greedy_through_game() {
        for set in [RuleSet::Parlett, RuleSet::Modern] {
            for rules in variants(set) {
                for (kind, farthest) in [
                    (StrategyKind::SlideFirst, false),
                    (StrategyKind::LeapFirst, true),
                ] {
                    for seed in 0..10 {
                        let deal = Deal::from_seed(seed, 52).unwrap();
                        for blind in [true, false] {
                            let want = play_reference(
                                Game::new(deal.clone(), rules, blind),
                                |g, legal| straightforward_greedy(g, legal, farthest),
                            );
                            let mut got = Vec::new();
                            let mut player = build(kind, &rules);
                            play_game(
                                &rules,
                                player.as_mut(),
                                deal.cards(),
                                blind,
                                &mut SplitMix64::new(seed),
                                |a| got.push(a),
                            );
                            assert_eq!(got, want, "{kind} {rules} seed {seed}");
                            // And the fast engine the simulator uses for them.
                            let mut fast = Vec::new();
                            Forced::new(&rules, farthest)
                                .play_observed(deal.cards(), blind, |a| fast.push(a));
                            assert_eq!(fast, want, "fast {kind} {rules} seed {seed}");
                        }
                    }
                }
            }
        }
    }

    /// Every agent, dealt two stocks with the same cards in different orders,
    /// acts the same until the first card where the orders differ is dealt.
    #[test]
    fn agents_cannot_read_the_stock_order() {
        let cases = [
            (StrategyKind::Solver, Rules::new(RuleSet::Modern)),
            (
                StrategyKind::Solver,
                Rules::new(RuleSet::Modern).with_two_way(true),
            ),
            (StrategyKind::SlideFirst, Rules::new(RuleSet::Parlett)),
            (StrategyKind::LeapFirst, Rules::new(RuleSet::Modern)),
            (StrategyKind::Random, Rules::new(RuleSet::Parlett)),
            (StrategyKind::Random, Rules::new(RuleSet::Modern)),
            (StrategyKind::Sweepers, Rules::new(RuleSet::Modern)),
            (
                StrategyKind::Lookahead(StrategyKind::DEFAULT_BUDGET),
                Rules::new(RuleSet::Modern),
            ),
            (
                StrategyKind::Planner(StrategyKind::DEFAULT_BUDGET),
                Rules::new(RuleSet::Modern),
            ),
            (
                StrategyKind::DepthFirst(StrategyKind::DEFAULT_BUDGET),
                Rules::new(RuleSet::Modern),
            ),
            (
                StrategyKind::DeepPlanner(StrategyKind::DEFAULT_BUDGET),
                Rules::new(RuleSet::Modern),
            ),
            (StrategyKind::ParlettAgent, Rules::new(RuleSet::Parlett)),
            (StrategyKind::ParlettSampler, Rules::new(RuleSet::Parlett)),
            (
                StrategyKind::ParlettAgent,
                Rules::new(RuleSet::Parlett).with_two_way(true),
            ),
        ];
        // Every strategy but the one bound that is meant to read the stock.
        for kind in StrategyKind::ALL {
            let exempt = kind == StrategyKind::Forced || kind.sees_the_stock();
            assert!(
                exempt || cases.iter().any(|&(k, _)| k == kind),
                "{kind} is not checked"
            );
        }
        assert_eq!(
            StrategyKind::ALL
                .iter()
                .filter(|k| k.sees_the_stock())
                .count(),
            1,
            "only clairvoyant may see the stock"
        );
        for (kind, rules) in cases {
            for seed in 0..2u64 {
                for split in [10usize, 25, 40] {
                    assert!(
                        acts_alike_until_the_orders_differ(kind, &rules, seed, split),
                        "{kind} {rules} seed {seed} split {split}"
                    );
                }
            }
        }
    }

    /// The check above bites: the clairvoyant bound, which does read the
    /// stock, fails it.
    #[test]
    fn the_stock_order_check_catches_the_clairvoyant() {
        let rules = Rules::new(RuleSet::Parlett);
        let caught = (0..3u64)
            .flat_map(|seed| [10usize, 25, 40].map(|split| (seed, split)))
            .filter(|&(seed, split)| {
                !acts_alike_until_the_orders_differ(StrategyKind::Clairvoyant, &rules, seed, split)
            })
            .count();
        assert!(caught > 0);
    }

    /// Play the numbered deck `seed` blind, and again with the cards after the
    /// first `split` reversed (the same unseen set then, in another order):
    /// whether the player acts the same until it deals the first card where
    /// the two orders differ.
    fn acts_alike_until_the_orders_differ(
        kind: StrategyKind,
        rules: &Rules,
        seed: u64,
        split: usize,
    ) -> bool {
        let deck = shuffled_deck(seed);
        let mut other = deck;
        other[split..].reverse();
        let run = |cards: &[Card]| {
            let mut actions = Vec::new();
            let mut player = build_for_deal(kind, rules, cards, true, &Budget::default());
            play_game(
                rules,
                player.as_mut(),
                cards,
                true,
                &mut SplitMix64::new(seed),
                |a| actions.push(a),
            );
            actions
        };
        let (a, b) = (run(&deck), run(&other));
        let cut = |actions: &[Action]| {
            let mut deals = 0;
            let end = actions
                .iter()
                .position(|&x| {
                    deals += usize::from(x == Action::Deal);
                    deals > split
                })
                .map_or(actions.len(), |i| i + 1);
            actions[..end].to_vec()
        };
        let (a, b) = (cut(&a), cut(&b));
        assert_eq!(a.iter().filter(|&&x| x == Action::Deal).count(), split + 1);
        a == b
    }
}
