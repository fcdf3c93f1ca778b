//! `simulate` and its `Stats`: Accordion's statistics (what every game's
//! statistics share is `stats.rs`).

use super::args::{
    cards_or_deck, keyword_function, Arg, Blind, Cards, Deals, Elapsed, Given, Seed, StrategyName,
};
use super::pickle::{by_method, Reduced};
use super::stats::{stats_dict, stats_methods, stats_of_histogram, stats_repr};
use super::values::PyRules;
use crate::blind::stats::Setup;
use crate::blind::{simulate as simulate_core, Stats, StrategyKind};
use crate::rules::Rules;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The figures of a simulation (:func:`simulate`; docs/contract.md, ``stats``).
///
/// Examples:
///     >>> stats = simulate(rules="strict", deals=10_000, seed=1)
///     >>> stats.wins, stats.deals, stats.strategy
///     (5, 10000, 'forced')
#[pyclass(frozen, eq, name = "Stats", module = "accordion._core")]
#[derive(PartialEq)]
pub struct PyStats(Stats);

stats_methods! {
    impl PyStats;
    /// Deals won (one pile left).
    wins;
    /// Mean piles at the end.
    mean_piles;
    /// Final piles → deals, increasing, only the counts that occurred.
    histogram;
    {
        /// The rule set played.
        #[getter]
        fn rules(&self) -> String {
            self.0.setup.rules.to_string()
        }

        /// The strategy that chose the moves.
        #[getter]
        fn strategy(&self) -> String {
            self.0.setup.strategy.to_string()
        }

        /// Share of deals per grade: win, strong, moral victory, loss.
        #[getter]
        fn grades<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
            let dict = PyDict::new(py);
            let g = self.0.grades();
            dict.set_item("win", g.win)?;
            dict.set_item("strong", g.strong)?;
            dict.set_item("moral victory", g.moral_victory)?;
            dict.set_item("loss", g.loss)?;
            Ok(dict)
        }

        /// The JSON object of docs/contract.md, with ``mode``, ``cards`` and ``grades`` besides.
        fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
            let setup = &self.0.setup;
            let dict = stats_dict(
                py,
                &self.0,
                &self.rules(),
                &self.strategy(),
                setup.blind,
                setup.cards,
            )?;
            dict.set_item("grades", self.grades(py)?)?;
            Ok(dict)
        }

        /// The figures of a histogram of final piles (piles → deals) of the deals
        /// ``seed …``, computed as :func:`simulate` computes them.
        ///
        /// Runs over adjacent seed ranges combine by adding their histograms; this is
        /// how :mod:`accordion.batch` merges chunks and how pickling rebuilds a
        /// ``Stats``.
        #[staticmethod]
        #[pyo3(
            signature = (histogram, rules, strategy, blind, cards, seed, seconds = Arg::default(Elapsed(0.0))),
            text_signature = "(histogram, rules, strategy, blind, cards, seed, seconds=0.0)"
        )]
        #[allow(clippy::too_many_arguments)]
        fn from_histogram(
            histogram: &Bound<'_, PyDict>,
            rules: Arg<Rules>,
            strategy: &str,
            blind: Arg<Blind>,
            cards: Option<Arg<Cards>>,
            seed: Arg<Seed>,
            seconds: Arg<Elapsed>,
        ) -> PyResult<Self> {
            let rules = rules.get()?;
            let strategy: StrategyKind = strategy.parse()?;
            let blind = blind.get()?.0;
            strategy.check(&rules, blind)?;
            let cards = cards_or_deck(cards, 1)?;
            let seed = seed.get()?.0;
            let setup = Setup {
                rules,
                strategy,
                blind,
                cards,
            };
            let stats = stats_of_histogram(setup, histogram, (1, cards), seed, 1, seconds)?;
            Ok(PyStats(stats))
        }

        /// Pickled as the call of `Stats.from_histogram` that rebuilds it.
        fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
            let py = slf.py();
            let stats = &slf.get().0;
            let args = (
                slf.get().histogram(py)?,
                PyRules(stats.setup.rules),
                stats.setup.strategy.to_string(),
                stats.setup.blind,
                stats.setup.cards,
                stats.seed,
                stats.seconds,
            );
            by_method(slf, "from_histogram", args.into_pyobject(py)?)
        }

        fn __repr__(&self) -> String {
            stats_repr(
                "Stats",
                &self.0,
                (&self.rules(), &self.strategy()),
                self.0.setup.blind,
                crate::game::ACCORDION.piece,
            )
        }
    }
}

keyword_function! {
    /// Play numbered deals ``seed … seed+deals-1`` with ``strategy`` under ``rules``.
    ///
    /// Args:
    ///     deals: how many deals, at least 1.
    ///     rules: the rules (default ``modern``).
    ///     strategy: who chooses the moves (docs/strategies.md); by default what the
    ///         rules force (``strict``, ``strict-leap``), the agent under ``parlett`` and
    ///         greedy ``slide-first`` under ``modern``. ``lookahead``, ``planner``,
    ///         ``depth-first`` and ``deep-planner`` take a budget of positions per move
    ///         after a colon (``"lookahead:300"``; default 1,000).
    ///     seed: the first deal's number (default 1); the last, ``seed + deals - 1``, at
    ///         most 2**64 - 1.
    ///     cards: cards per deal, 1 to 52.
    ///     blind: deal as you go; default True except for ``sweepers``, ``solver``,
    ///         ``lookahead``, ``planner``, ``depth-first`` and ``deep-planner`` (plans for
    ///         open rows).
    ///     jobs: threads, 1 to ``MAX_JOBS`` (default: one per core).
    ///     progress: called with the number of deals finished so far.
    ///
    /// Returns:
    ///     The :class:`Stats`. Deterministic for a seed whatever ``jobs`` is.
    ///
    /// Raises:
    ///     InvalidArgumentError: a count, seed or ``jobs`` out of range.
    ///     InvalidRulesError: an unknown rule set or strategy, or a strategy the rules
    ///         refuse.
    ///     KeyboardInterrupt: Ctrl-C, from any thread (the GIL is released meanwhile).
    fn simulate(py, deals: Arg<Deals>; keywords: Simulation<Rules>) -> PyResult<PyStats>;
    signature [*, deals,] .. [];
    {
        // Checked in signature order.
        let deals = deals.get()?.0;
        let own = |rules: Option<Arg<Rules>>, strategy: Option<Arg<StrategyName>>| {
            let rules = rules.given_or(Rules::modern())?;
            let strategy = match strategy.given()? {
                Some(name) => name.0.parse::<StrategyKind>()?,
                None => StrategyKind::default_for(&rules),
            };
            Ok((rules, strategy))
        };
        // Sweepers and the solver plan over an open row; the rest play as dealt.
        let ((rules, strategy), keywords) =
            keywords.read(own, 1, |(_, strategy)| strategy.default_blind())?;
        let stats = keywords.run(
            py,
            deals,
            |run| simulate_core(&rules, strategy, keywords.blind, keywords.cards, run),
            |stats| stats.deals,
        )?;
        Ok(PyStats(stats))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyStats>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    Ok(())
}
