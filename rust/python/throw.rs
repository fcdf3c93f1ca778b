//! The games of throwing cards out of a row (`crate::throw_game`), bound once.
//!
//! PyO3 classes cannot be generic, so [`throw_game!`] writes the four classes of
//! a game (its move, outcome, game and solution) and its `solve_…` function from
//! the game's [`Throwing`] type, the class names and the docstrings. Everything
//! the classes do is written once: what every game's classes have alike,
//! Accordion's too, in `patience.rs` (`game_methods!`, `move_methods!`,
//! `outcome_methods!`, `solution_methods!`), what only the throw games have
//! here, as generic functions over `G: Throwing` that the macro only names.
//! Each game's own docstrings are doc comments in its invocation (no
//! `concat!`), so they read as prose there and `help()` shows each game's
//! words; `python/accordion/_core.pyi` states the same classes once as generic
//! bases (`_Game` and `_ThrowGame`, `_Move` and `_ThrowMove`, …) and each
//! game's docstrings in its subclasses.
//!
//! Binding a new throw game is one invocation (see `royal.rs`, `bayan.rs`),
//! its `register` call in `mod.rs`, and its classes in `_core.pyi`.

use super::args::{
    class_or_text, optional, or_refused, shown, text, unless_exception, whole, wrong_type, Arg,
    Argument, Blind, Deals, Given, StrategyName,
};
use super::choose;
use super::interrupt::run_interruptible;
use super::patience::{history_texts, Graded, Shown};
use super::pickle::{malformed, malformed_state, verdict};
use super::rating::{rate_game, PyRating};
use super::solver::{position_text, SolutionDict};
use super::stats::{histogram_dict, stats_dict, Simulation};
use super::values::{deal_arg, PyDeal, PyRules};
use crate::budget::Budget;
use crate::card::Card;
use crate::deal::Deal;
use crate::error::{quoted, Count, Error};
use crate::patience::Patience;
use crate::rules::{RuleSet, Rules};
use crate::throw_game::{
    RowCards, Solution, ThrowAction, ThrowGame, ThrowOutcome, ThrowPlay, ThrowRow, Throwing,
};
use crate::throw_play::{Setup, Strategy, ThrowStats};
use pyo3::exceptions::{PyDeprecationWarning, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::time::Duration;

/// A deal as an argument: a `Deal` or its text, checked by the game once the
/// game is known ([`Throwing::deal_of`]).
pub struct DealOf(pub Deal);

impl Argument for DealOf {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(DealOf(deal_arg(obj)?))
    }
}

/// The game of `G` that a `game` argument names (Royal Marriage's throw plays
/// more than one game; every other type one).
pub struct GameOf<G>(pub G);

impl<G: Throwing> Argument for GameOf<G> {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let name = text(obj, "game")?;
        // Any name `--game` takes (an alias, PySolFC's id), as its canonical name.
        let canonical = super::registry::canonical_name(&name).unwrap_or(&name);
        G::game_named(canonical).map(GameOf).ok_or_else(|| {
            let mut names = G::game_names();
            let last = names.pop().unwrap_or_default();
            let expected = if names.is_empty() {
                last.to_string()
            } else {
                format!("{} or {last}", names.join(", "))
            };
            Error::argument("game", &expected, quoted(&name)).into()
        })
    }
}

/// The game named, else `G`'s default game.
pub fn game_or_default<G: Throwing>(game: Option<Arg<GameOf<G>>>) -> PyResult<G> {
    Ok(game.given()?.map_or_else(G::default_game, |game| game.0))
}

/// A rule set as an argument: a str, or `Rules`; checked against the game
/// played by [`rules_for`].
pub struct RuleSetOf {
    /// The rule set named, or the name given (quoted) when it names none: the
    /// game it is for lists its own in the error ([`rules_for`]).
    set: std::result::Result<RuleSet, String>,
    /// The `Rules` given, when they carry a variant (refused by every throw game).
    variant: Option<Rules>,
}

impl Argument for RuleSetOf {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let of_class = |rules: &PyRules| RuleSetOf {
            set: Ok(rules.0.set),
            variant: (rules.0 != Rules::new(rules.0.set)).then_some(rules.0),
        };
        let parse = |text: &str| {
            let set = text.parse::<RuleSet>().map_err(|_| quoted(text));
            Ok(RuleSetOf { set, variant: None })
        };
        let expected = "Rules, a rule-set name or None";
        class_or_text(obj, "rules", expected, of_class, parse)
    }
}

/// `game` under the rules given (one of its rule sets, without a variant),
/// else under its default rules; anything else is refused, naming the game.
pub fn rules_for<G: Throwing>(game: G, rules: Option<Arg<RuleSetOf>>) -> PyResult<G> {
    let Some(given) = rules.given()? else {
        return Ok(game);
    };
    if let Some(rules) = given.variant {
        return Err(Error::InvalidRules(format!(
            "{} has no variant (two-way, distances, win piles, goal): {rules}",
            game.facts().title
        ))
        .into());
    }
    let facts = game.facts();
    match given.set {
        Ok(set) => Ok(crate::throw_game::rule_set_in(game, set)?),
        Err(name) => {
            let known: Vec<&str> = facts.rule_sets.iter().map(|set| set.name()).collect();
            Err(Error::InvalidRules(format!(
                "unknown {} rule set {name} (known: {})",
                facts.title,
                known.join(", ")
            ))
            .into())
        }
    }
}

