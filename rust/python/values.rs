//! The frozen value types: `Card`, `Move`, `Deal`, `Rules`, `Outcome`.

pub use super::args::card_count;
use super::args::{
    cards_or_deck, class_or_text, flag, text, truth, type_name, whole, wrong_type, Arg, Argument,
    Cards, GameName, Seed,
};
use super::patience::{move_methods, outcome_methods, Graded};
use super::pickle::{by_method, by_restore, malformed_state, Reduced};
use crate::card::Card;
use crate::deal::{Deal, DECK_SIZE};
use crate::error::Error;
use crate::game::{Grade, Outcome, Play};
use crate::numbering::pysol::{self, Number};
use crate::patience::Facts;
use crate::rules::{Distances, RuleSet, Rules};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

fn hash_of(value: &impl Hash) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// One of the 52 cards. Frozen, hashable, ordered by :attr:`index`.
///
/// ``Card(text)`` is :meth:`Card.parse`.
///
/// Raises:
///     InvalidCardError: ``text`` is not a card.
///     TypeError: ``text`` is not a ``str``.
///
/// Examples:
///     >>> Card("10h"), Card("7♠").suit, Card("AS").agrees(Card("AD"))
///     (Card('TH'), 'S', True)
#[pyclass(frozen, eq, ord, hash, name = "Card", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard(pub Card);

/// Piles as Python sees them (`Game.piles` and every throw game's): a tuple of
/// cards for each, bottom to top.
pub fn pile_tuples(py: Python<'_>, piles: Vec<Vec<Card>>) -> PyResult<Vec<Bound<'_, PyTuple>>> {
    piles
        .into_iter()
        .map(|pile| PyTuple::new(py, pile.into_iter().map(PyCard)))
        .collect()
}

#[pymethods]
impl PyCard {
    /// Pickle support: rebuilt by `Card.from_index`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let args = PyTuple::new(slf.py(), [slf.get().0.index()])?;
        by_method(slf, "from_index", args)
    }

    #[new]
    fn py_new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::parse(text)
    }

    /// Parse ``AS``, ``td``, ``10D``, ``7♥`` (rank then suit; case and white space ignored).
    ///
    /// Args:
    ///     text: the card's text.
    ///
    /// Returns:
    ///     The card, whose ``str`` is the canonical text (``TD``).
    ///
    /// Raises:
    ///     InvalidCardError: ``text`` is not a card; the message says why.
    ///     TypeError: ``text`` is not a ``str``.
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCard(super::args::text(text, "a card")?.parse()?))
    }

    /// The card with index ``4 * rank + suit`` (rank 0 = ace … 12 = king; suits C D H S).
    ///
    /// Args:
    ///     index: 0 to 51.
    ///
    /// Raises:
    ///     InvalidArgumentError: ``index`` outside 0 to 51.
    ///     TypeError: ``index`` is not an ``int``.
    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>) -> PyResult<Self> {
        let expected = "a card index 0 to 51";
        let value: u8 = whole(index, "index", expected)?;
        Card::from_index(value)
            .map(PyCard)
            .ok_or_else(|| Error::argument("index", expected, value).into())
    }

    /// ``"A"``, ``"2"`` … ``"T"``, ``"J"``, ``"Q"``, ``"K"``.
    #[getter]
    fn rank(&self) -> String {
        self.0.rank_char().to_string()
    }

    /// ``"C"``, ``"D"``, ``"H"`` or ``"S"``.
    #[getter]
    fn suit(&self) -> String {
        self.0.suit_char().to_string()
    }

    /// The card's number, ``4 * rank + suit``: 0 (``AC``) to 51 (``KS``).
    #[getter]
    fn index(&self) -> u8 {
        self.0.index()
    }

    /// True for diamonds and hearts (only the pictures use colour; the rules never do).
    #[getter]
    fn is_red(&self) -> bool {
        self.0.is_red()
    }

    /// True when the two cards share a suit or a rank (colour and rank order never matter).
    ///
    /// Raises:
    ///     TypeError: ``other`` is not a ``Card``.
    fn agrees(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let other = other.cast::<PyCard>().map_err(|_| {
            PyTypeError::new_err(format!("agrees() takes a Card, got {}", type_name(other)))
        })?;
        Ok(self.0.agrees(other.get().0))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }
}

