//! The one interface every game of the crate implements, the way shakmaty's
//! `Position` serves chess and each of its variants: a game of patience played
//! on a row that a stock deals onto. Accordion's [`crate::Game`] implements it,
//! and so does every [`ThrowGame`](crate::throw_game::ThrowGame), each game
//! whose throw takes cards out of the row.
//!
//! What is written once over the trait: [`perft`] (the count of action
//! sequences the golden files pin), [`play_out`] (a whole game played by a
//! chooser), and whatever asks a game's solver for its verdict ([`Solved`]):
//! each game reaches its own solver through [`Patience::solve`] (Accordion's
//! tuned exhaustive search, the throw games' shared deepening search), so a
//! layer above never asks which family a game belongs to.

use crate::budget::{Budget, Verdict};
use crate::card::Card;
use crate::choose::level::Calibration;
use crate::deal::SplitMix64;
use crate::error::Result;
use crate::rules::RuleSet;
use std::fmt;
use std::hash::Hash;
use std::time::Duration;

/// A game's facts, stated once in the game's own module (`crate::game` for
/// Accordion and the PySolFC games its engine plays, each throw game's
/// `Throwing` type): every layer that names, lists, deals or refuses a game
/// reads them, so that none of them matches on a game's name. The binding
/// registers each game's record and exports them all (`accordion._core.games()`),
/// which the Python registry is held to by a test.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The name on the command line and in JSON (`royal-marriage`).
    pub name: &'static str,
    /// The name in prose (`Royal Marriage`).
    pub title: &'static str,
    /// Other names the command line takes.
    pub aliases: &'static [&'static str],
    /// PySolFC's id of the game, if PySolFC has it.
    pub pysol_id: Option<u32>,
    /// The rule sets it is played under, the default first.
    pub rule_sets: &'static [RuleSet],
    /// Pieces (piles or cards) left by a win.
    pub won_at: usize,
    /// What the game calls the cards still to deal (`stock`, `talon`).
    pub stock: &'static str,
    /// What the game counts what is left in (`pile`: Accordion's and
    /// Accordian's piles; `card`: the games of single cards).
    pub piece: &'static str,
    /// The fewest cards of a numbered deal.
    pub min_cards: usize,
    /// How PySolFC lays out the game's numbered deals.
    pub dealing: Dealing,
    /// Cards laid out when a blind game starts (the rest is its stock).
    pub blind_start: usize,
    /// The variant flags the game fixes on Accordion's rules (PySolFC's
    /// variants of Accordion); [`Variant::NONE`] for every other game.
    pub variant: Variant,
    /// The thresholds that cut a winnable open deal's difficulty into levels,
    /// per row length ([`Calibration::NONE`]: not calibrated).
    pub levels: Calibration,
}

impl Facts {
    /// What most games' facts say, for a game's record to start from
    /// (`Facts { name: …, ..Facts::ROW_GAME }`): one rule set (`modern`), no
    /// other names, no PySolFC id, won with no piece left, dealt as one row from
    /// the stock onto an empty row (a blind game's first card is its first deal),
    /// a deal of any size, no variant of Accordion's rules.
    pub const ROW_GAME: Facts = Facts {
        name: "",
        title: "",
        aliases: &[],
        pysol_id: None,
        rule_sets: &[RuleSet::Modern],
        won_at: 0,
        stock: "stock",
        piece: "pile",
        min_cards: 1,
        dealing: Dealing::Row,
        blind_start: 0,
        variant: Variant::NONE,
        levels: Calibration::NONE,
    };

    /// What PySolFC's talon games share (the `startGame` that Bayan and the
    /// games of runs inherit, cited with the facts of the game it belongs to in
    /// `crate::royal::game`): the cards still to deal are the talon, and a blind
    /// game starts with three cards laid out, as PySolFC's does without "deal
    /// all cards".
    pub const TALON_GAME: Facts = Facts {
        stock: "talon",
        piece: "card",
        blind_start: 3,
        ..Facts::ROW_GAME
    };

    /// Whether `key` is the game's name, title, an alias or its PySolFC id, in
    /// any case, its words split by white space or hyphens alike (`Tower of
    /// Babel`, `tower-of-babel`), as `accordion.games.spelled` reads a name.
    /// White space is Rust's (`char::is_whitespace`): the information
    /// separators U+001C to U+001F are not, as every parser of the core reads them.
    pub fn is_called(&self, key: &str) -> bool {
        let spelled = |text: &str| {
            text.to_lowercase()
                .split(|c: char| c.is_whitespace() || c == '-')
                .filter(|word| !word.is_empty())
                .collect::<Vec<_>>()
                .join("-")
        };
        let key = spelled(key);
        [self.name, self.title]
            .iter()
            .chain(self.aliases)
            .any(|name| spelled(name) == key)
            || self.pysol_id.is_some_and(|id| id.to_string() == key)
    }
}

