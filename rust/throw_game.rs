//! A game played on one row that a stock deals onto (Royal Marriage,
//! `crate::royal`, and Bayan, `crate::bayan`, throw cards out of it; Accordian
//! Patience, `crate::accordian`, moves top cards along it): the deal, the mode
//! (open or blind), the row, the stock, the history with undo and the outcome.
//! The games differ only in which throws (the word covers Accordian's moves too)
//! the row and the rules allow, how a play written with cards names one, when a
//! deal is allowed, when the game is won and how it is solved: each says so by
//! implementing [`Throwing`]; the machinery (the game, its [`Solution`], its
//! hint) is here once, and the Python binding binds it once
//! (`rust/python/throw.rs`).

use crate::budget::{Budget, Verdict};
use crate::card::Card;
use crate::card_row::CardRow;
use crate::deal::{Deal, DECK_SIZE};
use crate::error::{quoted, Error, Result};
use crate::patience::{Dealing, Facts, Patience, Standing};
use crate::royal::RoyalDeal;
use crate::rules::RuleSet;
use std::fmt;
use std::hash::Hash;
use std::ops::DerefMut;
use std::time::{Duration, Instant};

/// An action by position: a throw, or dealing the next card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ThrowAction<T> {
    Throw(T),
    Deal,
}

/// Where a game stands: every game's [`Standing`]. `cards` counts what the row
/// shows and the stock holds: every card not thrown out (Royal Marriage,
/// Bayan), or the piles with each stock card one pile to come (Accordian
/// Patience); `won` says the game's goal is reached ([`Throwing::is_won`]).
pub type ThrowOutcome = Standing;

/// What [`ThrowGame`] reads and changes in every row: the cards a play can name
/// (every card of a row of single cards, the top cards of a row of piles), left
/// to right, and dealing onto the right-hand end.
pub trait RowCards {
    /// The cards a play can name, left to right (one per position).
    fn cards(&self) -> &[Card];
    /// Deal `card` onto the right-hand end: a new position.
    fn deal(&mut self, card: Card);
    /// Take back the last card dealt (the position it made is as it was dealt).
    fn undeal(&mut self);
}

/// A row of single cards is its [`CardRow`].
impl<R: DerefMut<Target = CardRow>> RowCards for R {
    fn cards(&self) -> &[Card] {
        CardRow::cards(self)
    }

    fn deal(&mut self, card: Card) {
        self.push(card);
    }

    fn undeal(&mut self) {
        self.pop();
    }
}

/// A row with the throws one game allows.
/// Rows are equal when their piles are (the careful player of
/// `crate::choose::throw_rating` remembers rows it proved lost).
pub trait ThrowRow: Copy + Eq + Hash + fmt::Debug + fmt::Display + RowCards + Send + Sync {
    /// A throw by position.
    type Throw: Copy + fmt::Debug + Eq + Hash;
    /// What `apply` returns for `unapply` to restore the row.
    type Undo: Copy + fmt::Debug + Send + Sync;

    /// At most 52 cards.
    fn from_cards(cards: &[Card]) -> Self;
    /// Whether `throw` is allowed now.
    fn allows(&self, throw: Self::Throw) -> bool;
    /// Every throw allowed now, in the game's canonical order.
    fn throws(&self, out: &mut Vec<Self::Throw>);
    /// Whether any throw is allowed.
    fn has_throw(&self) -> bool;
    /// Every throw allowed now, in the game's canonical order, as a list.
    fn throw_list(&self) -> Vec<Self::Throw> {
        let mut throws = Vec::new();
        self.throws(&mut throws);
        throws
    }
    /// The first throw allowed now in canonical order (the greedy choice).
    fn first_throw(&self) -> Option<Self::Throw> {
        self.throw_list().first().copied()
    }
    /// Play the throw (it must be allowed); returns what `unapply` needs.
    fn apply(&mut self, throw: Self::Throw) -> Self::Undo;
    /// Exactly reverse `apply(throw)`, which returned `undo`.
    fn unapply(&mut self, throw: Self::Throw, undo: Self::Undo);
    /// The piles left to right, each bottom to top: by default every card a
    /// pile of its own (a row of piles says otherwise).
    fn piles(&self) -> Vec<Vec<Card>> {
        self.cards().iter().map(|&card| vec![card]).collect()
    }
    /// The row of these piles (each bottom to top, none empty), or `None` when
    /// the game's row cannot hold them: by default piles of one card only.
    fn from_piles(piles: &[Vec<Card>]) -> Option<Self> {
        let cards: Option<Vec<Card>> = piles
            .iter()
            .map(|pile| match pile[..] {
                [card] => Some(card),
                _ => None,
            })
            .collect();
        Some(Self::from_cards(&cards?))
    }
}