/// A card given as a `Card` or as text.
pub fn card_arg(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    let parse = |text: &str| Ok(text.parse()?);
    class_or_text(obj, "a card", "a Card or a str", |c: &PyCard| c.0, parse)
}

/// A move ``MOVER>TARGET`` (the two top cards), or dealing the next stock card.
///
/// ``Move(mover, target)`` takes two cards or card texts; :meth:`parse` reads the
/// notation and :meth:`deal` is the deal action. Frozen and hashable; ``str`` gives
/// the canonical notation, which :meth:`parse` reads back.
///
/// Raises:
///     InvalidMoveError: the two cards are the same.
///     InvalidCardError: either is not a card.
///
/// Examples:
///     >>> move = Move("7H", "7S")
///     >>> str(move), move.mover, Move.parse(str(move)) == move
///     ('7H>7S', Card('7H'), True)
#[pyclass(frozen, eq, hash, name = "Move", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove(pub Play);

move_methods! {
    impl PyMove;
    deal = Play::Deal;
    {
        #[new]
        fn py_new(mover: &Bound<'_, PyAny>, target: &Bound<'_, PyAny>) -> PyResult<Self> {
            let (mover, target) = (card_arg(mover)?, card_arg(target)?);
            if mover == target {
                return Err(Error::InvalidMove(format!("not a move: {mover} onto itself")).into());
            }
            Ok(PyMove(Play::Move { mover, target }))
        }

        /// Parse ``7H>7S``, ``7H-7S``, ``7H→7S``, ``7H on 7S`` or ``deal``.
        ///
        /// Args:
        ///     text: the move's text (case and white space ignored).
        ///
        /// Raises:
        ///     InvalidMoveError: anything else; the message shows the notation.
        ///     InvalidCardError: a side of the move is not a card.
        ///     TypeError: ``text`` is not a ``str``.
        #[staticmethod]
        fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
            Ok(PyMove(Play::parse(&super::args::text(text, "a move")?)?))
        }

        /// The top card of the pile that moves; ``None`` for a deal.
        #[getter]
        fn mover(&self) -> Option<PyCard> {
            match self.0 {
                Play::Move { mover, .. } => Some(PyCard(mover)),
                Play::Deal => None,
            }
        }

        /// The top card of the pile landed on; ``None`` for a deal.
        #[getter]
        fn target(&self) -> Option<PyCard> {
            match self.0 {
                Play::Move { target, .. } => Some(PyCard(target)),
                Play::Deal => None,
            }
        }

        fn __repr__(&self) -> String {
            match self.0 {
                Play::Move { mover, target } => format!("Move('{mover}', '{target}')"),
                Play::Deal => "Move.deal()".to_string(),
            }
        }
    }
}

/// A move given as a `Move` or as text.
pub fn play_arg(obj: &Bound<'_, PyAny>) -> PyResult<Play> {
    let parse = |text: &str| Ok(Play::parse(text)?);
    class_or_text(obj, "a move", "a Move or a str", |m: &PyMove| m.0, parse)
}

/// A row of 1 to 52 distinct cards, left to right (the first card is pile 1).
///
/// ``Deal(cards)`` takes an iterable of cards or card texts; :meth:`parse` reads text
/// and :meth:`from_seed` makes a numbered deal. Frozen and hashable; ``len``,
/// iteration and indexing give the cards.
///
/// Raises:
///     InvalidDealError: no cards, more than 52, or a card twice.
///     InvalidCardError: an element is not a card.
///     TypeError: ``cards`` is a ``str`` (use :meth:`parse`) or not iterable.
///
/// Examples:
///     >>> deal = Deal(["7H", "7S", "8S"])
///     >>> len(deal), deal[0], str(deal)
///     (3, Card('7H'), '7H 7S 8S')
#[pyclass(frozen, name = "Deal", module = "accordion._core", sequence)]
#[derive(Clone)]
pub struct PyDeal {
    pub deal: Deal,
    pub seed: Option<u64>,
}

