//! The frozen value types: `Card`, `Move`, `Deal`, `Rules`, `Outcome`.

use super::args::{flag, seed as seed_arg, text, type_name, whole, wrong_type, Text};
use crate::card::Card;
use crate::deal::{Deal, DECK_SIZE};
use crate::error::Error;
use crate::game::{Outcome, Play};
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

/// One of the 52 cards.
#[pyclass(frozen, eq, ord, hash, name = "Card", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard(pub Card);

#[pymethods]
impl PyCard {
    #[new]
    fn py_new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::parse(text)
    }

    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCard(super::args::text(text, "a card")?.parse()?))
    }

    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>) -> PyResult<Self> {
        let expected = "a card index 0 to 51";
        let value: u8 = whole(index, "index", expected)?;
        Card::from_index(value)
            .map(PyCard)
            .ok_or_else(|| Error::argument("index", expected, value).into())
    }

    #[getter]
    fn rank(&self) -> String {
        self.0.rank_char().to_string()
    }

    #[getter]
    fn suit(&self) -> String {
        self.0.suit_char().to_string()
    }

    #[getter]
    fn index(&self) -> u8 {
        self.0.index()
    }

    #[getter]
    fn is_red(&self) -> bool {
        self.0.is_red()
    }

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
    if let Ok(card) = obj.cast::<PyCard>() {
        return Ok(card.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(text(obj, "a card")?.parse()?);
    }
    Err(wrong_type("a card", "a Card or a str", obj))
}

/// A move `MOVER>TARGET`, or `deal`.
#[pyclass(frozen, eq, hash, name = "Move", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove(pub Play);

#[pymethods]
impl PyMove {
    #[new]
    fn py_new(mover: &Bound<'_, PyAny>, target: &Bound<'_, PyAny>) -> PyResult<Self> {
        let (mover, target) = (card_arg(mover)?, card_arg(target)?);
        if mover == target {
            return Err(Error::InvalidMove(format!("not a move: {mover} onto itself")).into());
        }
        Ok(PyMove(Play::Move { mover, target }))
    }

    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyMove(Play::parse(&super::args::text(text, "a move")?)?))
    }

    #[staticmethod]
    fn deal() -> Self {
        PyMove(Play::Deal)
    }

    #[getter]
    fn mover(&self) -> Option<PyCard> {
        match self.0 {
            Play::Move { mover, .. } => Some(PyCard(mover)),
            Play::Deal => None,
        }
    }

    #[getter]
    fn target(&self) -> Option<PyCard> {
        match self.0 {
            Play::Move { target, .. } => Some(PyCard(target)),
            Play::Deal => None,
        }
    }

    #[getter]
    fn is_deal(&self) -> bool {
        self.0 == Play::Deal
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match self.0 {
            Play::Move { mover, target } => format!("Move('{mover}', '{target}')"),
            Play::Deal => "Move.deal()".to_string(),
        }
    }
}

/// A move given as a `Move` or as text.
pub fn play_arg(obj: &Bound<'_, PyAny>) -> PyResult<Play> {
    if let Ok(play) = obj.cast::<PyMove>() {
        return Ok(play.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Play::parse(&text(obj, "a move")?)?);
    }
    Err(wrong_type("a move", "a Move or a str", obj))
}

/// A row of 1 to 52 distinct cards.
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
        let cards = cards
            .try_iter()
            .map_err(|_| wrong_type("cards", "an iterable of cards", cards))?
            .map(|item| card_arg(&item?))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyDeal {
            deal: Deal::new(cards)?,
            seed: None,
        })
    }

    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyDeal {
            deal: super::args::text(text, "a deal")?.parse()?,
            seed: None,
        })
    }

    #[staticmethod]
    #[pyo3(signature = (seed, cards = None))]
    fn from_seed(seed: &Bound<'_, PyAny>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = seed_arg(seed)?;
        let cards = card_count(cards, 1)?;
        Ok(PyDeal {
            deal: Deal::from_seed(seed, cards)?,
            seed: Some(seed),
        })
    }

    /// The row PySolFC lays out for game `number` of `game` (`crate::numbering::pysol`).
    #[staticmethod]
    #[pyo3(signature = (number, game = None))]
    fn from_pysol(number: &Bound<'_, PyAny>, game: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        match game {
            Some(game) => super::numbering::from_pysol(number, game),
            None => super::numbering::from_pysol(
                number,
                PyString::new(number.py(), "accordion").as_any(),
            ),
        }
    }

    /// The row Solvitaire's `--random seed` lays out for `game`.
    #[staticmethod]
    #[pyo3(signature = (seed, game = Text("accordion".into())), text_signature = "(seed, game='accordion')")]
    fn from_solvitaire(seed: &Bound<'_, PyAny>, game: Text) -> PyResult<Self> {
        super::numbering::from_solvitaire(seed, &game.0)
    }

    /// The first `cards` (default 18) cards of Knuth's Late Binding deal `seed`.
    #[staticmethod]
    #[pyo3(signature = (seed, cards = None))]
    fn from_knuth(seed: &Bound<'_, PyAny>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        super::numbering::from_knuth(seed, cards)
    }

    #[staticmethod]
    #[pyo3(signature = (cards = None))]
    fn random(py: Python<'_>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let cards = card_count(cards, 1)?;
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

    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.deal.cards().iter().map(|&c| PyCard(c)))
    }

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

    /// The row as a picture, for Jupyter; drawn by `accordion.svg`.
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