/// An action named by cards, as players write it: a throw or `deal`.
pub trait ThrowPlay: Copy + fmt::Debug + fmt::Display + Eq + Hash + Send + Sync {
    /// `deal`.
    const DEAL: Self;
    /// Parse any accepted spelling; a refusal names the game played, `title`
    /// (one notation may serve several games of one throw).
    fn parse(text: &str, title: &str) -> Result<Self>;
    /// The notation's word for a throw: `out` unless the game has its own
    /// (`move`, `between`).
    const KIND: &'static str = "out";
    /// The notation's word: `deal`, else [`Self::KIND`].
    fn kind(&self) -> &'static str {
        if *self == Self::DEAL {
            "deal"
        } else {
            Self::KIND
        }
    }
    /// The cards the play names, as written (none for `deal`).
    fn cards(&self) -> Vec<Card>;
}

/// Parse a play of the game called `title`: `deal` (in any case), else what
/// `throw` reads from the trimmed text. `None` from it is an error that shows
/// `examples`, and so is a play that names one card twice.
pub fn parse_play<P: ThrowPlay>(
    text: &str,
    title: &str,
    examples: &str,
    throw: impl FnOnce(&str) -> Option<P>,
) -> Result<P> {
    let trimmed = text.trim();
    if trimmed.eq_ignore_ascii_case("deal") {
        return Ok(P::DEAL);
    }
    let refused =
        |why: String| Error::InvalidMove(format!("not a {title} move: {}{why}", quoted(text)));
    let play = throw(trimmed).ok_or_else(|| refused(format!(" ({examples})")))?;
    let cards = play.cards();
    if cards
        .iter()
        .enumerate()
        .any(|(i, card)| cards[..i].contains(card))
    {
        return Err(refused(" names one card twice".into()));
    }
    Ok(play)
}

/// The words of a throw written with the word `out` (`out 5D 7C`, `5D 7C out`)
/// or an `x` (`x5D,7C`), as they stand in `trimmed` (the text trimmed; the
/// word is matched in any case); `None` when the text has neither.
pub fn out_words(trimmed: &str) -> Option<&str> {
    let lower = trimmed.to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix("out ") {
        Some(&trimmed[trimmed.len() - rest.len()..])
    } else if let Some(rest) = lower.strip_suffix(" out") {
        Some(&trimmed[..rest.len()])
    } else if lower.starts_with('x') {
        Some(&trimmed[1..])
    } else {
        None
    }
}

/// Cards separated by white space and/or commas; `None` if any word is not a card.
pub fn cards_of(text: &str) -> Option<Vec<Card>> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<Card>().ok())
        .collect()
}

/// What a throw game's solver found for a row (or a position, [`Throwing::solve_game`]).
/// `Unknown` means a budget ran out: `moves` is then the best line found so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<P> {
    pub verdict: Verdict,
    /// A winning line; a line to the fewest cards (a loss); or the best so far.
    pub moves: Vec<P>,
    /// Cards left at the end of `moves` (for a loss: the fewest any line leaves).
    pub cards: usize,
    /// The solver's unit of work (each game says which).
    pub nodes: u64,
    pub elapsed: Duration,
    /// The caller's cancel flag stopped the solve (the verdict is `Unknown`).
    pub cancelled: bool,
}

crate::patience::solved_by_fields!(impl [P: fmt::Debug] for Solution<P>, left: cards);

impl<P> Solution<P> {
    /// A proved result, found in the time since `start`: `moves` leave `cards`,
    /// the fewest any line leaves, a win when that is `won_at` or fewer.
    pub fn proved(moves: Vec<P>, cards: usize, won_at: usize, nodes: u64, start: Instant) -> Self {
        Solution {
            verdict: if cards <= won_at {
                Verdict::Win
            } else {
                Verdict::Loss
            },
            moves,
            cards,
            nodes,
            elapsed: start.elapsed(),
            cancelled: false,
        }
    }

    /// `budget` ran out since `start`: `moves`, the best line found so far, leave `cards`.
    pub fn unknown(
        moves: Vec<P>,
        cards: usize,
        nodes: u64,
        start: Instant,
        budget: &Budget,
    ) -> Self {
        Solution {
            verdict: Verdict::Unknown,
            moves,
            cards,
            nodes,
            elapsed: start.elapsed(),
            cancelled: budget.is_cancelled(),
        }
    }
}

/// [`Throwing::RULES_IN_WORDS`] of PySolFC's talon games ([`Facts::TALON_GAME`]:
/// Bayan, the games of runs), played under PySolFC's one rule set.
pub const PYSOL_TALON_RULES: &str = "PySolFC's rules, modern (deal whenever you like)";