/// How PySolFC lays out a game's numbered deals (`crate::numbering::pysol`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dealing {
    /// The shuffled deck dealt into one row (every game without a hook).
    Row,
    /// The queen of hearts first, the king of hearts last (Royal Marriage's
    /// shuffle hook, cited with its facts in `crate::royal::game`).
    RoyalPair,
    /// The row, then a goal card drawn from the generator (Accordion's
    /// Revenge, cited with its facts in `crate::game`).
    GoalCard,
}

impl Dealing {
    /// Its name in `accordion._core.games()` (`row`, `royal-pair`, `goal-card`).
    pub fn name(self) -> &'static str {
        match self {
            Dealing::Row => "row",
            Dealing::RoyalPair => "royal-pair",
            Dealing::GoalCard => "goal-card",
        }
    }
}

/// The variant flags a PySolFC game fixes on Accordion's rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Piles also move rightwards.
    pub two_way: bool,
    /// The distances a pile moves.
    pub distances: &'static [i128],
    /// Won at this many piles or fewer (`None`: the rules' own win).
    pub win_piles: Option<usize>,
}

impl Variant {
    /// No variant: the game's own rules.
    pub const NONE: Variant = Variant {
        two_way: false,
        distances: &[1, 3],
        win_piles: None,
    };
}

/// Where a game stands: what is left, and whether its goal is reached.
/// `cards` counts what the game is won by bringing down: the piles of
/// Accordion and Accordian Patience (each card still in the stock one pile to
/// come), or every card not thrown out (Royal Marriage, Bayan, the run games).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Standing {
    pub cards: usize,
    /// The game's goal is reached (the stock dealt and few enough left).
    pub won: bool,
    /// No action is legal.
    pub is_over: bool,
}

/// What a game's solver found, whatever the game: the verdict, what the line
/// leaves and what the search cost.
pub trait Solved {
    fn verdict(&self) -> Verdict;
    /// Cards (or piles) left at the end of the line found; for a proved loss
    /// the fewest any line leaves.
    fn left(&self) -> usize;
    /// The solver's unit of work (each game says which).
    fn nodes(&self) -> u64;
    fn elapsed(&self) -> Duration;
    /// The caller's cancel flag stopped the search (the verdict is `Unknown`).
    fn cancelled(&self) -> bool;
}

/// [`Solved`] for a solver's result with the fields `verdict`, `nodes`,
/// `elapsed` and `cancelled`, and `left` the field that holds what its line
/// leaves (Accordion's `piles`, a throw game's `cards`): every game's solution
/// reads the same way, written once here.
macro_rules! solved_by_fields {
    (impl $([$($generics:tt)*])? for $Solution:ty, left: $left:ident) => {
        impl $(<$($generics)*>)? $crate::patience::Solved for $Solution {
            fn verdict(&self) -> $crate::budget::Verdict {
                self.verdict
            }

            fn left(&self) -> usize {
                self.$left
            }

            fn nodes(&self) -> u64 {
                self.nodes
            }

            fn elapsed(&self) -> std::time::Duration {
                self.elapsed
            }

            fn cancelled(&self) -> bool {
                self.cancelled
            }
        }
    };
}

pub(crate) use solved_by_fields;

/// A game of patience, open or blind: a row dealt from a stock, actions by
/// position that change it (a move or throw, or `deal`), named by cards as
/// players write them, taken back one by one, and solved by the game's solver.
pub trait Patience: Clone + fmt::Display {
    /// An action by position: a move or throw, or dealing the next card.
    type Action: Copy + fmt::Debug + Eq + Hash;
    /// An action named by cards, as players write it.
    type Play: Copy + fmt::Debug + fmt::Display + Eq + Hash;
    /// What the game's solver returns.
    type Solution: Solved + fmt::Debug;