/// `rate` for the game of `G` called `name`: its deal and rules checked as its
/// classes check them.
pub(crate) fn rate_throw<G: Throwing>(
    py: Python<'_>,
    name: &str,
    deal: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRating> {
    let game = G::game_named(name).expect("registered under its name");
    let deal = game.deal_of(DealOf::read(deal)?.0)?;
    let rules = rules_for(game, optional::<RuleSetOf>(rules))?;
    rate_game(py, &ThrowGame::open_or_blind(deal, rules, false))
}

/// A throw game's `winnable_deal` and `difficulty_deal`: the walks over any
/// game, on the game's own numbered deals, under one of its rule sets (by name;
/// default its first), levels by its own calibration.
pub(crate) fn choose_throw<G: Throwing>(
    py: Python<'_>,
    name: &str,
    mut asked: super::registry::Asked<'_, '_>,
) -> PyResult<(Deal, u64)> {
    let game = G::game_named(name).expect("registered under its name");
    let facts = game.facts();
    let rules = rules_for(game, super::args::optional::<RuleSetOf>(asked.rules))?;
    let cards = asked.cards(facts.min_cards)?;
    let blind = asked.blind;
    if asked.level.is_some() && facts.levels.thresholds(cards).is_none() {
        let Some((shortest, longest)) = facts.levels.lengths() else {
            let expected = "a game whose difficulty levels are calibrated";
            return Err(Error::argument("game", expected, quoted(facts.name)).into());
        };
        let lengths = if shortest == longest {
            format!("{shortest} cards")
        } else {
            format!("{shortest} to {longest} cards")
        };
        let expected = format!(
            "{lengths} (the lengths {}'s difficulty levels are calibrated at)",
            facts.title
        );
        return Err(Error::argument("cards", &expected, cards).into());
    }
    let mode = if blind { "blind" } else { "open" };
    let what = format!(
        "{mode} {} deal of {}",
        facts.title,
        Count(cards as u64, "card")
    );
    // The deal's number is its seed, as `--seed N --game NAME` deals it.
    let game_of = |seed: u64| {
        let deal = rules
            .numbered_deal(seed, cards)
            .expect("cards checked above");
        (deal.clone(), ThrowGame::open_or_blind(deal, rules, blind))
    };
    let any = 0..1 << 32;
    match asked.level {
        None => {
            let default = crate::choose::winnable::DEFAULT_TRIES;
            choose::search_numbers(py, &asked, any, default, |numbers| {
                let found = crate::choose::winnable::next_winnable_of(numbers, &what, game_of)?;
                Ok(found.map(|found| (found.deal, found.seed)))
            })
        }
        Some(level) => {
            let default = crate::choose::difficulty::DEFAULT_TRIES;
            choose::search_numbers(py, &asked, any, default, |numbers| {
                let found =
                    crate::choose::difficulty::next_at_level_of(level, numbers, &what, game_of)?;
                Ok(found.map(|found| (found.deal, found.seed)))
            })
        }
    }
}

/// A new game of `G` from the constructor's arguments, checked in signature order.
/// The game is read first (the deal is checked by it), then the deal's cards.
pub fn new_game<G: Throwing>(
    deal: Arg<DealOf>,
    rules: Option<Arg<RuleSetOf>>,
    blind: Arg<Blind>,
    game: Option<Arg<GameOf<G>>>,
) -> PyResult<ThrowGame<G>> {
    let deal = deal.get()?.0;
    let game = game_or_default(game)?;
    let deal = game.deal_of(deal)?;
    let rules = rules_for(game, rules)?;
    Ok(ThrowGame::open_or_blind(deal, rules, blind.get()?.0))
}

/// The game's deal, rules, mode, history and game's name: what pickling replays.
#[allow(clippy::type_complexity)]
pub fn game_state<G: Throwing>(
    game: &ThrowGame<G>,
) -> (PyDeal, &'static str, bool, Vec<String>, &'static str) {
    let deal = PyDeal {
        deal: game.deal().clone(),
        seed: None,
    };
    let history = history_texts(game);
    (
        deal,
        game.game_rules().rules().name(),
        game.is_blind(),
        history,
        game.game_rules().facts().name,
    )
}

impl<G: Throwing> Shown for ThrowGame<G> {
    type Outcome = ThrowOutcome;
    type Rules = (RuleSet, &'static str);
    const DEAL: Self::Action = ThrowAction::Deal;

    fn starting_deal(&self) -> &Deal {
        self.deal()
    }

    fn piles(&self) -> Vec<Vec<Card>> {
        self.row().piles()
    }

    fn tops(&self) -> Vec<Card> {
        self.cards().to_vec()
    }

    fn outcome(&self) -> ThrowOutcome {
        ThrowGame::outcome(self)
    }

    fn rules_key(&self) -> (RuleSet, &'static str) {
        let rules = self.game_rules();
        (rules.rules(), rules.facts().name)
    }

    /// `RoyalGame('QH … KH', 'parlett', blind=True)`; the rules only for a game
    /// with more than one (a throw game's deal keeps no seed).
    fn repr(&self, class: &str, _seed: Option<u64>) -> String {
        let facts = self.game_rules().facts();
        let rules = if facts.rule_sets.len() > 1 {
            format!(", '{}'", self.game_rules().rules().name())
        } else {
            String::new()
        };
        let blind = if self.is_blind() { ", blind=True" } else { "" };
        let of = other_game::<G>(facts.name, ", ");
        format!("{class}('{}'{rules}{blind}{of})", self.deal())
    }
}

impl Graded for ThrowOutcome {
    fn piles(&self) -> usize {
        self.cards
    }

    fn grade(&self) -> Option<&'static str> {
        match (self.is_over, self.won) {
            (false, _) => None,
            (true, true) => Some("win"),
            (true, false) => Some("loss"),
        }
    }

    fn is_over(&self) -> bool {
        self.is_over
    }
}

/// `game='NAME'` after `sep` when a value of `G`'s classes is of another game
/// than the classes' own (a game played by another's classes), else nothing:
/// every repr of such a value says which game it is of.
pub fn other_game<G: Throwing>(name: &str, sep: &str) -> String {
    if name == G::NAME {
        String::new()
    } else {
        format!("{sep}game='{name}'")
    }
}

/// The game whose position a `solve_…` argument names: a game of `G`
/// (`given`, already found) or a deal's row, open, of the game `named`
/// (`None`: `G`'s default game). A game is of its own game: a `game` naming
/// another contradicts it and is refused, naming both.
pub fn position_of<G: Throwing>(
    given: Option<ThrowGame<G>>,
    position: &Bound<'_, PyAny>,
    game_class: &str,
    named: Option<G>,
) -> PyResult<ThrowGame<G>> {
    if let Some(given) = given {
        let own = given.game_rules().facts().name;
        return match named.map(|named| named.facts().name) {
            Some(other) if other != own => {
                let expected = format!("None or the position's own game, {}", quoted(own));
                Err(Error::argument("game", &expected, quoted(other)).into())
            }
            _ => Ok(given),
        };
    }
    let game = named.unwrap_or_else(G::default_game);
    if position.is_instance_of::<PyDeal>() || position.is_instance_of::<PyString>() {
        let deal = game.deal_of(DealOf::read(position)?.0)?;
        return Ok(ThrowGame::open_or_blind(deal, game, false));
    }
    let wanted = format!("a Deal, {} or a str", with_article(game_class));
    Err(wrong_type("position", &wanted, position))
}

/// An outcome of the class called `class` (a game won at `won_at` cards),
/// refused where it contradicts that: a game is won exactly when it is over
/// with `won_at` cards left (every game of one outcome class is won at the
/// same count).
pub fn check_outcome(class: &str, won_at: usize, outcome: ThrowOutcome) -> PyResult<ThrowOutcome> {
    let ThrowOutcome {
        cards,
        won,
        is_over,
    } = outcome;
    let a_class = with_article(class);
    let refused = if won && cards != won_at {
        let expected = format!("False with cards={cards} ({a_class} is won at cards={won_at})");
        Some(Error::argument("won", &expected, "True"))
    } else if won && !is_over {
        let expected = "True with won=True (a game won is over)";
        Some(Error::argument("is_over", expected, "False"))
    } else if is_over && !won && cards == won_at {
        let expected = format!(
            "True with cards={cards} and is_over=True ({a_class} is won at cards={won_at})"
        );
        Some(Error::argument("won", &expected, "False"))
    } else {
        None
    };
    refused.map_or(Ok(outcome), |error| Err(error.into()))
}

/// A class name with the article it wants: `an AccordianGame`, `a BayanGame`.
pub fn with_article(class: &str) -> String {
    let article = if class.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {class}")
}

/// Solve a position ([`ThrowGame::solve`]: a blind game's stock is dealt first
/// where the rules allow it), GIL released, Ctrl-C honoured; the cards solved.
pub fn solve_position<G: Throwing>(
    py: Python<'_>,
    game: &ThrowGame<G>,
    budget: &Budget,
) -> PyResult<(String, Solution<G::Play>)> {
    // A won position (every card out) is valid input: the solver answers the
    // win with no moves, as the reference engine does. (A row given as text
    // is never empty: `Deal` refuses an empty one.)
    let solution = run_interruptible(py, |cancel| {
        game.solve(&budget.clone().with_cancel(cancel.clone()))
    })?;
    // The position the line starts from: the row with the stock dealt onto
    // it, or the game's row and stock where the line deals them.
    let deal = if G::solves_dealt(game) {
        let mut row = *game.row();
        for &card in game.stock() {
            row.deal(card);
        }
        position_text(&row.piles(), &[])
    } else {
        position_text(&game.row().piles(), game.stock())
    };
    Ok((deal, solution))
}

/// The JSON object of docs/contract.md for a solution, plus `game` and `cards`
/// (`seconds` as the solution keeps them: a float read back from a dict is kept
/// as given, not rounded to a `Duration`'s nanoseconds).
pub fn solution_dict<'py, P: ThrowPlay>(
    py: Python<'py>,
    game: &'static str,
    deal: &str,
    solution: &Solution<P>,
    seconds: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("game", game)?;
    dict.set_item("deal", deal)?;
    dict.set_item("result", solution.verdict.name())?;
    let moves: Vec<String> = solution.moves.iter().map(ToString::to_string).collect();
    dict.set_item("moves", moves)?;
    dict.set_item("piles", solution.cards)?;
    dict.set_item("cards", solution.cards)?;
    dict.set_item("nodes", solution.nodes)?;
    dict.set_item("seconds", seconds)?;
    Ok(dict)
}