/// What one game that throws cards out of a row adds to [`ThrowGame`].
pub trait Throwing: Copy + fmt::Debug + Send + Sync {
    type Row: ThrowRow<Throw = Self::Throw>;
    /// A throw by position.
    type Throw: Copy + fmt::Debug + Eq + Hash + Send + Sync;
    /// An action named by cards, as players write it.
    type Play: ThrowPlay;
    /// The game's facts: name, title, PySolFC's id, rule sets, win, dealing.
    const FACTS: Facts;
    /// What the game calls its stock (in error messages and the display):
    /// [`Self::FACTS`]' `stock`, as are the shorthands below (never overridden).
    const STOCK: &'static str = Self::FACTS.stock;
    /// The game's name in prose (`Royal Marriage`).
    const TITLE: &'static str = Self::FACTS.title;
    /// The game's name in JSON (`"game"`) and on the command line (`royal-marriage`).
    const NAME: &'static str = Self::FACTS.name;
    /// The rule sets the game is played under, the default first.
    const RULE_SETS: &'static [RuleSet] = Self::FACTS.rule_sets;
    /// Those rule sets in words, for the error that refuses another.
    const RULES_IN_WORDS: &'static str;
    /// Cards go out this many at a time (Bayan's throws are pairs), so the
    /// cards a game ends with differ from its deal's by a multiple of it.
    const THROWN_TOGETHER: usize = 1;
    /// Cards left by a win (Royal Marriage: the royal pair; Bayan: none).
    const WON_AT: usize = Self::FACTS.won_at;
    /// The fewest cards of a deal.
    const MIN_CARDS: usize = Self::FACTS.min_cards;
    /// What the game calls a throw (in error messages).
    const THROW: &'static str = "throw";
    /// The nodes of the solver a careful player's quick look at a throw may
    /// spend before its rating follows the throw to decide it
    /// (`crate::choose::throw_rating`): small for an exponential search, no
    /// limit for a solver that decides any row at once.
    const QUICK_LOOK: u64 = 256;

    /// The facts of the game played: [`Self::FACTS`] for a game of one set of
    /// facts; a type that plays more than one game (Royal Marriage's throw)
    /// says which it plays. Code holding a game reads its facts here.
    fn facts(self) -> &'static Facts {
        &Self::FACTS
    }

    /// The game under rule set `set` (one of [`Self::RULE_SETS`]); a type that
    /// plays more than one game gives the game of [`Self::FACTS`].
    fn with_rules(set: RuleSet) -> Self;
    /// The game of [`Self::FACTS`] under its default rules (its first rule set).
    fn default_game() -> Self {
        Self::with_rules(Self::RULE_SETS[0])
    }
    /// The game of this type that `name` names ([`Facts::name`]), under its
    /// default rules; `None` for a name of no game of this type.
    fn game_named(name: &str) -> Option<Self> {
        (name == Self::NAME).then(Self::default_game)
    }
    /// The names of the games of this type, the default first.
    fn game_names() -> Vec<&'static str> {
        vec![Self::NAME]
    }
    /// The same game under rule set `set`, which the caller has checked is one of
    /// its facts' (a type that plays more than one game keeps which it plays).
    #[must_use]
    fn with_rule_set(self, set: RuleSet) -> Self {
        Self::with_rules(set)
    }
    /// The rules the game is played under, in words, for the error that refuses another.
    fn rules_in_words(self) -> &'static str {
        Self::RULES_IN_WORDS
    }
    /// The rule set played.
    fn rules(self) -> RuleSet;
    /// A row of distinct cards checked as a deal of the game played: any row
    /// of its fewest cards or more; a game dealt as a royal pair
    /// ([`Dealing::RoyalPair`]: Royal Marriage) takes rows with the queen of
    /// hearts first and the king last.
    fn deal_of(self, deal: Deal) -> Result<Deal> {
        let facts = self.facts();
        if facts.dealing == Dealing::RoyalPair {
            return Ok(RoyalDeal::new(deal)?.as_deal().clone());
        }
        if deal.len() < facts.min_cards {
            return Err(Error::InvalidDeal(format!(
                "a {} deal has {} cards or more, got {}",
                facts.title,
                facts.min_cards,
                deal.len()
            )));
        }
        Ok(deal)
    }
    /// The numbered deal `seed` of `cards` cards (the game's fewest to 52):
    /// `Deal::from_seed`'s, or [`RoyalDeal::from_seed`]'s for a game dealt as
    /// a royal pair.
    fn numbered_deal(self, seed: u64, cards: usize) -> Result<Deal> {
        let facts = self.facts();
        if !(facts.min_cards..=DECK_SIZE).contains(&cards) {
            let expected = format!("{} to {DECK_SIZE} cards", facts.min_cards);
            return Err(Error::argument("cards", &expected, cards));
        }
        if facts.dealing == Dealing::RoyalPair {
            return Ok(RoyalDeal::from_seed(seed, cards)?.as_deal().clone());
        }
        Deal::from_seed(seed, cards)
    }
    /// Solve an open row under these rules exactly (within the budget).
    fn solve_row(self, row: &Self::Row, budget: &Budget) -> Solution<Self::Play>;

    /// Whether [`Throwing::solve_game`] solves the row with the stock dealt
    /// onto it (its line starts there, throws only), as by default; else its
    /// line starts at the game's position, deals included, and a solution names
    /// that position, stock and all.
    fn solves_dealt(game: &ThrowGame<Self>) -> bool {
        let _ = game;
        true
    }

    /// Solve a game's position. By default, for a game whose rules let the
    /// player deal past throws: the row with the stock dealt onto it, open
    /// (dealing never takes a throw away, so dealing everything first loses
    /// nothing); `moves` are then the throws after those deals.
    fn solve_game(game: &ThrowGame<Self>, budget: &Budget) -> Solution<Self::Play> {
        let mut row = *game.row();
        for &card in game.stock() {
            row.deal(card);
        }
        game.rules.solve_row(&row, budget)
    }

    /// The throw the `best` strategy makes in a blind game whose rules oblige a
    /// throw before each deal, not knowing the stock. By default the first
    /// throw of the solver's line for the row.
    fn blind_choice(game: &ThrowGame<Self>) -> Option<Self::Throw> {
        let solution = game.rules.solve_row(game.row(), &Budget::default());
        let first = *solution.moves.first()?;
        match game.action_of(first) {
            Ok(ThrowAction::Throw(throw)) => Some(throw),
            _ => None,
        }
    }

    /// Whether a deal is allowed while a throw exists: by default under the
    /// modern rules (deal whenever you like), not under the older ones that
    /// oblige a throw first.
    fn deals_past_throws(self) -> bool {
        self.rules() == RuleSet::Modern
    }
    /// The rules' name, for the message that refuses a deal they forbid.
    fn rules_name(self) -> &'static str {
        self.rules().name()
    }
    /// Whether the rules allow `throw`, which the row allows (default: every
    /// throw the row allows; rules that force a throw allow only that one).
    fn permits(self, _row: &Self::Row, _throw: Self::Throw) -> bool {
        true
    }
    /// Whether the row, with the stock empty, is a win: [`Self::WON_AT`]
    /// positions left (cards; piles in Accordian Patience), the count that
    /// [`ThrowGame::outcome`] says is left.
    fn is_won(row: &Self::Row) -> bool {
        row.cards().len() == Self::WON_AT
    }
    /// The canonical play (by cards) of a throw in this row.
    fn play_of(row: &Self::Row, throw: Self::Throw) -> Self::Play;
    /// The action a play names (a throw's cards found with
    /// `ThrowGame::position_of`); the throw may still be illegal.
    fn action_of(game: &ThrowGame<Self>, play: Self::Play) -> Result<ThrowAction<Self::Throw>>;
    /// Why the row or the rules do not allow this throw (`play` is its
    /// canonical play).
    fn why_not(self, row: &Self::Row, throw: Self::Throw, play: Self::Play) -> String;
}