#[pymethods]
impl PyDeal {
    #[new]
    fn py_new(cards: &Bound<'_, PyAny>) -> PyResult<Self> {
        if cards.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "Deal() takes an iterable of cards; use Deal.parse for text",
            ));
        }
        let cards = super::args::or_refused(cards.try_iter(), || {
            wrong_type("cards", "an iterable of cards", cards)
        })?
        .map(|item| card_arg(&item?))
        .collect::<PyResult<Vec<_>>>()?;
        Ok(PyDeal {
            deal: Deal::new(cards)?,
            seed: None,
        })
    }

    /// Read a row: cards separated by white space and/or commas.
    ///
    /// Args:
    ///     text: e.g. ``"7H 7S 8S KS"`` or ``"7h,7s, 8s"``.
    ///
    /// Returns:
    ///     The deal (not numbered: its :attr:`seed` is ``None``).
    ///
    /// Raises:
    ///     InvalidDealError: no cards, more than 52, a repeated card, or an empty field
    ///         between two commas.
    ///     InvalidCardError: a token is not a card; the message names it.
    ///     TypeError: ``text`` is not a ``str``.
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyDeal {
            deal: super::args::text(text, "a deal")?.parse()?,
            seed: None,
        })
    }

    /// Numbered deal ``seed``: SplitMix64 drives a Fisher–Yates shuffle; the first ``cards``.
    ///
    /// The same on every platform and in every version (docs/rules.md, "Numbered deals").
    ///
    /// Args:
    ///     seed: 0 to 2**64 - 1.
    ///     cards: how many cards of the shuffled deck, 1 to 52 (default 52).
    ///
    /// Raises:
    ///     InvalidArgumentError: ``seed`` or ``cards`` out of range.
    ///     TypeError: either is not an ``int``.
    ///
    /// Examples:
    ///     >>> str(Deal.from_seed(1, 8))
    ///     '5S 3C 5C 9D 6C JS 6S 5H'
    #[staticmethod]
    #[pyo3(signature = (seed, cards = None))]
    fn from_seed(seed: Arg<Seed>, cards: Option<Arg<Cards>>) -> PyResult<Self> {
        let seed = seed.get()?.0;
        let cards = cards_or_deck(cards, 1)?;
        Ok(PyDeal {
            deal: Deal::from_seed(seed, cards)?,
            seed: Some(seed),
        })
    }

    /// The row PySolFC lays out for game ``number`` of ``game`` (docs/numberings.md).
    ///
    /// Args:
    ///     number: ``12345`` or ``"ms12345"``; 1 to 10**20 - 1.
    ///     game: a name, PySolFC's title or its id (default ``"accordion"``; accordion 772,
    ///         bayan 656, relaxed-accordion 773, 23-skidoo 883, accordions-revenge 811,
    ///         royal-marriage 288).
    ///
    /// Raises:
    ///     InvalidDealError: a game number out of range.
    ///     InvalidRulesError: an unknown game.
    #[staticmethod]
    #[pyo3(signature = (number, game = None))]
    fn from_pysol(number: Arg<Number>, game: Option<Arg<Facts>>) -> PyResult<Self> {
        let deal = super::numbering::from_pysol(number, game)?;
        Ok(PyDeal { deal, seed: None })
    }

    /// The row ``solvitaire --type accordion|late-binding-solitaire --random SEED`` solves.
    ///
    /// Args:
    ///     seed: Solvitaire's seed (a C ``int``, not -1).
    ///     game: ``"accordion"`` (52 cards) or ``"late-binding"`` (18).
    ///
    /// Raises:
    ///     InvalidArgumentError: a seed Solvitaire cannot take.
    ///     InvalidRulesError: another game.
    #[staticmethod]
    #[pyo3(signature = (seed, game = GameName("accordion".into())), text_signature = "(seed, game='accordion')")]
    fn from_solvitaire(seed: &Bound<'_, PyAny>, game: GameName) -> PyResult<Self> {
        let deal = super::numbering::from_solvitaire(seed, &game.0)?;
        Ok(PyDeal { deal, seed: None })
    }

    /// The first ``cards`` (default 18) cards of Knuth's Late Binding deal ``seed``.
    ///
    /// Knuth's generator is the Stanford GraphBase ``gb_flip`` (docs/numberings.md).
    ///
    /// Raises:
    ///     InvalidArgumentError: ``seed`` outside -2**31 to 2**31 - 1, or ``cards``
    ///         outside 1 to 52.
    #[staticmethod]
    #[pyo3(signature = (seed, cards = None))]
    fn from_knuth(seed: &Bound<'_, PyAny>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let deal = super::numbering::from_knuth(seed, cards)?;
        Ok(PyDeal { deal, seed: None })
    }

    /// A numbered deal with a fresh random seed (see :attr:`seed`), of ``cards`` cards.
    ///
    /// Raises:
    ///     InvalidArgumentError: ``cards`` outside 1 to 52.
    #[staticmethod]
    #[pyo3(signature = (cards = None))]
    fn random(py: Python<'_>, cards: Option<Arg<Cards>>) -> PyResult<Self> {
        let cards = cards_or_deck(cards, 1)?;
        let seed: u64 = py
            .import("random")?
            .getattr("SystemRandom")?
            .call0()?
            .call_method1("randrange", (1u64 << 32,))?
            .extract()?;
        Ok(PyDeal {
            deal: Deal::from_seed(seed, cards)?,
            seed: Some(seed),
        })
    }

    /// The cards, left to right.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.deal.cards().iter().map(|&c| PyCard(c)))
    }

    /// The seed of a numbered deal (:meth:`from_seed`, :meth:`random`), else ``None``.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    fn __len__(&self) -> usize {
        self.deal.len()
    }

    /// The sequence protocol: an int index (negative from the end); out of
    /// range, however far, an `IndexError` as for a tuple.
    fn __getitem__(&self, index: &Bound<'_, PyAny>) -> PyResult<PyCard> {
        if !index.is_instance_of::<PyInt>() {
            return Err(wrong_type("a deal index", "an int", index));
        }
        let len = self.deal.len() as i128;
        let at = index
            .extract::<i128>()
            .ok()
            .map(|i| if i < 0 { i + len } else { i })
            .filter(|at| (0..len).contains(at));
        match at {
            Some(at) => Ok(PyCard(self.deal.cards()[at as usize])),
            None => Err(pyo3::exceptions::PyIndexError::new_err(
                "deal index out of range",
            )),
        }
    }

    fn __iter__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let cards = PyDeal::cards(slf.get(), slf.py())?;
        Ok(cards.into_any().try_iter()?.into_any())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyDeal>()
            .is_ok_and(|o| o.get().deal == self.deal)
    }

    fn __hash__(&self) -> u64 {
        hash_of(&self.deal)
    }

    fn __str__(&self) -> String {
        self.deal.to_string()
    }

    /// The row as an SVG picture (for Jupyter), drawn by :func:`accordion.svg`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any())
    }

    /// Pickled as the call that rebuilds it: `Deal.from_seed(seed, cards)` for a
    /// numbered deal (so the seed survives), else `Deal.parse(text)`.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let deal = slf.get();
        let class = py.get_type::<PyDeal>();
        match deal.seed {
            Some(seed) => Ok((
                class.getattr("from_seed")?,
                PyTuple::new(py, [seed, deal.deal.len() as u64])?,
            )),
            None => Ok((
                class.getattr("parse")?,
                PyTuple::new(py, [deal.deal.to_string()])?,
            )),
        }
    }

    pub fn __repr__(&self) -> String {
        match self.seed {
            Some(seed) if self.deal.len() == DECK_SIZE => format!("Deal.from_seed({seed})"),
            Some(seed) => format!("Deal.from_seed({seed}, cards={})", self.deal.len()),
            None => format!("Deal.parse('{}')", self.deal),
        }
    }
}