    /// Every legal action now, in the game's canonical order (`deal` last).
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Play an action if the rules allow it, else say why not.
    fn play(&mut self, action: Self::Action) -> Result<()>;
    /// Take back the last action (`None` before the first).
    fn undo(&mut self) -> Option<Self::Action>;
    /// Whether `action` is the deal of the next stock card.
    fn is_deal(action: Self::Action) -> bool;
    /// Parse a play in any notation the game accepts (an error names the game played).
    fn parse_play(&self, text: &str) -> Result<Self::Play>;
    /// The action a play names in the current position (it may still be illegal).
    fn action_of(&self, play: Self::Play) -> Result<Self::Action>;
    /// The canonical play (by cards) of an action in the current position.
    fn play_of(&self, action: Self::Action) -> Self::Play;
    /// The actions played so far, oldest first, as they were written then.
    fn history(&self) -> Vec<Self::Play>;
    /// The last action played, as written then (`None` before the first).
    fn last_play(&self) -> Option<Self::Play>;
    /// The number of actions played.
    fn ply(&self) -> usize;
    /// Whether the game is played blind (its stock hidden and dealt one by one).
    fn is_blind(&self) -> bool;
    /// The cards not yet dealt, next first.
    fn stock(&self) -> &[Card];
    /// What is left and whether the game is won or over.
    fn standing(&self) -> Standing;
    /// Solve the position exactly (within the budget) with the game's solver.
    fn solve(&self, budget: &Budget) -> Self::Solution;
    /// The next action of best play; `None` when the game is over.
    fn hint(&self, budget: &Budget) -> Option<Self::Action>;

    /// Parse and play a move in any accepted notation; returns its canonical play.
    fn play_text(&mut self, text: &str) -> Result<Self::Play> {
        let action = self.action_of(self.parse_play(text)?)?;
        let play = self.play_of(action);
        self.play(action)?;
        Ok(play)
    }

    fn is_over(&self) -> bool {
        self.legal_actions().is_empty()
    }

    /// Whether `action` is legal now (a game may answer without listing
    /// every legal action).
    fn is_legal(&self, action: Self::Action) -> bool {
        self.legal_actions().contains(&action)
    }
}

/// The number of action sequences of length `depth` from `game` (the perft of
/// chess engines): every legal action played and taken back, depth first.
/// `game` is left as it was. `perft(game, 0)` is 1.
pub fn perft<P: Patience>(game: &mut P, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = game.legal_actions();
    if depth == 1 {
        return actions.len() as u64;
    }
    let mut total = 0;
    for action in actions {
        game.play(action).expect("a legal action plays");
        total += perft(game, depth - 1);
        game.undo().expect("an action just played is taken back");
    }
    total
}

/// Play `game` to its end, each action the one `choose` picks (`None`: stop
/// there, as a player may); the standing reached.
pub fn play_out<P: Patience>(
    game: &mut P,
    mut choose: impl FnMut(&P) -> Option<P::Action>,
) -> Standing {
    while let Some(action) = choose(game) {
        game.play(action).expect("a chooser chooses legal actions");
    }
    game.standing()
}

/// A game as a referee keeps it while a [`Player`] plays it out: the legal
/// actions in the game's canonical order (`deal` last), what the player may
/// see of the position ([`Table::View`]: never the stock order), and an action
/// the referee has checked applied. [`referee`] is the one play-out of every
/// game: Accordion's simulator plays its strategies on a row of top cards
/// (`crate::blind::play::Tops`), a throw game's on the game itself.
///
/// A table is not a [`Patience`]: it keeps no history and refuses nothing
/// (the referee checks every choice against the legal actions), so that a
/// game's simulator may keep no more than play needs.
pub trait Table {
    /// An action by position, as the game's [`Patience::Action`].
    type Action: Copy + fmt::Debug + Eq;
    /// What a player may know when choosing: the position, never the order of
    /// the cards still to deal.
    type View<'a>
    where
        Self: 'a;

    /// The legal actions now into `out` (cleared first), in the game's
    /// canonical order, `deal` last.
    fn legal_into(&mut self, out: &mut Vec<Self::Action>);
    /// The first of the legal actions (what [`FirstLegal`] plays), which a
    /// game may find without listing them all.
    fn first_legal(&mut self) -> Option<Self::Action> {
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        legal.first().copied()
    }
    /// What the player may see now.
    fn view(&self) -> Self::View<'_>;
    /// Play `action`, one of the legal actions.
    fn apply(&mut self, action: Self::Action);
    /// What is left and whether the game is won (`is_over` says whether an
    /// action is left: a player may stop before the end).
    fn standing(&self) -> Standing;
}