/// What was played, with what undoing it needs.
#[derive(Copy, Clone, Debug)]
enum Done<G: Throwing> {
    Dealt,
    Threw(G::Throw, <G::Row as ThrowRow>::Undo),
}

#[derive(Copy, Clone, Debug)]
struct Record<G: Throwing> {
    done: Done<G>,
    play: G::Play,
}

/// A game of `G`, open or blind.
#[derive(Clone, Debug)]
pub struct ThrowGame<G: Throwing> {
    rules: G,
    deal: Deal,
    blind: bool,
    row: G::Row,
    dealt: usize,
    history: Vec<Record<G>>,
}

/// `set` as one of the rule sets of `G`'s default game, or an error naming the game and them.
pub fn rule_set_of<G: Throwing>(set: RuleSet) -> Result<G> {
    rule_set_in(G::default_game(), set)
}

/// `game` under `set`, one of its rule sets, or an error naming the game and them.
pub fn rule_set_in<G: Throwing>(game: G, set: RuleSet) -> Result<G> {
    let facts = game.facts();
    if facts.rule_sets.contains(&set) {
        return Ok(game.with_rule_set(set));
    }
    Err(Error::InvalidRules(format!(
        "{} is played under {}, not {}",
        facts.title,
        game.rules_in_words(),
        set.name()
    )))
}

impl<G: Throwing> ThrowGame<G> {
    /// A new game of `G` under `rules`: open, the whole deal laid out; blind,
    /// `blind_start` cards of its facts laid out and the rest the stock.
    pub fn open_or_blind(deal: Deal, rules: G, blind: bool) -> ThrowGame<G> {
        let dealt = if blind {
            rules.facts().blind_start.min(deal.cards().len())
        } else {
            deal.cards().len()
        };
        ThrowGame::start(rules, deal, blind, dealt)
    }

    /// The first `dealt` cards of the deal laid out, the rest the stock.
    pub(crate) fn start(rules: G, deal: Deal, blind: bool, dealt: usize) -> ThrowGame<G> {
        ThrowGame {
            rules,
            row: G::Row::from_cards(&deal.cards()[..dealt]),
            deal,
            blind,
            dealt,
            history: Vec::new(),
        }
    }