/// The SVG picture of a deal or a game. The drawing lives in Python
/// (`accordion.svg`) so that both engines share one picture.
pub fn picture(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    obj.py()
        .import("accordion.svg")?
        .call_method1("svg", (obj,))?
        .extract()
}

/// A deal as an argument: a `Deal` or its text.
impl Argument for Deal {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        deal_arg(obj)
    }
}

/// A deal given as a `Deal` or as text.
pub fn deal_arg(obj: &Bound<'_, PyAny>) -> PyResult<Deal> {
    let of_class = |d: &PyDeal| d.deal.clone();
    class_or_text(obj, "a deal", "a Deal or a str", of_class, |text| {
        Ok(text.parse()?)
    })
}

/// A rule set of docs/rules.md with its variant (two-way moves, distance set).
///
/// Args:
///     name: ``modern`` (default), ``strict``, ``strict-leap`` or ``parlett``.
///     two_way: piles may also move rightwards (default False).
///     distances: how far a pile may move, each 1 to 51 (default ``(1, 3)``); text
///         such as ``"2,3"`` is accepted.
///     win_piles: the game is won at this many piles or fewer (default 1; PySolFC's
///         23 Skidoo: 2).
///     goal: a card that must end on top of the last pile (PySolFC's Accordion's
///         Revenge); no move may land on it.
///
/// Raises:
///     InvalidRulesError: an unknown name, or a distance set that is empty or out of
///         range.
///     TypeError: an argument of the wrong type.
///
/// Examples:
///     >>> Rules("strict").must_move, Rules("modern", distances=[2, 3]).distances
///     (True, (2, 3))
#[pyclass(frozen, eq, hash, name = "Rules", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRules(pub Rules);

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (name = None, *, two_way = None, distances = None, win_piles = None, goal = None))]
    fn py_new(
        name: Option<&Bound<'_, PyAny>>,
        two_way: Option<&Bound<'_, PyAny>>,
        distances: Option<&Bound<'_, PyAny>>,
        win_piles: Option<&Bound<'_, PyAny>>,
        goal: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let set: RuleSet = match name.filter(|n| !n.is_none()) {
            None => RuleSet::Modern,
            Some(name) => accordion_rule_set(&text(name, "name")?)?,
        };
        let two_way = flag(two_way, "two_way")?.unwrap_or(false);
        let distances = match distances.filter(|d| !d.is_none()) {
            None => Distances::CLASSIC,
            Some(obj) => distances_arg(obj)?,
        };
        let rules = Rules::new(set)
            .with_two_way(two_way)
            .with_distances(distances);
        // Checked before `goal` (signature order) and refused as the rules refuse
        // 0 or 53, whatever the size of the int (as the reference engine does).
        let rules = match win_piles.filter(|w| !w.is_none()) {
            None => rules,
            Some(w) => {
                if !w.is_instance_of::<PyInt>() || w.is_instance_of::<PyBool>() {
                    return Err(wrong_type("win_piles", "an int", w));
                }
                let Some(piles) = super::args::unless_exception(w.extract::<usize>())? else {
                    return Err(Rules::bad_win_piles(super::args::shown(w)?).into());
                };
                rules.with_win_piles(piles)?
            }
        };
        let goal = goal.filter(|g| !g.is_none()).map(card_arg).transpose()?;
        Ok(PyRules(rules.with_goal(goal)))
    }

    /// The rules PySolFC plays its ``game`` by (docs/numberings.md).
    ///
    /// Args:
    ///     game: a PySolFC game name, title or id.
    ///     number: the game number; Accordion's Revenge needs it for its goal card.
    ///
    /// Raises:
    ///     InvalidRulesError: an unknown game.
    ///     InvalidArgumentError: a game number out of range.
    #[staticmethod]
    #[pyo3(signature = (game, number = None))]
    fn from_pysol(game: Arg<Facts>, number: Option<Arg<Number>>) -> PyResult<Self> {
        super::numbering::pysol_rules(game, number).map(PyRules)
    }

    /// The game is won at this many piles or fewer (1; PySolFC's 23 Skidoo: 2).
    #[getter]
    fn win_piles(&self) -> usize {
        self.0.win_piles
    }

    /// The goal card (PySolFC's Accordion's Revenge), or ``None``.
    ///
    /// The game is won only with it on top of the last pile; a covered card never comes
    /// back, so no move may land on it.
    #[getter]
    fn goal(&self) -> Option<PyCard> {
        self.0.goal.map(PyCard)
    }

    /// The rule set: ``modern``, ``strict``, ``strict-leap`` or ``parlett``.
    #[getter]
    fn name(&self) -> &'static str {
        self.0.set.name()
    }

    /// Whether piles may also move rightwards (two-way; PySolFC's Relaxed Accordion).
    #[getter]
    fn two_way(&self) -> bool {
        self.0.two_way
    }

    /// How far a pile may move: sorted, distinct, each 1 to 51.
    #[getter]
    fn distances<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.distances.iter().collect::<Vec<_>>())
    }

    /// A move must be made whenever one exists (strict, strict-leap, parlett).
    #[getter]
    fn must_move(&self) -> bool {
        self.0.set.must_move()
    }

    /// At most one legal action at any time (strict, strict-leap).
    #[getter]
    fn is_automatic(&self) -> bool {
        self.0.set.is_automatic()
    }

    /// Whether ``deal`` is legal while a move exists (only under ``modern``).
    #[getter]
    fn may_deal_while_move_exists(&self) -> bool {
        !self.0.set.must_move()
    }

    /// Pickled as ``Rules(name, two_way=…, distances=…, win_piles=…, goal=…)``.
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, pyo3::types::PyDict>)> {
        let keywords = pyo3::types::PyDict::new(py);
        keywords.set_item("two_way", self.0.two_way)?;
        keywords.set_item("distances", self.distances(py)?)?;
        keywords.set_item("win_piles", self.0.win_piles)?;
        keywords.set_item("goal", self.goal().map(|card| card.0.to_string()))?;
        Ok((PyTuple::new(py, [self.0.set.name()])?, keywords))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    pub fn __repr__(&self) -> String {
        let distances: Vec<String> = self.0.distances.iter().map(|d| d.to_string()).collect();
        let distances = if distances.len() == 1 {
            format!("({},)", distances[0])
        } else {
            format!("({})", distances.join(", "))
        };
        if self.0 == Rules::new(self.0.set) {
            return format!("Rules('{}')", self.0.set.name());
        }
        let win = if self.0.win_piles == 1 {
            String::new()
        } else {
            format!(", win_piles={}", self.0.win_piles)
        };
        let goal = self
            .0
            .goal
            .map_or_else(String::new, |goal| format!(", goal='{goal}'"));
        format!(
            "Rules('{}', two_way={}, distances={distances}{win}{goal})",
            self.0.set.name(),
            py_bool(self.0.two_way)
        )
    }
}