/// The solution whose `to_dict` is `data` (read back from JSON; pickling), the
/// game it solved (its `"game"`, else `G`'s default game) and its `seconds` as
/// given (the solution's `elapsed` is them rounded to nanoseconds).
pub fn solution_from_dict<G: Throwing>(
    data: &Bound<'_, PyDict>,
) -> PyResult<(String, Solution<G::Play>, G, f64)> {
    let read = SolutionDict::read(data)?;
    let game = game_of_dict::<G>(&read)?;
    let moves = read
        .moves
        .iter()
        .map(|m| Ok(G::Play::parse(&text(m, "a move")?, game.facts().title)?))
        .collect::<PyResult<Vec<G::Play>>>()?;
    let size = read.row.as_ref().map_or(0, Deal::len);
    let expected = format!("0 to {size} cards (the cards of the deal)");
    let cards: usize = whole(&read.field("cards")?, "cards", &expected)?;
    if cards > size {
        return Err(Error::argument("cards", &expected, cards).into());
    }
    if let Some(piles) = unless_exception(read.field("piles"))? {
        // `to_dict` writes both, equal (`piles` for what Accordion's solutions say).
        if !piles.eq(cards)? {
            return Err(Error::InvalidArgument {
                argument: "data",
                message: format!(
                    "a solution's piles and cards are the same number: piles {}, cards {cards}",
                    shown(&piles)?
                ),
            }
            .into());
        }
    }
    match &read.row {
        Some(row) => replay_line(game, row, &read.sizes, &moves, cards)?,
        // A won position's solution (`deal` ""): nothing is left to play.
        None if !moves.is_empty() => {
            return Err(Error::InvalidArgument {
                argument: "data",
                message: format!("a solution of no cards has no moves, got {}", moves.len()),
            }
            .into())
        }
        None => {}
    }
    // The game says where it is won, so the verdict follows from the cards the
    // line leaves: a line that wins is a win (the search stops there), and a
    // win's line wins (`to_dict` writes the winning line).
    let won_at = game.facts().won_at;
    if (cards <= won_at) != (read.result == "win") {
        let left = crate::error::Count(cards as u64, "card");
        let message = if cards <= won_at {
            format!(
                "a solution whose moves leave {left} is a win, not {:?}",
                read.result
            )
        } else {
            format!("a solution whose moves leave {left} is not a win (won at {won_at})")
        };
        return Err(Error::InvalidArgument {
            argument: "data",
            message,
        }
        .into());
    }
    // Finite and not negative, but maybe past what a `Duration` holds.
    let elapsed = Duration::try_from_secs_f64(read.seconds)
        .map_err(|_| Error::argument("seconds", "a number of seconds 0 to 2**64", read.seconds))?;
    let solution = Solution {
        verdict: verdict(read.result)?,
        moves,
        cards,
        nodes: read.nodes,
        elapsed,
        cancelled: false,
    };
    let deal = read.row.as_ref().map_or_else(String::new, |row| {
        let (laid, stock) = row.cards().split_at(read.row_len);
        position_text(&piles_of(laid, &read.sizes), stock)
    });
    Ok((deal, solution, game, read.seconds))
}

/// The game a solution's dict names in its `"game"` (one of `G`'s), else `G`'s default game.
fn game_of_dict<G: Throwing>(read: &SolutionDict<'_>) -> PyResult<G> {
    let Some(given) = unless_exception(read.field("game"))? else {
        return Ok(G::default_game());
    };
    if let Ok(name) = given.extract::<String>() {
        if let Some(game) = G::game_named(&name) {
            return Ok(game);
        }
    }
    let names: Vec<String> = G::game_names().iter().map(|n| format!("{n:?}")).collect();
    Err(Error::InvalidArgument {
        argument: "data",
        message: format!(
            "a solution of {} has game {} in its dict, got {}",
            G::TITLE,
            names.join(" or "),
            shown(&given)?
        ),
    }
    .into())
}