    /// A game in a position: the row `row` (its cards the deal's first, pile by
    /// pile) and the rest of the deal its stock, blind when that has cards
    /// (what the binding rebuilds a solution's position with).
    #[cfg(feature = "python")]
    pub(crate) fn at(rules: G, deal: Deal, row: G::Row) -> ThrowGame<G> {
        let dealt = row.piles().iter().map(Vec::len).sum();
        ThrowGame {
            rules,
            row,
            blind: dealt < deal.len(),
            deal,
            dealt,
            history: Vec::new(),
        }
    }

    pub(crate) fn game_rules(&self) -> G {
        self.rules
    }

    /// The same position (row, stock, history) played on under `rules`, the
    /// same game under a rule set of its own (`rule_set_in` checks it): what a
    /// solve of the game under an explicit rule set searches.
    #[must_use]
    pub fn under(&self, rules: G) -> ThrowGame<G> {
        ThrowGame {
            rules,
            ..self.clone()
        }
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn row(&self) -> &G::Row {
        &self.row
    }

    /// The cards in the row, left to right.
    pub fn cards(&self) -> &[Card] {
        self.row.cards()
    }

    /// The row with the stock dealt onto it: every card not thrown out, in order.
    pub fn cards_left(&self) -> Vec<Card> {
        let mut cards = self.cards().to_vec();
        cards.extend_from_slice(self.stock());
        cards
    }

    /// The throws allowed now, in the game's canonical order.
    pub fn legal_throws(&self) -> Vec<G::Throw> {
        let mut throws = self.row.throw_list();
        throws.retain(|&throw| self.rules.permits(&self.row, throw));
        throws
    }

    /// The first legal throw in canonical order (the greedy choice): the row's
    /// first, unless the rules force another.
    pub fn first_legal_throw(&self) -> Option<G::Throw> {
        match self.row.first_throw() {
            Some(throw) if self.rules.permits(&self.row, throw) => Some(throw),
            Some(_) => self.legal_throws().first().copied(),
            None => None,
        }
    }

    /// Whether `throw` is allowed now (by the row and the rules).
    pub fn allows(&self, throw: G::Throw) -> bool {
        self.row.allows(throw) && self.rules.permits(&self.row, throw)
    }

    /// Whether `deal` is allowed now.
    pub fn may_deal(&self) -> bool {
        !self.stock().is_empty() && (self.rules.deals_past_throws() || !self.row.has_throw())
    }

    /// Where `card` lies in the row, or an error naming `play` that says
    /// whether the card is still in the stock or out of play.
    pub(crate) fn position_of(&self, card: Card, play: G::Play) -> Result<usize> {
        self.row
            .cards()
            .iter()
            .position(|&c| c == card)
            .ok_or_else(|| {
                let where_ = if self.stock().contains(&card) {
                    format!("still in the {}", self.rules.facts().stock)
                } else {
                    "not in the row".to_string()
                };
                Error::IllegalMove(format!("illegal move {play}: {card} is {where_}"))
            })
    }

    pub fn is_won(&self) -> bool {
        self.stock().is_empty() && G::is_won(&self.row)
    }

    pub fn outcome(&self) -> ThrowOutcome {
        ThrowOutcome {
            cards: self.row.cards().len() + self.stock().len(),
            won: self.is_won(),
            is_over: self.is_over(),
        }
    }

    fn why_illegal(&self, action: ThrowAction<G::Throw>) -> Error {
        let stock = self.rules.facts().stock;
        let why = match action {
            ThrowAction::Deal if !self.blind => {
                format!("deal not allowed: an open game has no {stock}")
            }
            ThrowAction::Deal if self.stock().is_empty() => {
                format!("deal not allowed: the {stock} is empty")
            }
            ThrowAction::Deal => format!(
                "deal not allowed: a {} exists and the {} rules oblige it",
                G::THROW,
                self.rules.rules_name()
            ),
            ThrowAction::Throw(throw) => self.rules.why_not(&self.row, throw, self.play_of(action)),
        };
        Error::IllegalMove(why)
    }
}

/// The game's actions, history and solver: written here once, as the
/// [`Patience`] every layer above reads (bring the trait into scope to call them).
impl<G: Throwing> Patience for ThrowGame<G> {
    type Action = ThrowAction<G::Throw>;
    type Play = G::Play;
    type Solution = Solution<G::Play>;

    /// Every legal action: the throws, then `deal` when allowed.
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut actions: Vec<_> = self
            .legal_throws()
            .into_iter()
            .map(ThrowAction::Throw)
            .collect();
        if self.may_deal() {
            actions.push(ThrowAction::Deal);
        }
        actions
    }

    /// Play an action if the rules allow it, else say why not.
    fn play(&mut self, action: Self::Action) -> Result<()> {
        let play = self.play_of(action);
        let done = match action {
            ThrowAction::Deal if self.may_deal() => {
                self.row.deal(self.deal.cards()[self.dealt]);
                self.dealt += 1;
                Done::Dealt
            }
            ThrowAction::Throw(throw) if self.allows(throw) => {
                Done::Threw(throw, self.row.apply(throw))
            }
            _ => return Err(self.why_illegal(action)),
        };
        self.history.push(Record { done, play });
        Ok(())
    }