/// `distances` as text (`"2,3"`) or an iterable of ints; a value out of
/// range (however large) is refused by the rules, naming it.
fn distances_arg(obj: &Bound<'_, PyAny>) -> PyResult<Distances> {
    if obj.is_instance_of::<PyString>() {
        return Ok(text(obj, "distances")?.parse()?);
    }
    let items = super::args::or_refused(obj.try_iter(), || {
        wrong_type("distances", "an iterable of ints or a str", obj)
    })?;
    let mut values = Vec::new();
    for item in items {
        let item = item?;
        if !item.is_instance_of::<PyInt>() || item.is_instance_of::<PyBool>() {
            return Err(wrong_type("a distance", "an int", &item));
        }
        // Each value's range is checked as it comes, like its type.
        match item.extract::<i128>() {
            Ok(value) if (1..=51).contains(&value) => values.push(value),
            _ => {
                return Err(Error::InvalidRules(format!(
                    "distance {} is out of range: distances are 1 to 51",
                    super::args::shown(&item)?
                ))
                .into())
            }
        }
    }
    Ok(Distances::new(&values)?)
}

/// Accordion's rules as an argument: `Rules` or a rule-set name.
impl Argument for Rules {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        rules_arg(obj)
    }
}

/// One of Accordion's rule sets by name: `uva`, which `RuleSet` also reads, is
/// Accordian Patience's, and refused here for `Rules(…)` and every `rules=`
/// given as a name alike.
fn accordion_rule_set(name: &str) -> PyResult<RuleSet> {
    let set: RuleSet = name.parse()?;
    if set == RuleSet::Uva {
        return Err(Error::InvalidRules(
            "the uva rules are Accordian Patience's (UVa 127); Accordion is played \
             under modern, strict, strict-leap or parlett"
                .into(),
        )
        .into());
    }
    Ok(set)
}