/// A solution's line replays from its deal (under one of the game's rule sets:
/// the dict does not say which) and leaves the `cards` it says. The deal's
/// first `laid` cards are the row; the rest, if any, a blind game's stock.
fn replay_line<G: Throwing>(
    played: G,
    row: &Deal,
    sizes: &[usize],
    moves: &[G::Play],
    cards: usize,
) -> PyResult<()> {
    let deal = played.deal_of(row.clone())?;
    let laid = piles_of(row.cards(), sizes);
    let Some(start) = G::Row::from_piles(&laid) else {
        return Err(Error::InvalidArgument {
            argument: "data",
            message: format!(
                "a solution of {} names piles of one card, got a pile of {}",
                G::TITLE,
                sizes.iter().max().unwrap_or(&0)
            ),
        }
        .into());
    };
    let mut refusal = None;
    for &set in played.facts().rule_sets {
        let rules = played.with_rule_set(set);
        let mut game = ThrowGame::at(rules, deal.clone(), start);
        let failed = moves.iter().enumerate().find_map(|(number, &play)| {
            let played = game.action_of(play).and_then(|action| game.play(action));
            played.err().map(|error| (number, play, error))
        });
        match failed {
            None => {
                let left = game.outcome().cards;
                if left == cards {
                    return Ok(());
                }
                return Err(Error::InvalidArgument {
                    argument: "data",
                    message: format!(
                        "a solution's cards must be what its moves leave: they leave {left}, \
                         cards is {cards}"
                    ),
                }
                .into());
            }
            Some(found) => refusal = refusal.or(Some(found)),
        }
    }
    let (number, play, error) = refusal.expect("every game has a rule set");
    Err(Error::InvalidArgument {
        argument: "data",
        message: format!(
            "a solution's moves must replay from its deal: move {} ({play}) does not: {error}",
            number + 1
        ),
    }
    .into())
}

/// The first cards of `cards` cut into piles of `sizes`, left to right.
fn piles_of(cards: &[Card], sizes: &[usize]) -> Vec<Vec<Card>> {
    let mut rest = cards;
    sizes
        .iter()
        .map(|&size| {
            let (pile, more) = rest.split_at(size);
            rest = more;
            pile.to_vec()
        })
        .collect()
}

/// A solution pickled by an earlier version, through `_restore`:
/// `(deal, result, moves, (cards, nodes, seconds, cancelled))`.
pub fn solution_from_state<G: Throwing>(
    kind: &str,
    state: &Bound<'_, PyTuple>,
) -> PyResult<(String, Solution<G::Play>)> {
    let (deal, result, moves, (cards, nodes, seconds, cancelled)): (
        String,
        String,
        Vec<String>,
        (usize, u64, f64, bool),
    ) = or_refused(state.extract(), || {
        let shape = "(deal, result, moves, (cards, nodes, seconds, cancelled))";
        malformed_state(kind, shape, state)
    })?;
    let solution = Solution {
        verdict: verdict(&result)?,
        moves: moves
            .iter()
            .map(|m| G::Play::parse(m, G::TITLE))
            .collect::<Result<_, _>>()?,
        cards,
        nodes,
        elapsed: Duration::try_from_secs_f64(seconds)
            .map_err(|_| malformed(kind, &format!("its seconds, {seconds}, are not 0 to 2**64")))?,
        cancelled,
    };
    Ok((deal, solution))
}

/// Statistics rebuilt from a histogram, refused where no simulation of the
/// game could give them: cards left that its throws cannot leave (a 52-card
/// Bayan deal always ends with an even number of cards).
pub fn thrown_together<G: Throwing>(stats: ThrowStats, game: G) -> PyResult<ThrowStats> {
    let (facts, cards) = (game.facts(), stats.setup.cards);
    let step = G::THROWN_TOGETHER;
    let left =
        (0..=cards).find(|&left| stats.histogram[left] > 0 && !(cards - left).is_multiple_of(step));
    if let Some(left) = left {
        let expected = if step == 2 {
            let parity = if cards.is_multiple_of(2) {
                "an even"
            } else {
                "an odd"
            };
            format!(
                "{parity} number of cards (a {} deal of {cards} cards loses its cards in pairs)",
                facts.title
            )
        } else {
            format!("{cards} cards less a multiple of {step}")
        };
        return Err(Error::argument("histogram", &expected, left).into());
    }
    Ok(stats)
}

/// A throw game's statistics pickled by an earlier version, through `_restore`:
/// `((cards, blind, rules, strategy), (seed, …, histogram, …), seconds, cancelled)`;
/// the figures are computed again from the histogram.
pub fn stats_from_state<G: Throwing>(
    kind: &str,
    state: &Bound<'_, PyTuple>,
) -> PyResult<ThrowStats> {
    type SetupState = (usize, bool, String, String);
    type Figures = (u64, u64, u64, Vec<u64>, f64, (f64, f64));
    let ((cards, blind, rules, strategy), figures, seconds, cancelled): (
        SetupState,
        Figures,
        f64,
        bool,
    ) = or_refused(state.extract(), || {
        let shape = "((cards, blind, rules, strategy), figures, seconds, cancelled)";
        malformed_state(kind, shape, state)
    })?;
    let (seed, _, _, histogram, _, _) = figures;
    let setup = Setup {
        cards,
        blind,
        rules: crate::throw_game::rule_set_of::<G>(rules.parse()?)?.rules(),
        strategy: Strategy::parse(&strategy, G::TITLE)?,
    };
    let histogram = histogram
        .try_into()
        .map_err(|_| malformed(kind, "its histogram is not one count per number of cards"))?;
    if crate::stats::deals_in(&histogram).is_none() {
        return Err(malformed(
            kind,
            "its histogram counts more than 2**64 - 1 deals",
        ));
    }
    let mut stats = ThrowStats::of_histogram(setup, seed, histogram, G::WON_AT);
    stats.seconds = seconds;
    stats.cancelled = cancelled;
    Ok(stats)
}