    /// Take back the last action.
    fn undo(&mut self) -> Option<Self::Action> {
        let record = self.history.pop()?;
        Some(match record.done {
            Done::Dealt => {
                self.row.undeal();
                self.dealt -= 1;
                ThrowAction::Deal
            }
            Done::Threw(throw, undo) => {
                self.row.unapply(throw, undo);
                ThrowAction::Throw(throw)
            }
        })
    }

    fn is_deal(action: Self::Action) -> bool {
        action == ThrowAction::Deal
    }

    fn parse_play(&self, text: &str) -> Result<G::Play> {
        G::Play::parse(text, self.rules.facts().title)
    }

    /// The action a play names, by finding its cards in the row. The throw found
    /// may still be illegal (`play` says why).
    fn action_of(&self, play: G::Play) -> Result<Self::Action> {
        G::action_of(self, play)
    }

    fn play_of(&self, action: Self::Action) -> G::Play {
        match action {
            ThrowAction::Deal => G::Play::DEAL,
            ThrowAction::Throw(throw) => G::play_of(&self.row, throw),
        }
    }

    fn history(&self) -> Vec<G::Play> {
        self.history.iter().map(|r| r.play).collect()
    }

    fn last_play(&self) -> Option<G::Play> {
        self.history.last().map(|r| r.play)
    }

    fn ply(&self) -> usize {
        self.history.len()
    }

    fn is_blind(&self) -> bool {
        self.blind
    }

    fn stock(&self) -> &[Card] {
        &self.deal.cards()[self.dealt..]
    }

    fn standing(&self) -> Standing {
        self.outcome()
    }

    /// Solve the position ([`Throwing::solve_game`]: a blind game's stock is
    /// dealt first where the rules allow it, as `crate::solver` deals Accordion's).
    fn solve(&self, budget: &Budget) -> Solution<G::Play> {
        G::solve_game(self, budget)
    }

    /// The next action of best play, `None` when the game is over (or when the
    /// budget ran out before the solver found any line). Where the rules let the
    /// player deal past throws, `deal` while the stock has cards (dealing never
    /// takes a throw away); then the first throw of the solver's line for the
    /// row; then `deal` where the rules oblige throws first and none is left.
    fn hint(&self, budget: &Budget) -> Option<Self::Action> {
        if self.may_deal() && self.rules.deals_past_throws() {
            return Some(ThrowAction::Deal);
        }
        if self.row.has_throw() {
            let first = *self.rules.solve_row(&self.row, budget).moves.first()?;
            return self.action_of(first).ok();
        }
        self.may_deal().then_some(ThrowAction::Deal)
    }

    fn is_over(&self) -> bool {
        !self.may_deal() && !self.row.has_throw()
    }
}

impl<G: Throwing> fmt::Display for ThrowGame<G> {
    /// The row, and the stock size in a blind game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = self.row.to_string();
        f.write_str(&row)?;
        if self.blind {
            // No space before the bar while the row is empty, as Accordion's game.
            let gap = if row.is_empty() { "" } else { " " };
            let stock = self.rules.facts().stock;
            write!(f, "{gap}| {stock} {}", self.stock().len())?;
        }
        Ok(())
    }
}

/// Checks every throw game is held to, its notation's and its solver's (each
/// game's tests call them).
#[cfg(test)]
pub(crate) mod check {
    use super::{ThrowAction, ThrowGame, ThrowRow, Throwing};
    use crate::budget::{Budget, Verdict};
    use crate::card::Card;
    use crate::patience::Patience;
    use std::collections::HashMap;
    use std::fmt;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// Under each of `game`'s rule sets, at every turn of numbered deals played
    /// out at random, blind and open, the game's [`crate::patience::Table::first_legal`]
    /// is the first of its list.
    pub fn first_legal_is_first_of_the_list<G: Throwing>(game: G) {
        for &rules in game.facts().rule_sets {
            for seed in 0..30 {
                let deal = game.numbered_deal(seed, 52).unwrap();
                let mut played =
                    ThrowGame::open_or_blind(deal, game.with_rule_set(rules), seed % 2 == 0);
                crate::patience::testing::assert_first_legal_is_first_of_the_list(
                    &mut played,
                    seed,
                );
            }
        }
    }

    /// `parse` reads every text of `spellings` as `play`.
    pub fn parses_as<P: fmt::Debug + PartialEq>(
        parse: impl Fn(&str) -> crate::error::Result<P>,
        play: &P,
        spellings: &[&str],
    ) {
        for text in spellings {
            assert_eq!(&parse(text).unwrap(), play, "{text}");
        }
    }