/// Rules given as `Rules` or as a rule-set name.
pub fn rules_arg(obj: &Bound<'_, PyAny>) -> PyResult<Rules> {
    let parse = |text: &str| Ok(Rules::new(accordion_rule_set(text)?));
    class_or_text(
        obj,
        "rules",
        "Rules or a rule-set name",
        |r: &PyRules| r.0,
        parse,
    )
}

/// Where a game stands: piles left, whether it is over, then its grade (``Game.outcome``).
#[pyclass(frozen, eq, hash, name = "Outcome", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOutcome(pub Outcome);

impl Graded for Outcome {
    fn piles(&self) -> usize {
        self.piles
    }

    fn grade(&self) -> Option<&'static str> {
        self.grade.map(Grade::name)
    }

    fn is_over(&self) -> bool {
        self.is_over
    }
}

outcome_methods! {
    impl PyOutcome;
    /// Piles on the table (in a blind game, not counting the stock).
    piles;
    /// The grade of a finished game: 1 pile ``win``; 2–3 ``strong``; 4–5 ``moral
    /// victory``; more ``loss``. ``None`` while the game is not over.
    grade;
    {
        /// ``Outcome(piles=…, grade=…, is_over=…)``, as the repr writes it. The grade
        /// of a finished game follows from the piles (or is ``win``, under rules that
        /// win at more than one pile); a game in progress has none (``None``). It is
        /// an argument so that the repr evaluates back.
        #[new]
        #[pyo3(signature = (*, piles, grade, is_over))]
        fn py_new(
            piles: &Bound<'_, PyAny>,
            grade: &Bound<'_, PyAny>,
            is_over: &Bound<'_, PyAny>,
        ) -> PyResult<Self> {
            let piles: usize = whole(piles, "piles", "0 or more piles")?;
            let is_over = truth(is_over, "is_over")?;
            let grade = if is_over {
                if grade.is_none() {
                    let expected = format!(
                        "\"{}\" for {piles} piles (or \"win\")",
                        Grade::of_piles(piles).name()
                    );
                    return Err(Error::argument("grade", &expected, "None").into());
                }
                Some(grade_of(piles, &text(grade, "grade")?)?)
            } else if grade.is_none() {
                None
            } else {
                let given = text(grade, "grade")?;
                let expected = "None while the game is not over";
                return Err(Error::argument("grade", expected, crate::error::quoted(&given)).into());
            };
            Ok(PyOutcome(Outcome {
                piles,
                grade,
                is_over,
            }))
        }

        /// Pickle support: `(piles, is_over, grade)`; the grade is kept, since a win
        /// at more than one pile (23 Skidoo) does not follow from the piles.
        fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
            let state = (self.0.piles, self.0.is_over, self.0.grade.map(Grade::name));
            by_restore(py, "Outcome", state.into_pyobject(py)?)
        }

        fn __repr__(&self) -> String {
            let grade = self
                .0
                .grade
                .map_or("None".to_owned(), |g| format!("'{}'", g.name()));
            format!(
                "Outcome(piles={}, grade={grade}, is_over={})",
                self.0.piles,
                py_bool(self.0.is_over)
            )
        }
    }
}