/// The arguments of every throw game's `simulate_…`, checked in signature
/// order, and the simulation run ([`crate::throw_play::simulate`]). `args` is
/// the positional arguments of the function called `function`: one `deals` is
/// taken with a `DeprecationWarning` where `legacy` (`simulate_royal`'s old
/// signature), refused otherwise.
pub fn simulate_game<G: Throwing>(
    py: Python<'_>,
    (function, legacy): (&str, bool),
    args: &Bound<'_, PyTuple>,
    deals: Option<Arg<Deals>>,
    keywords: Simulation<'_, '_, RuleSetOf>,
    game: Option<Arg<GameOf<G>>>,
) -> PyResult<(ThrowStats, G)> {
    let positional = args.get_item(0).ok();
    let deals = match (args.len(), positional.as_ref(), deals) {
        (0, _, Some(deals)) => deals.get()?,
        (1, Some(deals), None) if legacy => {
            let message = format!(
                "{function}(deals, ...) is deprecated: pass deals=... by keyword, as simulate takes it"
            );
            let message = std::ffi::CString::new(message).expect("no NUL in the message");
            PyErr::warn(py, &py.get_type::<PyDeprecationWarning>(), &message, 1)?;
            Deals::read(deals)?
        }
        (0, _, None) => {
            return Err(PyTypeError::new_err(format!(
                "{function}() missing required keyword argument: 'deals'"
            )))
        }
        _ => {
            return Err(PyTypeError::new_err(format!(
                "{function}() takes keyword arguments only (deals=..., seed=..., ...)"
            )))
        }
    };
    let deals = deals.0;
    let game = game_or_default(game)?;
    let own = |rules, strategy: Option<Arg<StrategyName>>| {
        let rules = rules_for(game, rules)?.rules();
        let strategy = strategy.given()?.map_or(Ok(Strategy::Greedy), |name| {
            Strategy::parse(&name.0, game.facts().title)
        })?;
        Ok((rules, strategy))
    };
    let ((rules, strategy), keywords) = keywords.read(own, game.facts().min_cards, |_| false)?;
    let setup = Setup {
        cards: keywords.cards,
        blind: keywords.blind,
        rules,
        strategy,
    };
    keywords
        .run(
            py,
            deals,
            |run| crate::throw_play::simulate(game, &setup, run),
            |stats| stats.deals,
        )
        .map(|stats| (stats, game))
}

/// The `stats` JSON object (piles = cards), as `Stats.to_dict` writes it, with `game`.
pub fn stats_to_dict<'py, G: Throwing>(
    py: Python<'py>,
    stats: &ThrowStats,
    game: G,
) -> PyResult<Bound<'py, PyDict>> {
    let setup = &stats.setup;
    let dict = PyDict::new(py);
    dict.set_item("game", game.facts().name)?;
    let figures = stats_dict(
        py,
        stats,
        setup.rules.name(),
        setup.strategy.name(),
        setup.blind,
        setup.cards,
    )?;
    dict.update(figures.as_mapping())?;
    Ok(dict)
}

/// The arguments of `from_histogram` that rebuild `stats` (pickling).
pub fn stats_reduced<'py>(
    py: Python<'py>,
    stats: &ThrowStats,
    game: &'static str,
) -> PyResult<Bound<'py, PyTuple>> {
    let s = &stats.setup;
    let state = (
        histogram_dict(py, &stats.histogram, false)?,
        s.rules.name(),
        s.strategy.name(),
        s.blind,
        s.cards,
        stats.seed,
        stats.seconds,
        game,
    );
    state.into_pyobject(py)
}

