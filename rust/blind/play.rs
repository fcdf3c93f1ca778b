//! Playing one game with a strategy: Accordion's [`Table`]s — the row of top
//! cards a referee keeps between a player and the stock it must not see
//! ([`Tops`]), and the core's [`Game`] itself — and the game played out on one
//! by the one referee of every game ([`crate::patience::referee`]).

use super::strategy::{CardSet, View};
use crate::card::Card;
use crate::deal::SplitMix64;
use crate::game::{Action, Game};
use crate::patience::{referee, Patience, Player, Standing, Table};
use crate::rules::{Rules, Step};

/// An Accordion player: chooses among the legal actions (the moves in the
/// order of [`Rules::all_moves`], then `deal` when allowed) from what it sees
/// of the position, a [`View`], on any of Accordion's tables ([`RowTable`]):
/// every `RowPlayer` is a [`Player`] of each of them. Accordion's players
/// never stop before the end.
pub trait RowPlayer {
    /// One of `legal` (never empty), as [`Player::choose`] asks.
    fn pick(&mut self, view: &View<'_>, legal: &[Action], rng: &mut SplitMix64) -> Option<Action>;
}

/// A table of Accordion: its actions are the game's [`Action`]s and a player
/// sees it through a [`View`] (its own [`Table::View`]), whichever keeps the
/// position: the referee's [`Tops`] (only what play needs, what the simulator
/// plays on) or the core's [`Game`] (the whole game, history and all).
pub trait RowTable: Table<Action = Action> {
    /// The table's view as the [`View`] it is.
    fn seen<'s, 'v>(view: &'s Self::View<'v>) -> &'s View<'v>
    where
        Self: 'v;
}

impl<P: RowPlayer + ?Sized, T: RowTable> Player<T> for P {
    #[inline]
    fn choose(
        &mut self,
        view: &T::View<'_>,
        legal: &[Action],
        rng: &mut SplitMix64,
    ) -> Option<Action> {
        self.pick(T::seen(view), legal, rng)
    }
}

/// A player of every Accordion table, the referee's [`Tops`] and the core's
/// [`Game`] alike: each [`RowPlayer`], and [`crate::patience::FirstLegal`]
/// (Accordion's `forced`).
pub trait Strategy: for<'a> Player<Tops<'a>> + Player<Game> {}

impl<T: for<'a> Player<Tops<'a>> + Player<Game> + ?Sized> Strategy for T {}

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

impl RowTable for Tops<'_> {
    #[inline]
    fn seen<'s, 'v>(view: &'s View<'v>) -> &'s View<'v>
    where
        Self: 'v,
    {
        view
    }
}

/// Accordion's game is a table too, the one a player plays from a game in
/// progress: the same legal actions in the same order as [`Tops`] (the
/// game's own [`Game::legal_actions`]), the same [`View`] of its row, each
/// action played through [`Game::play`] (which checks it again and keeps it in
/// the history). The tests hold every strategy to the same actions on both.
impl Table for Game {
    type Action = Action;
    type View<'v>
        = View<'v>
    where
        Self: 'v;

    fn legal_into(&mut self, out: &mut Vec<Action>) {
        out.clear();
        out.extend(self.legal_actions());
    }

    fn view(&self) -> View<'_> {
        let stock_len = self.stock().len();
        let dealt = &self.deal().cards()[..self.deal().len() - stock_len];
        View {
            tops: self.tops(),
            unseen: dealt.iter().fold(CardSet::FULL, |set, &c| set.without(c)),
            stock_len,
            rules: self.rules_ref(),
        }
    }

    fn apply(&mut self, action: Action) {
        Game::play(self, action).expect("the referee plays legal actions");
    }

    /// The piles (each card still in the stock a pile to come), as
    /// [`Patience::standing`] counts them.
    fn standing(&self) -> Standing {
        Patience::standing(self)
    }
}