/// The grade named `name` for `piles` piles: theirs, or `win` (under rules that
/// win at more than one pile).
fn grade_of(piles: usize, name: &str) -> PyResult<Grade> {
    let of_piles = Grade::of_piles(piles);
    match name {
        "win" => Ok(Grade::Win),
        given if given == of_piles.name() => Ok(of_piles),
        given => {
            let expected = format!("\"{}\" for {piles} piles (or \"win\")", of_piles.name());
            Err(Error::argument("grade", &expected, crate::error::quoted(given)).into())
        }
    }
}

/// The `Outcome` of a pickled `(piles, is_over, grade)`, or of the `(piles,
/// is_over)` that earlier versions pickled (their grade followed from the piles).
pub fn outcome_from_state(state: &Bound<'_, PyTuple>) -> PyResult<PyOutcome> {
    const SHAPE: &str = "(piles: a whole number 0 or more, is_over: bool, grade: str or None)";
    let malformed = || malformed_state("Outcome", SHAPE, state);
    let (piles, is_over, grade) = if let Ok((piles, is_over, name)) =
        state.extract::<(usize, bool, Option<String>)>()
    {
        let grade = match name {
            Some(name) => grade_of(piles, &name).map_err(|_| malformed())?,
            None if is_over => return Err(malformed()),
            None => Grade::of_piles(piles),
        };
        (piles, is_over, grade)
    } else {
        let (piles, is_over): (usize, bool) = super::args::or_refused(state.extract(), malformed)?;
        (piles, is_over, Grade::of_piles(piles))
    };
    // Earlier versions graded a game in progress too; that grade is dropped.
    Ok(PyOutcome(Outcome {
        piles,
        grade: is_over.then_some(grade),
        is_over,
    }))
}

/// A Python boolean as its `repr` writes it.
pub(crate) fn py_bool(value: bool) -> &'static str {
    if value {
        "True"
    } else {
        "False"
    }
}

/// The goal card of PySolFC's Accordion's Revenge game ``number``.
///
/// The game is won only when this card ends on top of the last pile.
///
/// Raises:
///     InvalidDealError: a game number out of range.
#[pyfunction]
pub fn pysol_goal(number: Arg<Number>) -> PyResult<PyCard> {
    let layout = pysol::layout(number.get()?, &crate::game::ACCORDIONS_REVENGE);
    Ok(PyCard(
        layout.goal.expect("Accordion's Revenge has a goal card"),
    ))
}