/// The statistics class of one throw game and its `simulate_…` function
/// (`RoyalStats`, `simulate_royal`): the game's core type, the class and
/// function names, whether the function takes the deprecated positional
/// `deals`, and as doc comments the docstrings in the game's own words (the
/// class, its `rules`, `strategy` and `wins`, the function). `extra { … }`
/// holds methods of this game's class alone (deprecated spellings).
macro_rules! throw_stats {
    (
        game: $G:ty;
        $(#[$stats_doc:meta])* stats $Stats:ident = $stats_name:literal;
        $(#[$rules_doc:meta])* rules;
        $(#[$strategy_doc:meta])* strategy;
        $(#[$wins_doc:meta])* wins;
        $(#[$simulate_doc:meta])* fn $simulate:ident(legacy_positional = $legacy:literal);
        extra { $($extra:tt)* }
    ) => {
        pub use stats_class::register_stats;

        /// The game's statistics class and `simulate_…` function ([`throw_stats!`]).
        pub mod stats_class {
            use super::*;
            use $crate::python::pickle::{by_method, Reduced};
            use $crate::python::stats::stats_repr;
            use $crate::python::throw::{
                simulate_game, stats_from_state, stats_reduced,
                stats_to_dict,
            };
            use $crate::python::args::{Arg, Cards, Deals, Seed, StrategyName};
            use $crate::python::throw::{GameOf, RuleSetOf};
            use $crate::throw_game::Throwing;
            use $crate::throw_play::ThrowStats;
            use pyo3::types::{PyDict, PyTuple};

            /// Add the statistics class and the `simulate_…` function to the module
            /// (and how the class rebuilds from a pickle to the registry).
            pub fn register_stats(m: &Bound<'_, PyModule>) -> PyResult<()> {
                use pyo3::IntoPyObjectExt;
                m.add_class::<$Stats>()?;
                m.add_function(wrap_pyfunction!($simulate, m)?)?;
                $crate::python::registry::add_restore($stats_name, |py, _, state| {
                    $Stats::from_state(state)?.into_bound_py_any(py)
                });
                Ok(())
            }

            $(#[$stats_doc])*
            #[pyclass(frozen, eq, name = $stats_name, module = "accordion._core")]
            #[derive(PartialEq)]
            pub struct $Stats(pub ThrowStats, pub &'static str);

            impl $Stats {
                /// The statistics pickled by an earlier version (through `_restore`).
                pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<$Stats> {
                    let stats = stats_from_state::<$G>($stats_name, state)?;
                    Ok($Stats(stats, <$G as Throwing>::NAME))
                }

                /// The game played.
                fn played(&self) -> $G {
                    <$G as Throwing>::game_named(self.1).expect("a game of its type")
                }
            }

            $crate::python::stats::stats_methods! {
                impl $Stats;
                $(#[$wins_doc])*
                wins;
                /// Mean cards left (each card a pile of one, as in :class:`Stats`).
                mean_piles;
                /// Cards left → games, increasing, only the counts that occurred.
                histogram;
                {
                    /// The figures of a histogram of cards left (cards → deals) of the deals
                    /// ``seed …``, computed as the simulation computes them.
                    ///
                    /// Runs over adjacent seed ranges combine by adding their histograms;
                    /// pickling rebuilds the statistics through this.
                    ///
                    /// Raises:
                    ///     InvalidArgumentError: a count, seed or number of cards out of range.
                    ///     InvalidRulesError: rules or a strategy the game does not know.
                    #[staticmethod]
                    #[pyo3(
                        signature = (histogram, rules, strategy, blind, cards, seed, seconds = Arg::default($crate::python::args::Elapsed(0.0)), game = None),
                        text_signature = "(histogram, rules, strategy, blind, cards, seed, seconds=0.0, game=None)"
                    )]
                    #[allow(clippy::too_many_arguments)]
                    fn from_histogram(
                        histogram: &Bound<'_, PyDict>,
                        rules: Option<Arg<RuleSetOf>>,
                        strategy: Arg<StrategyName>,
                        blind: Arg<$crate::python::args::Blind>,
                        cards: Option<Arg<Cards>>,
                        seed: Arg<Seed>,
                        seconds: Arg<$crate::python::args::Elapsed>,
                        game: Option<Arg<GameOf<$G>>>,
                    ) -> PyResult<Self> {
                        let game = $crate::python::throw::game_or_default(game)?;
                        let facts = game.facts();
                        let setup = $crate::throw_play::Setup {
                            rules: $crate::python::throw::rules_for(game, rules)?.rules(),
                            strategy: $crate::throw_play::Strategy::parse(&strategy.get()?.0, facts.title)?,
                            blind: blind.get()?.0,
                            cards: $crate::python::args::cards_or_deck(cards, facts.min_cards)?,
                        };
                        let (seed, bounds) = (seed.get()?.0, (facts.won_at, setup.cards));
                        let stats = $crate::python::stats::stats_of_histogram(
                            setup, histogram, bounds, seed, facts.won_at, seconds,
                        )?;
                        let stats = $crate::python::throw::thrown_together(stats, game)?;
                        Ok($Stats(stats, facts.name))
                    }

                    /// Pickled as the call of ``from_histogram`` that rebuilds it.
                    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
                        let args = stats_reduced(slf.py(), &slf.get().0, slf.get().1)?;
                        by_method(slf, "from_histogram", args)
                    }

                    $(#[$rules_doc])*
                    #[getter]
                    fn rules(&self) -> &'static str {
                        self.0.setup.rules.name()
                    }

                    $(#[$strategy_doc])*
                    #[getter]
                    fn strategy(&self) -> &'static str {
                        self.0.setup.strategy.name()
                    }

                    /// The name of the game played (``accordion.games()``).
                    #[getter]
                    fn game(&self) -> &'static str {
                        self.1
                    }

                    /// The ``stats`` JSON object of docs/contract.md (piles = cards), as ``Stats.to_dict``
                    /// writes it (``mode``, ``cards`` …), with ``game`` besides.
                    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                        stats_to_dict(py, &self.0, self.played())
                    }

                    fn __repr__(&self) -> String {
                        let setup = &self.0.setup;
                        let (rules, strategy) = (setup.rules.name(), setup.strategy.name());
                        let game = <$G as Throwing>::game_named(self.1).expect("a game of its type");
                        let piece = game.facts().piece;
                        let repr = stats_repr($stats_name, &self.0, (rules, strategy), setup.blind, piece);
                        let of = $crate::python::throw::other_game::<$G>(self.1, ", ");
                        format!("{}{of}>", repr.trim_end_matches('>'))
                    }

                    $($extra)*
                }
            }

            $crate::python::args::keyword_function! {
                $(#[$simulate_doc])*
                fn $simulate(
                    py, args: &Bound<'_, PyTuple>, deals: Option<Arg<Deals>>;
                    keywords: Simulation<RuleSetOf>;
                    game: Option<Arg<GameOf<$G>>>
                ) -> PyResult<$Stats>;
                signature [*args, deals = None,] .. [, game = None]
                    text_signature = "(*, deals, rules=None, strategy=None, seed=None, cards=None, blind=None, jobs=None, progress=None, game=None)";
                {
                    let function = (stringify!($simulate), $legacy);
                    let (stats, played) =
                        simulate_game::<$G>(py, function, args, deals, keywords, game)?;
                    Ok($Stats(stats, played.facts().name))
                }
            }
        }
    };
}

pub(crate) use throw_stats;

/// The classes of one throw game and its `solve_…` function; see the module
/// documentation. The invocation names the game's core type and its classes
/// and gives, as doc comments, the docstrings of each game's own words: each
/// comment documents the item named after it (`parse`: the move's `parse`,
/// `solution_cards`: the solution's `cards`, `fn solve_…`: the function). The
/// shared members' docstrings are written once, here. The items are written
/// into a module `classes` of the invoking module.
macro_rules! throw_game {
    (
        game: $G:ty;
        $(#[$move_doc:meta])* move $Move:ident = $move_name:literal;
        $(#[$parse_doc:meta])* parse;
        $(#[$kind_doc:meta])* kind;
        $(#[$cards_doc:meta])* cards;
        $(#[$outcome_doc:meta])* outcome $Outcome:ident = $outcome_name:literal;
        $(#[$won_doc:meta])* won;
        $(#[$game_doc:meta])* game $Game:ident = $game_name:literal;
        $(#[$rules_doc:meta])* rules;
        $(#[$legal_doc:meta])* legal_moves;
        $(#[$play_doc:meta])* play;
        $(#[$deal_doc:meta])* deal;
        $(#[$solution_doc:meta])* solution $Solution:ident = $solution_name:literal;
        $(#[$moves_doc:meta])* moves;
        $(#[$solution_cards_doc:meta])* solution_cards;
        $(#[$nodes_doc:meta])* nodes;
        $(#[$solve_doc:meta])* fn $solve:ident;
    ) => {
        pub use classes::register_classes;

        /// The game's classes and its `solve_…` function ([`throw_game!`]).
        pub mod classes {
            use super::*;
            use $crate::python::args::{truth, whole, Arg, Blind};
            use $crate::python::throw::{game_or_default, DealOf, GameOf, RuleSetOf};
            use $crate::python::pickle::{by_restore, malformed_state, Reduced};
            use $crate::python::throw::{
                game_state, new_game, position_of, solution_dict, solution_from_dict,
                solution_from_state, solve_position,
            };
            use $crate::python::patience::Shared;
            use $crate::patience::Patience;
            use $crate::python::values::{py_bool, PyCard};
            use $crate::throw_game::{Solution, ThrowOutcome, ThrowPlay, ThrowRow, Throwing};
            use pyo3::types::{PyDict, PyTuple};

            type Play = <$G as Throwing>::Play;

            /// Add the game's classes and its `solve_…` function to the module,
            /// and the game to the registry (its facts, `rate`, and how its
            /// classes rebuild from a pickle).
            pub fn register_classes(m: &Bound<'_, PyModule>) -> PyResult<()> {
                use $crate::python::registry;
                use pyo3::IntoPyObjectExt;
                m.add_class::<$Move>()?;
                m.add_class::<$Outcome>()?;
                m.add_class::<$Game>()?;
                m.add_class::<$Solution>()?;
                m.add_function(wrap_pyfunction!($solve, m)?)?;
                for name in <$G as Throwing>::game_names() {
                    let game = <$G as Throwing>::game_named(name).expect("a game of its type");
                    registry::add(*game.facts());
                    registry::add_rate(
                        name,
                        $crate::python::throw::rate_throw::<$G>,
                        $crate::python::throw::choose_throw::<$G>,
                    );
                }
                registry::add_restore($game_name, $crate::python::pickle::replayed);
                registry::add_restore($outcome_name, |py, _, state| {
                    $Outcome::from_state(state)?.into_bound_py_any(py)
                });
                registry::add_restore($solution_name, |py, _, state| {
                    $Solution::from_state(state)?.into_bound_py_any(py)
                });
                Ok(())
            }

            $(#[$move_doc])*
            #[pyclass(frozen, eq, hash, name = $move_name, module = "accordion._core")]
            #[derive(Clone, Copy, PartialEq, Eq, Hash)]
            pub struct $Move(pub Play);

            impl $Move {
                /// A move argument of the game `game`: this class or its text.
                fn arg(obj: &Bound<'_, PyAny>, game: $G) -> PyResult<Play> {
                    let parse = |text: &str| Ok(<Play as ThrowPlay>::parse(text, game.facts().title)?);
                    let expected = format!("{} or a str", $crate::python::throw::with_article($move_name));
                    $crate::python::args::class_or_text(obj, "a move", &expected, |m: &$Move| m.0, parse)
                }
            }

            $crate::python::patience::move_methods! {
                impl $Move;
                deal = Play::DEAL;
                {
                    /// ``game``: the name of the game whose move it is, for the error
                    /// that refuses a text (default: the class's first game).
                    #[new]
                    #[pyo3(signature = (text, *, game = None))]
                    fn py_new(text: &Bound<'_, PyAny>, game: Option<Arg<GameOf<$G>>>) -> PyResult<Self> {
                        let text = $crate::python::args::text(text, "a move")?;
                        let game = game_or_default(game)?;
                        Ok($Move(<Play as ThrowPlay>::parse(&text, game.facts().title)?))
                    }

                    $(#[$parse_doc])*
                    #[staticmethod]
                    #[pyo3(signature = (text, *, game = None))]
                    fn parse(text: &Bound<'_, PyAny>, game: Option<Arg<GameOf<$G>>>) -> PyResult<Self> {
                        Self::py_new(text, game)
                    }

                    $(#[$kind_doc])*
                    #[getter]
                    fn kind(&self) -> &'static str {
                        self.0.kind()
                    }

                    $(#[$cards_doc])*
                    #[getter]
                    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                        PyTuple::new(py, self.0.cards().into_iter().map(PyCard))
                    }

                    fn __repr__(&self) -> String {
                        format!(concat!($move_name, "('{}')"), self.0)
                    }
                }
            }

            $(#[$outcome_doc])*
            #[pyclass(frozen, eq, hash, name = $outcome_name, module = "accordion._core")]
            #[derive(Clone, Copy, PartialEq, Eq, Hash)]
            pub struct $Outcome(pub ThrowOutcome);

            impl $Outcome {
                /// The outcome pickled by `__reduce__`.
                pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<$Outcome> {
                    let (cards, won, is_over) = $crate::python::args::or_refused(state.extract(), || {
                        let shape = "(cards: a whole number 0 or more, won: bool, is_over: bool)";
                        malformed_state($outcome_name, shape, state)
                    })?;
                    Ok($Outcome(ThrowOutcome {
                        cards,
                        won,
                        is_over,
                    }))
                }
            }

            $crate::python::patience::outcome_methods! {
                impl $Outcome;
                /// The same as :attr:`cards`.
                piles;
                /// ``"win"`` or ``"loss"`` once the game is over; ``None`` while it goes on.
                grade;
                {
                    /// The outcome its repr writes: ``cards=…, won=…, is_over=…``.
                    #[new]
                    #[pyo3(signature = (*, cards, won, is_over))]
                    fn py_new(
                        cards: &Bound<'_, PyAny>,
                        won: &Bound<'_, PyAny>,
                        is_over: &Bound<'_, PyAny>,
                    ) -> PyResult<Self> {
                        let outcome = ThrowOutcome {
                            cards: whole(cards, "cards", "0 or more cards")?,
                            won: truth(won, "won")?,
                            is_over: truth(is_over, "is_over")?,
                        };
                        let won_at = <$G as Throwing>::WON_AT;
                        Ok($Outcome($crate::python::throw::check_outcome($outcome_name, won_at, outcome)?))
                    }

                    /// Pickle support: `(cards, won, is_over)`.
                    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
                        let state = (self.0.cards, self.0.won, self.0.is_over);
                        by_restore(py, $outcome_name, state.into_pyobject(py)?)
                    }

                    /// Cards not thrown out (in the row and still to deal).
                    #[getter]
                    fn cards(&self) -> usize {
                        self.0.cards
                    }

                    $(#[$won_doc])*
                    #[getter]
                    fn won(&self) -> bool {
                        self.0.won
                    }

                    fn __repr__(&self) -> String {
                        format!(
                            concat!($outcome_name, "(cards={}, won={}, is_over={})"),
                            self.0.cards,
                            py_bool(self.0.won),
                            py_bool(self.0.is_over)
                        )
                    }
                }
            }

            $(#[$game_doc])*
            #[pyclass(frozen, name = $game_name, module = "accordion._core")]
            #[derive(Clone)]
            pub struct $Game {
                pub game: Shared<$crate::throw_game::ThrowGame<$G>>,
            }

            $crate::python::patience::game_methods! {
                impl $Game = $game_name;
                move $Move;
                outcome $Outcome;
                seed = |_game: &$Game| None;
                rules = $crate::throw_game::ThrowGame::<$G>::game_rules;
                arg = $Move::arg;
                $(#[$legal_doc])*
                legal_moves;
                /// The top card of every pile, left to right (the same as :attr:`cards`).
                tops;
                /// Cards left, whether won, whether over.
                outcome;
                $(#[$play_doc])*
                play;
                $(#[$deal_doc])*
                deal;
                /// The next action of best play; ``None`` when the game is over (or when
                /// ``timeout`` ran out before the solver found any line).
                ///
                /// ``deal`` while cards are left to deal and the rules let the player deal
                /// past throws (dealing never takes a throw away); otherwise the first
                /// throw of the exact solver's line for the row, or ``deal`` when no throw
                /// is left. The search gets ``timeout`` seconds (default 2; ``None``: no
                /// limit). Releases the GIL; Ctrl-C stops it.
                ///
                /// The search works on a copy of the position taken when it starts,
                /// so other threads may play on the same game meanwhile.
                ///
                /// Raises:
                ///     InvalidArgumentError: ``timeout`` not positive.
                hint;
                {
                    /// Pickle support: `(deal, rules, blind, history, game)`; the history is replayed.
                    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
                        let state = self.game.read(game_state);
                        by_restore(py, $game_name, state.into_pyobject(py)?)
                    }

                    #[new]
                    #[pyo3(signature = (deal, rules = None, *, blind = Arg::default(Blind(false)), game = None), text_signature = "(deal, rules=None, *, blind=False, game=None)")]
                    fn py_new(
                        deal: Arg<DealOf>,
                        rules: Option<Arg<RuleSetOf>>,
                        blind: Arg<Blind>,
                        game: Option<Arg<GameOf<$G>>>,
                    ) -> PyResult<Self> {
                        Ok($Game {
                            game: Shared::new(new_game::<$G>(deal, rules, blind, game)?),
                        })
                    }

                    $(#[$rules_doc])*
                    #[getter]
                    fn rules(&self) -> &'static str {
                        self.game.read(|game| game.game_rules().rules().name())
                    }

                    /// The name of the game played (``accordion.games()``).
                    #[getter]
                    fn game(&self) -> &'static str {
                        self.game.read(|game| game.game_rules().facts().name)
                    }

                    /// The cards a move can name, left to right: the whole row in a game
                    /// of single cards, the top card of each pile in Accordian Patience.
                    #[getter]
                    fn cards(&self) -> Vec<PyCard> {
                        let cards = self.game.read(|game| game.cards().to_vec());
                        cards.into_iter().map(PyCard).collect()
                    }

                    /// How many cards each pile holds, left to right.
                    #[getter]
                    fn sizes(&self) -> Vec<usize> {
                        self.game.read(|game| game.row().piles().iter().map(Vec::len).collect())
                    }
                }
            }

            $(#[$solution_doc])*
            #[pyclass(frozen, eq, name = $solution_name, module = "accordion._core")]
            #[derive(PartialEq)]
            pub struct $Solution {
                deal: String,
                solution: Solution<Play>,
                /// The name of the game solved.
                game: &'static str,
                /// Wall-clock seconds, kept as a float so that `from_dict(to_dict())`
                /// gives them back exactly (as Accordion's `Solution` keeps them).
                seconds: f64,
            }

            impl $Solution {
                /// What the solution says of its line.
                fn figures(&self) -> $crate::python::patience::Figures<'_, Play> {
                    $crate::python::patience::Figures {
                        deal: &self.deal,
                        result: self.solution.verdict.name(),
                        moves: &self.solution.moves,
                        left: self.solution.cards,
                        nodes: self.solution.nodes,
                        seconds: self.seconds,
                    }
                }

                /// A solution pickled by an earlier version (through `_restore`).
                pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<$Solution> {
                    let (deal, solution) = solution_from_state::<$G>($solution_name, state)?;
                    let game = <$G as Throwing>::NAME;
                    let seconds = solution.elapsed.as_secs_f64();
                    Ok($Solution { deal, solution, game, seconds })
                }
            }

            $crate::python::patience::solution_methods! {
                impl $Solution;
                move $Move;
                /// The position the line starts from: the row solved, left to right (a
                /// blind game's with its stock dealt onto it; a pile of Accordian
                /// Patience by its cards bottom to top, joined by ``/``), or, where the
                /// line deals the stock, the row, ``|`` and the stock's cards, next
                /// first (``"QH 5S | 3C KH"``; the solve is clairvoyant).
                deal;
                $(#[$moves_doc])*
                moves;
                /// The same as :attr:`cards`.
                piles;
                $(#[$nodes_doc])*
                nodes;
                {
                    /// The solution whose :meth:`to_dict` is ``data`` (read back from JSON).
                    ///
                    /// Raises:
                    ///     InvalidArgumentError: a key missing or a value out of range.
                    #[staticmethod]
                    fn from_dict(data: &Bound<'_, PyDict>) -> PyResult<Self> {
                        let (deal, solution, game, seconds) = solution_from_dict::<$G>(data)?;
                        let game = game.facts().name;
                        Ok($Solution { deal, solution, game, seconds })
                    }

                    /// The name of the game solved (``accordion.games()``).
                    #[getter]
                    fn game(&self) -> &'static str {
                        self.game
                    }

                    $(#[$solution_cards_doc])*
                    #[getter]
                    fn cards(&self) -> usize {
                        self.solution.cards
                    }

                    /// The JSON object of docs/contract.md, plus ``game`` and ``cards``.
                    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                        solution_dict(py, self.game, &self.deal, &self.solution, self.seconds)
                    }

                    fn __repr__(&self) -> String {
                        format!(
                            concat!("<", $solution_name, " {} cards={} moves={}{}>"),
                            self.result(),
                            self.solution.cards,
                            self.solution.moves.len(),
                            $crate::python::throw::other_game::<$G>(self.game, " ")
                        )
                    }
                }
            }

            $crate::python::args::keyword_function! {
                $(#[$solve_doc])*
                fn $solve(
                    py, position: &Bound<'_, PyAny>, rules: Option<Arg<RuleSetOf>>;
                    budget: BudgetKeywords;
                    game: Option<Arg<GameOf<$G>>>
                ) -> PyResult<$Solution>;
                signature [position, *, rules = None,] .. [, game = None];
                {
                    // In signature order: the position, the rules, then the budget; a
                    // row is of the game named (a game is of its own).
                    let given = position.cast::<$Game>().ok().map(|g| g.get().game.snapshot());
                    let of_game = given.is_some();
                    let named = $crate::python::args::Given::given(game)?.map(|named| named.0);
                    let game = position_of::<$G>(given, position, $game_name, named)?;
                    let rules = $crate::python::throw::rules_for(game.game_rules(), rules)?;
                    // Solved under the rules given, by default a game's own (a row's:
                    // the game's first rule set); a game keeps its position.
                    let game = if of_game {
                        game.under(rules)
                    } else {
                        $crate::throw_game::ThrowGame::open_or_blind(game.deal().clone(), rules, false)
                    };
                    let budget = budget.read()?;
                    let (deal, solution) = solve_position(py, &game, &budget)?;
                    let game = game.game_rules().facts().name;
                    let seconds = solution.elapsed.as_secs_f64();
                    Ok($Solution { deal, solution, game, seconds })
                }
            }
        }
    };
}

pub(crate) use throw_game;