/// A number of cards per deal: an int `least` to 52 (default 52).
pub fn card_count(obj: Option<&Bound<'_, PyAny>>, least: usize) -> PyResult<usize> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(DECK_SIZE);
    };
    let expected = format!("{least} to 52 cards");
    let count: usize = whole(obj, "cards", &expected)?;
    if (least..=DECK_SIZE).contains(&count) {
        Ok(count)
    } else {
        Err(Error::argument("cards", &expected, count).into())
    }
}

/// A deal given as a `Deal` or as text.
pub fn deal_arg(obj: &Bound<'_, PyAny>) -> PyResult<Deal> {
    if let Ok(deal) = obj.cast::<PyDeal>() {
        return Ok(deal.get().deal.clone());
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(text(obj, "a deal")?.parse()?);
    }
    Err(wrong_type("a deal", "a Deal or a str", obj))
}

/// A rule set with its variant.
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
            Some(name) => text(name, "name")?.parse()?,
        };
        let two_way = flag(two_way, "two_way")?.unwrap_or(false);
        let distances = match distances.filter(|d| !d.is_none()) {
            None => Distances::CLASSIC,
            Some(obj) => distances_arg(obj)?,
        };
        let win_piles: usize = match win_piles.filter(|w| !w.is_none()) {
            None => 1,
            Some(w) => whole(w, "win_piles", "1 to 52")?,
        };
        let goal = goal.filter(|g| !g.is_none()).map(card_arg).transpose()?;
        Ok(PyRules(
            Rules::new(set)
                .with_two_way(two_way)
                .with_distances(distances)
                .with_goal(goal)
                .with_win_piles(win_piles)?,
        ))
    }

    /// The rules PySolFC plays its game `game` by (for Accordion's Revenge, the
    /// goal card of game `number`).
    #[staticmethod]
    #[pyo3(signature = (game, number = None))]
    fn from_pysol(game: &Bound<'_, PyAny>, number: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        super::numbering::pysol_rules(game, number).map(PyRules)
    }

    #[getter]
    fn win_piles(&self) -> usize {
        self.0.win_piles
    }

    #[getter]
    fn goal(&self) -> Option<PyCard> {
        self.0.goal.map(PyCard)
    }

    #[getter]
    fn name(&self) -> &'static str {
        self.0.set.name()
    }

    #[getter]
    fn two_way(&self) -> bool {
        self.0.two_way
    }

    #[getter]
    fn distances<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.distances.iter().collect::<Vec<_>>())
    }

    #[getter]
    fn must_move(&self) -> bool {
        self.0.set.must_move()
    }

    #[getter]
    fn is_automatic(&self) -> bool {
        self.0.set.is_automatic()
    }

    #[getter]
    fn may_deal_while_move_exists(&self) -> bool {
        !self.0.set.must_move()
    }

    /// Pickled as `Rules(name, two_way=…, distances=…, win_piles=…, goal=…)`.
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
            if self.0.two_way { "True" } else { "False" }
        )
    }
}

/// `distances` as text (`"2,3"`) or an iterable of ints; a value out of
/// range (however large) is refused by the rules, naming it.
fn distances_arg(obj: &Bound<'_, PyAny>) -> PyResult<Distances> {
    if obj.is_instance_of::<PyString>() {
        return Ok(text(obj, "distances")?.parse()?);
    }
    let items = obj
        .try_iter()
        .map_err(|_| wrong_type("distances", "an iterable of ints or a str", obj))?;
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
                    super::args::shown(&item)
                ))
                .into())
            }
        }
    }
    Ok(Distances::new(&values)?)
}

/// Rules given as `Rules` or as a rule-set name.
pub fn rules_arg(obj: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(rules) = obj.cast::<PyRules>() {
        return Ok(rules.get().0);
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Rules::new(text(obj, "rules")?.parse()?));
    }
    Err(wrong_type("rules", "Rules or a rule-set name", obj))
}

/// Where a game stands.
#[pyclass(frozen, eq, hash, name = "Outcome", module = "accordion._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOutcome(pub Outcome);

#[pymethods]
impl PyOutcome {
    #[getter]
    fn piles(&self) -> usize {
        self.0.piles
    }

    #[getter]
    fn grade(&self) -> &'static str {
        self.0.grade.name()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(piles={}, grade='{}', is_over={})",
            self.0.piles,
            self.0.grade.name(),
            if self.0.is_over { "True" } else { "False" }
        )
    }
}