    /// `parse` reads every play of `plays` back from its notation.
    pub fn round_trips<P: fmt::Debug + fmt::Display + PartialEq>(
        parse: impl Fn(&str) -> crate::error::Result<P>,
        plays: &[P],
    ) {
        for play in plays {
            assert_eq!(&parse(&play.to_string()).unwrap(), play);
        }
    }

    /// `parse` refuses every text of `texts` as no move of the game.
    pub fn not_moves<P: fmt::Debug>(
        parse: impl Fn(&str) -> crate::error::Result<P>,
        texts: &[&str],
    ) {
        for text in texts {
            assert!(
                matches!(parse(text), Err(crate::error::Error::InvalidMove(_))),
                "{text}"
            );
        }
    }

    /// The open game of `G`'s numbered deal `seed` of `cards` cards, under its default rules.
    pub fn open<G: Throwing>(seed: u64, cards: usize) -> ThrowGame<G> {
        open_game(G::default_game(), seed, cards)
    }

    /// The open game of `game`'s numbered deal `seed` of `cards` cards.
    pub fn open_game<G: Throwing>(game: G, seed: u64, cards: usize) -> ThrowGame<G> {
        let deal = game.numbered_deal(seed, cards).unwrap();
        ThrowGame::open_or_blind(deal, game, false)
    }

    /// `game` after `moves`, each of them legal.
    pub fn replay<G: Throwing>(game: &ThrowGame<G>, moves: &[G::Play]) -> ThrowGame<G> {
        crate::patience::replayed(game, moves).unwrap()
    }

    /// The fewest cards (piles) any line of throws leaves, by trying every
    /// line (positions remembered by their piles, nothing else assumed).
    pub fn brute_force<G: Throwing>(game: &mut ThrowGame<G>) -> usize {
        fn fewest<G: Throwing>(
            game: &mut ThrowGame<G>,
            seen: &mut HashMap<Vec<Vec<Card>>, usize>,
        ) -> usize {
            let piles = game.row().piles();
            if let Some(&best) = seen.get(&piles) {
                return best;
            }
            let mut best = game.outcome().cards;
            for throw in game.legal_throws() {
                game.play(ThrowAction::Throw(throw)).unwrap();
                best = best.min(fewest(game, seen));
                game.undo();
            }
            seen.insert(piles, best);
            best
        }
        fewest(game, &mut HashMap::new())
    }

    /// [`solves_as_brute_force_does`] for the open games of `G`'s numbered
    /// deals `0 .. seeds` of each length of `lengths`, more than `least_wins`
    /// of them won (so that the wins are tested too).
    pub fn solves_numbered_deals_as_brute_force_does<G: Throwing>(
        lengths: &[usize],
        seeds: u64,
        least_wins: usize,
    ) {
        solves_numbered_deals_of(G::default_game(), lengths, seeds, least_wins);
    }

    /// [`solves_numbered_deals_as_brute_force_does`] for the game `game`.
    pub fn solves_numbered_deals_of<G: Throwing>(
        game: G,
        lengths: &[usize],
        seeds: u64,
        least_wins: usize,
    ) {
        let games = lengths
            .iter()
            .flat_map(|&cards| (0..seeds).map(move |seed| open_game(game, seed, cards)));
        let wins = solves_as_brute_force_does(games);
        assert!(wins > least_wins, "some short rows are won: {wins}");
    }

    /// The solver proves every open game of `games` (won or lost, never
    /// `Unknown`) with the fewest cards brute force finds, by a line that
    /// replays to them; returns how many were won.
    pub fn solves_as_brute_force_does<G: Throwing>(
        games: impl IntoIterator<Item = ThrowGame<G>>,
    ) -> usize {
        let mut wins = 0;
        for mut game in games {
            let solution = game.solve(&Budget::default());
            assert_ne!(solution.verdict, Verdict::Unknown, "{game}");
            let end = replay(&game, &solution.moves);
            assert_eq!(solution.cards, brute_force(&mut game), "{game}");
            assert_eq!(end.outcome().cards, solution.cards, "{game}");
            assert_eq!(solution.verdict == Verdict::Win, end.is_won(), "{game}");
            wins += usize::from(end.is_won());
        }
        wins
    }