/// A player of the games on table `T`: chooses one of the legal actions from
/// what it may see, or stops there (`None`, as a player may; a search cut
/// short by its cancel flag stops so).
pub trait Player<T: Table> {
    /// One of `legal` (never empty, in the order of [`Table::legal_into`]), or
    /// `None` to stop. `rng` is the game's own generator (a simulation seeds it
    /// from the deal's number, never from its cards).
    fn choose(
        &mut self,
        view: &T::View<'_>,
        legal: &[T::Action],
        rng: &mut SplitMix64,
    ) -> Option<T::Action>;

    /// Whether the player always takes the first legal action: the referee
    /// then asks the table for that action alone ([`Table::first_legal`]),
    /// and never for the view or the whole list.
    fn takes_the_first(&self) -> bool {
        false
    }
}

/// The player that takes the first legal action: the one action of a game
/// whose rules force every action (Accordion's `strict`), and the greedy
/// player of the throw games (their canonical order lists the throws first,
/// `deal` last).
#[derive(Copy, Clone, Debug, Default)]
pub struct FirstLegal;

impl<T: Table> Player<T> for FirstLegal {
    fn choose(
        &mut self,
        _view: &T::View<'_>,
        legal: &[T::Action],
        _rng: &mut SplitMix64,
    ) -> Option<T::Action> {
        legal.first().copied()
    }

    fn takes_the_first(&self) -> bool {
        true
    }
}

/// Play the game on `table` out with `player` (asked at every turn, even when
/// one action is legal, and shown only [`Table::view`]), telling `observe`
/// each action; the standing where the game ended or the player stopped.
///
/// # Panics
///
/// If the player chooses an action that is not legal.
#[inline]
pub fn referee<T: Table, P: Player<T> + ?Sized>(
    table: &mut T,
    player: &mut P,
    rng: &mut SplitMix64,
    mut observe: impl FnMut(T::Action),
) -> Standing {
    if player.takes_the_first() {
        while let Some(action) = table.first_legal() {
            table.apply(action);
            observe(action);
        }
        return table.standing();
    }
    let mut legal = Vec::new();
    loop {
        table.legal_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let Some(action) = player.choose(&table.view(), &legal, rng) else {
            break;
        };
        assert!(
            legal.contains(&action),
            "a player chose an illegal action {action:?}"
        );
        table.apply(action);
        observe(action);
    }
    table.standing()
}

/// `game` after the plays of `line`, each made in turn (the line of a solution,
/// a pickled history); the first that is refused is the error.
pub fn replayed<P: Patience>(game: &P, line: &[P::Play]) -> Result<P> {
    let mut end = game.clone();
    for &play in line {
        let action = end.action_of(play)?;
        end.play(action)?;
    }
    Ok(end)
}

/// What the games' tests share: plays a game refuses, each with its reason
/// in the message, and where a game played stands.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Patience, Standing};
    use crate::error::Error;

    /// `game` stands at `(cards, won, is_over)` after the plays `history`, as
    /// they were written.
    pub(crate) fn assert_played<P: Patience>(
        game: &P,
        (cards, won, is_over): (usize, bool, bool),
        history: &[&str],
    ) {
        let standing = Standing {
            cards,
            won,
            is_over,
        };
        assert_eq!(game.standing(), standing);
        let written: Vec<String> = game.history().iter().map(ToString::to_string).collect();
        assert_eq!(written, history);
    }

    /// At every turn of `table` played out with uniformly random actions
    /// (generator seeded with `seed`), [`Table::first_legal`] is the first of
    /// [`Table::legal_into`]'s list.
    pub(crate) fn assert_first_legal_is_first_of_the_list<T: super::Table>(
        table: &mut T,
        seed: u64,
    ) {
        let mut rng = crate::deal::SplitMix64::new(seed);
        let mut legal = Vec::new();
        loop {
            table.legal_into(&mut legal);
            assert_eq!(table.first_legal(), legal.first().copied());
            let Some(&action) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else {
                return;
            };
            table.apply(action);
        }
    }

    /// `game` refuses the play `text`, its message saying `why`; the message.
    pub(crate) fn refusal<P: Patience>(game: &mut P, text: &str, why: &str) -> String {
        let err = game.play_text(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
        err
    }

    /// Every play of `cases` is an illegal move whose message says why.
    pub(crate) fn assert_illegal<P: Patience>(game: &mut P, cases: &[(&str, &str)]) {
        for &(text, why) in cases {
            let err = game.play_text(text).unwrap_err();
            assert!(matches!(err, Error::IllegalMove(_)), "{text}");
            assert!(err.to_string().contains(why), "{text}: {err}");
        }
    }
}