impl RowTable for Game {
    fn seen<'s, 'v>(view: &'s View<'v>) -> &'s View<'v>
    where
        Self: 'v,
    {
        view
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
    use crate::game::Play;
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

    /// Both of Accordion's tables, the row of tops and the game itself, list
    /// their first legal action first, as every table must (the referee's
    /// shortcut for `forced` relies on it).
    #[test]
    fn the_first_legal_action_is_the_first_of_the_list() {
        use crate::patience::testing::assert_first_legal_is_first_of_the_list as check;
        for set in RuleSet::ALL {
            for rules in variants(set) {
                for seed in 0..20 {
                    let deal = Deal::from_seed(seed, [52, 18][seed as usize % 2]).unwrap();
                    let blind = seed % 4 < 2;
                    check(&mut Tops::new(&rules, deal.cards(), blind), seed);
                    if seed < 8 {
                        check(&mut Game::new(deal.clone(), rules, blind), seed);
                    }
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
    /// A rule set each strategy is played under in the tests below: every
    /// strategy but `forced` (strict rules only) and `clairvoyant` (it reads
    /// the stock), some under more than one.
    fn strategy_cases() -> Vec<(StrategyKind, Rules)> {
        vec![
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
        ]
    }

    #[test]
    fn agents_cannot_read_the_stock_order() {
        let cases = strategy_cases();
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

    /// Every strategy plays the core's `Game` (a table too) action for action
    /// as it plays the referee's `Tops`, blind and open, to the same piles;
    /// the game's history is those actions and the game is over.
    #[test]
    fn every_strategy_plays_the_game_itself_as_it_plays_the_row_of_tops() {
        let mut cases = strategy_cases();
        cases.push((StrategyKind::Forced, Rules::new(RuleSet::Strict)));
        cases.push((StrategyKind::Clairvoyant, Rules::new(RuleSet::Modern)));
        for kind in StrategyKind::ALL {
            assert!(
                cases.iter().any(|&(k, _)| k == kind),
                "{kind} is not played"
            );
        }
        let budget = Budget::default();
        for (kind, rules) in cases {
            for seed in 0..4u64 {
                let blind = seed % 2 == 0;
                let deal = Deal::from_seed(seed, [20, 31][seed as usize / 2]).unwrap();
                let cards = deal.cards();
                let mut on_tops = build_for_deal(kind, &rules, cards, blind, &budget);
                let (piles, actions) =
                    testing::actions_of(&rules, on_tops.as_mut(), cards, blind, seed);
                let mut on_game = build_for_deal(kind, &rules, cards, blind, &budget);
                let mut game = Game::new(deal.clone(), rules, blind);
                let mut played = Vec::new();
                let standing = referee(
                    &mut game,
                    on_game.as_mut(),
                    &mut SplitMix64::new(seed),
                    |a| played.push(a),
                );
                let at = format!("{kind} {rules} seed {seed} blind {blind}");
                assert_eq!(played, actions, "{at}");
                assert_eq!((standing.cards, standing.is_over), (piles, true), "{at}");
                assert_eq!(game.history(), replay_plays(&deal, rules, blind, &actions));
                assert!(game.is_over(), "{at}");
            }
        }
    }

    /// The plays (by cards) of `actions` made in turn from the start of `deal`.
    fn replay_plays(deal: &Deal, rules: Rules, blind: bool, actions: &[Action]) -> Vec<Play> {
        let mut game = Game::new(deal.clone(), rules, blind);
        actions
            .iter()
            .map(|&action| {
                let play = game.play_of(action);
                game.play(action).unwrap();
                play
            })
            .collect()
    }

    /// What a player sees of the game is what it sees of the row of tops at
    /// every turn of a random play-out: the tops, the unseen cards, the stock
    /// size and the rules.
    #[test]
    fn the_game_shows_a_player_what_the_row_of_tops_shows() {
        for set in RuleSet::ALL {
            for seed in 0..12 {
                let rules = Rules::new(set);
                let blind = seed % 2 == 0;
                let deal = Deal::from_seed(seed, [52, 26, 13][seed as usize % 3]).unwrap();
                let mut tops = Tops::new(&rules, deal.cards(), blind);
                let mut game = Game::new(deal.clone(), rules, blind);
                let mut rng = SplitMix64::new(seed);
                let (mut on_tops, mut on_game) = (Vec::new(), Vec::new());
                loop {
                    let (a, b) = (tops.view(), Table::view(&game));
                    let seen = |v: &View<'_>| (v.tops.to_vec(), v.unseen, v.stock_len, *v.rules);
                    assert_eq!(seen(&a), seen(&b), "{set:?} seed {seed}");
                    tops.legal_into(&mut on_tops);
                    game.legal_into(&mut on_game);
                    assert_eq!(on_tops, on_game, "{set:?} seed {seed}");
                    assert_eq!(
                        tops.standing(),
                        Table::standing(&game),
                        "{set:?} seed {seed}"
                    );
                    let Some(&action) =
                        on_game.get(rng.below(on_game.len().max(1) as u64) as usize)
                    else {
                        break;
                    };
                    tops.apply(action);
                    game.apply(action);
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