    /// A solve of `game`'s position stopped by a budget of `nodes` nodes is
    /// `Unknown`, not cancelled, and its line replays to the cards it reports;
    /// one stopped by a raised cancel flag is `Unknown` and says so.
    pub fn budgets_are_honoured<G: Throwing>(game: &ThrowGame<G>, nodes: u64) {
        let tiny = Budget {
            max_nodes: Some(nodes),
            ..Budget::default()
        };
        let cut = game.solve(&tiny);
        assert_eq!((cut.verdict, cut.cancelled), (Verdict::Unknown, false));
        let mut end = game.clone();
        for &play in &cut.moves {
            end.play(end.action_of(play).unwrap()).unwrap();
        }
        assert_eq!(end.outcome().cards, cut.cards);
        let cancelled = Budget {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..Budget::default()
        };
        let stopped = game.solve(&cancelled);
        assert_eq!(
            (stopped.verdict, stopped.cancelled),
            (Verdict::Unknown, true)
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::bayan::{BayanGame, BayanPlay};
    use crate::patience::Patience;
    use crate::royal::{RoyalGame, RoyalPlay};
    use crate::rules::RuleSet;

    #[test]
    fn undoing_deals_and_throws_restores_the_stock_the_history_and_the_row() {
        let mut bayan = BayanGame::new("5C 5S 2D 9H 9D".parse().unwrap(), true);
        assert!(bayan.is_blind());
        assert_eq!((bayan.ply(), bayan.last_play()), (0, None));
        bayan.play_text("deal").unwrap();
        bayan.play_text("out 5C 5S").unwrap();
        assert_eq!(bayan.ply(), 2);
        assert_eq!(
            bayan.last_play(),
            Some(BayanPlay::Out("5C".parse().unwrap(), "5S".parse().unwrap()))
        );
        assert_eq!(bayan.to_string(), "2D 9H | talon 1");
        bayan.undo();
        bayan.undo();
        assert_eq!(bayan.to_string(), "5C 5S 2D | talon 2");
        assert_eq!(bayan.last_play(), None);
        // The deal taken back is dealt again: the stock is where it was.
        assert_eq!(bayan.play_text("deal").unwrap(), BayanPlay::Deal);
        assert_eq!(bayan.cards()[3].to_string(), "9H");

        let open = RoyalGame::new("QH 5C KH".parse().unwrap(), false, RuleSet::Modern).unwrap();
        assert!(!open.is_blind());
        let mut royal =
            RoyalGame::new("QH 5C 9H 7D KH".parse().unwrap(), true, RuleSet::Modern).unwrap();
        for _ in 0..4 {
            royal.play_text("deal").unwrap();
        }
        assert_eq!(royal.stock().len(), 1);
        royal.undo();
        assert_eq!(royal.stock().len(), 2);
        assert_eq!(royal.last_play(), Some(RoyalPlay::Deal));
        assert_eq!(royal.ply(), 3);
    }

    #[test]
    fn hints_deal_first_where_dealing_is_free_then_follow_the_solver() {
        use crate::budget::Budget;
        use crate::throw_game::ThrowAction;
        let budget = Budget::default();
        let mut bayan = BayanGame::new("5C 9H 2D 5S 9D 2H".parse().unwrap(), true);
        while let Some(action) = bayan.hint(&budget) {
            bayan.play(action).unwrap();
        }
        assert!(bayan.is_won());
        assert_eq!(bayan.ply(), 3 + 3);
        for (blind, rules) in [
            (false, RuleSet::Modern),
            (true, RuleSet::Modern),
            (true, RuleSet::Parlett),
        ] {
            let mut royal =
                RoyalGame::new("QH 5C 9H 7D 5S KH".parse().unwrap(), blind, rules).unwrap();
            if blind && rules == RuleSet::Modern {
                assert_eq!(royal.hint(&budget), Some(ThrowAction::Deal));
            }
            while let Some(action) = royal.hint(&budget) {
                royal.play(action).unwrap();
            }
            assert!(royal.is_won(), "{blind} {rules:?}");
        }
    }

    #[test]
    fn a_blind_game_is_solved_with_its_stock() {
        use crate::budget::{Budget, Verdict};
        let budget = Budget::default();
        // Solving the cards dealt so far (QH 5C) would find nothing to throw.
        let mut royal =
            RoyalGame::new("QH 5C 9H 7D 5S KH".parse().unwrap(), true, RuleSet::Modern).unwrap();
        royal.play_text("deal").unwrap();
        royal.play_text("deal").unwrap();
        let solution = royal.solve(&budget);
        assert_eq!((solution.verdict, solution.cards), (Verdict::Win, 2));
        // Under parlett the line is played from the position, deals included.
        let mut parlett =
            RoyalGame::new("QH 5C 9H 7D 5S KH".parse().unwrap(), true, RuleSet::Parlett).unwrap();
        let solution = parlett.solve(&budget);
        for &play in &solution.moves {
            parlett.play(parlett.action_of(play).unwrap()).unwrap();
        }
        assert_eq!(parlett.outcome().cards, solution.cards);
        assert_eq!(solution.verdict == Verdict::Win, parlett.is_won());
        let mut bayan = BayanGame::new("5C 9H 2D 5S 9D 2H".parse().unwrap(), true);
        let solution = bayan.solve(&budget);
        assert_eq!((solution.verdict, solution.cards), (Verdict::Win, 0));
        while bayan.may_deal() {
            bayan.play_text("deal").unwrap();
        }
        for &play in &solution.moves {
            bayan.play(bayan.action_of(play).unwrap()).unwrap();
        }
        assert!(bayan.is_won());
    }
}
