//! Arguments from Python, checked, in one place for every function of both games.
//!
//! The contract (`docs/errors.md`): a value of the wrong *type* raises
//! `TypeError`, as Python's own functions do: a str or float where an int is
//! wanted, a `bool` where a number is wanted (`True` as a seed or a count is
//! always a slip), anything but a str where text is wanted. A value of the
//! right type that is out of range raises the core's `InvalidArgument` (an
//! `InvalidArgumentError`, a `ValueError`) naming the argument and the value
//! given, never an `OverflowError`. Text is taken as given, lone surrogates
//! included (they become their escapes, `\ud800`, which no parser takes, so the parser's own
//! error names the text).

use crate::deal::DECK_SIZE;
use crate::error::Error;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};
use std::borrow::Cow;

/// The type name of `obj`, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// `result`'s value, or `None` if it failed with an `Exception` (the object's
/// own failure: a `__repr__` that raises, an int too long to print, a missing
/// key); any other error is returned. `repr`, `str` and any Python code run
/// the signal handlers pending, so a `KeyboardInterrupt` (Ctrl-C, or an ending
/// signal the command line handles) can surface in any Python call: dropped
/// with the object's failures, the Ctrl-C would be lost and the command go on.
pub fn unless_exception<T>(result: PyResult<T>) -> PyResult<Option<T>> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(error) => Python::attach(|py| {
            if error.is_instance_of::<pyo3::exceptions::PyException>(py) {
                Ok(None)
            } else {
                Err(error)
            }
        }),
    }
}

/// `result`, with an `Exception` replaced by `refused()` (the object is not
/// what was wanted); any other error is kept (see [`unless_exception`]).
pub fn or_refused<T>(result: PyResult<T>, refused: impl FnOnce() -> PyErr) -> PyResult<T> {
    unless_exception(result)?.ok_or_else(refused)
}

/// `obj` as a message echoes it: a str quoted as the core quotes text
/// ([`crate::error::quoted`], lone surrogates as their escapes, as [`text`]
/// reads them), as `accordion.errors.shown` does; anything else its `repr`,
/// cut like echoed text (an int too long for Python to print, past 4,300
/// digits, is given by its size). An error that is not the object's own (a
/// `KeyboardInterrupt` the `repr` delivered: see [`unless_exception`]) is
/// returned, never dropped.
pub fn shown(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if obj.is_instance_of::<PyString>() {
        return Ok(unless_exception(text(obj, ""))?
            .map_or_else(|| "\"?\"".to_string(), |t| crate::error::quoted(&t)));
    }
    let text = match unless_exception(obj.repr())? {
        Some(repr) => repr.to_string_lossy().into_owned(),
        None => unless_exception(obj.call_method0("bit_length"))?
            .map_or_else(|| "?".to_string(), |bits| format!("an int of {bits} bits")),
    };
    let count = text.chars().count();
    Ok(if count <= crate::error::ECHO_CHARS {
        text
    } else {
        let head: String = text.chars().take(crate::error::ECHO_CHARS).collect();
        format!("{head}… ({count} characters)")
    })
}

/// A `TypeError` saying what `what` must be and what it got.
pub fn wrong_type(what: &str, wanted: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!("{what} must be {wanted}, not {}", type_name(obj)))
}

/// An argument given as an object of its class `C` or as its text, the way
/// every value class is taken (a card, a move, a deal, rules): `of_class`
/// reads the object, `parse` the text (read as `what`, which names it); any
/// other type is a `TypeError` wanting `expected`.
pub fn class_or_text<C, T>(
    obj: &Bound<'_, PyAny>,
    what: &str,
    expected: &str,
    of_class: impl FnOnce(&C) -> T,
    parse: impl FnOnce(&str) -> PyResult<T>,
) -> PyResult<T>
where
    C: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync,
{
    if let Ok(value) = obj.cast::<C>() {
        return Ok(of_class(value.get()));
    }
    if obj.is_instance_of::<PyString>() {
        return parse(&text(obj, what)?);
    }
    Err(wrong_type(what, expected, obj))
}

/// An int, not a bool: its value if it fits an `i128` (`None` if it does not).
fn int_value(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<i128>> {
    if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
        return Err(wrong_type(what, "an int", obj));
    }
    Ok(obj.extract::<i128>().ok())
}

/// A whole number for the argument `what` in the range of `T`, else the
/// core's error saying `what must be {expected}, got {value}`.
pub fn whole<T: TryFrom<i128>>(
    obj: &Bound<'_, PyAny>,
    what: &'static str,
    expected: &str,
) -> PyResult<T> {
    match int_value(obj, what)?.and_then(|n| T::try_from(n).ok()) {
        Some(value) => Ok(value),
        None => Err(Error::argument(what, expected, shown(obj)?).into()),
    }
}

/// As [`whole`], for an optional argument (`None` stays `None`).
pub fn optional_whole<T: TryFrom<i128>>(
    obj: Option<&Bound<'_, PyAny>>,
    what: &'static str,
    expected: &str,
) -> PyResult<Option<T>> {
    obj.filter(|o| !o.is_none())
        .map(|o| whole(o, what, expected))
        .transpose()
}

/// The range text of a deal number.
pub const SEED_RANGE: &str = "a deal number 0 to 2**64 - 1";

/// A deal number: an int 0 to 2**64 - 1.
pub fn seed(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(obj, "seed", SEED_RANGE)
}

/// `jobs`: `None`, or 1 to `MAX_JOBS` threads (checked by the core's pool policy).
pub fn jobs_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let expected = "1 to 256 threads (or None: one per core)";
    let jobs: Option<u64> = optional_whole(obj, "jobs", expected)?;
    Ok(crate::pool::check_jobs(jobs)?)
}

/// A time limit in seconds as a float (an int or a float, not a bool);
/// `None` for none. The range is the core's ([`crate::budget::seconds`]).
pub fn timeout(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<f64>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    if obj.is_instance_of::<PyBool>()
        || !(obj.is_instance_of::<PyFloat>() || obj.is_instance_of::<PyInt>())
    {
        return Err(wrong_type("timeout", "a number of seconds or None", obj));
    }
    match obj.extract::<f64>() {
        Ok(t) => Ok(Some(t)),
        // An int too large for a float: far past any limit, so no limit.
        Err(_) if obj.gt(0)? => Ok(Some(f64::INFINITY)),
        Err(_) => Err(Error::argument(
            "timeout",
            "a positive number of seconds (or None)",
            shown(obj)?,
        )
        .into()),
    }
}

/// A bool for the flag `what` (`True`/`False` only, as the stubs say).
pub fn flag(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<bool>> {
    match obj.filter(|o| !o.is_none()) {
        None => Ok(None),
        Some(o) if o.is_instance_of::<PyBool>() => Ok(Some(o.is_truthy()?)),
        Some(o) => Err(wrong_type(what, "True or False", o)),
    }
}

/// A bool for the argument `what`: `True` or `False`, nothing else.
pub fn truth(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    if obj.is_instance_of::<PyBool>() {
        obj.is_truthy()
    } else {
        Err(wrong_type(what, "True or False", obj))
    }
}

/// The text of a str argument, lone surrogates written as their escapes
/// (`\ud800`, see the module docs); anything else is a `TypeError`.
pub fn text<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    let string = obj
        .cast::<PyString>()
        .map_err(|_| wrong_type(what, "a str", obj))?;
    if let Ok(text) = string.to_str() {
        return Ok(Cow::Borrowed(text));
    }
    // Only lone surrogates make the UTF-8 conversion fail; Python's own
    // `backslashreplace` writes each as `\uXXXX`, which is valid UTF-8.
    let escaped = string.call_method1("encode", ("utf-8", "backslashreplace"))?;
    let bytes = escaped.cast::<pyo3::types::PyBytes>()?.as_bytes();
    Ok(Cow::Owned(String::from_utf8_lossy(bytes).into_owned()))
}

/// A checked time limit as an argument type, for signatures whose default is
/// a limit (`Game.hint(timeout=2.0)`) so that `None` can mean "no limit".
pub struct Seconds(pub Option<f64>);

impl<'a, 'py> FromPyObject<'a, 'py> for Seconds {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Seconds(timeout(Some(&obj))?))
    }
}

/// A game's name as an argument (`rate(…, game="bayan")`): text (see
/// [`text`]), anything but a str a `TypeError` naming `game`.
pub struct GameName(pub String);

impl<'a, 'py> FromPyObject<'a, 'py> for GameName {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(GameName(text(&obj, "game")?.into_owned()))
    }
}

/// A number of cards per deal: an int `least` to 52 (default 52).
pub fn card_count(obj: Option<&Bound<'_, PyAny>>, least: usize) -> PyResult<usize> {
    match obj.filter(|o| !o.is_none()) {
        None => Ok(DECK_SIZE),
        Some(obj) => Cards::read(obj)?.at_least(least),
    }
}

/// A typed argument: how a Python value becomes `Self`, every error naming the
/// argument and the value (the contract of the module docs). A function says
/// what it takes by its parameters' types (`seed: Option<Arg<Seed>>`); the
/// conversion is written once, here or beside the type it makes.
pub trait Argument: Sized {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self>;
}

/// A typed argument as PyO3 hands it to the function: converted when the call
/// is read, its error kept for the body to raise with [`Arg::get`] in signature
/// order. Raising it at once would check a later argument before an earlier
/// one that the body checks (`Game("ZZ", blind="x")` names the deal, as the
/// reference engine does), and PyO3 would rewrite a `TypeError`'s message to
/// `argument 'x': …`; held, every error is the one the argument's conversion
/// raises, in the order the reference engine raises them.
pub struct Arg<T>(PyResult<T>);

impl<T> Arg<T> {
    /// An argument's default value.
    pub const fn default(value: T) -> Arg<T> {
        Arg(Ok(value))
    }

    /// The value, or the error its conversion raised.
    pub fn get(self) -> PyResult<T> {
        self.0
    }
}

impl<'a, 'py, T: Argument> FromPyObject<'a, 'py> for Arg<T> {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Arg(T::read(&obj)))
    }
}

/// An optional argument read where no signature typed it (a game's `rate`,
/// reached through the registry by the game's name): `None` stays `None`.
pub fn optional<T: Argument>(obj: Option<&Bound<'_, PyAny>>) -> Option<Arg<T>> {
    obj.filter(|o| !o.is_none()).map(|o| Arg(T::read(o)))
}

/// An optional typed argument: left out or `None` is `None`.
pub trait Given<T> {
    /// The value if one was given, or the error its conversion raised.
    fn given(self) -> PyResult<Option<T>>;

    /// The value given, else `default`.
    fn given_or(self, default: T) -> PyResult<T>
    where
        Self: Sized,
    {
        Ok(self.given()?.unwrap_or(default))
    }
}

impl<T> Given<T> for Option<Arg<T>> {
    fn given(self) -> PyResult<Option<T>> {
        self.map(Arg::get).transpose()
    }
}

/// A deal number: an int 0 to 2**64 - 1.
pub struct Seed(pub u64);

impl Argument for Seed {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        seed(obj).map(Seed)
    }
}

/// How many numbered deals a run plays: an int 1 to 2**64 - 1 (0 is refused
/// by the core, which says why).
pub struct Deals(pub u64);

impl Argument for Deals {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        whole(obj, "deals", "1 to 2**64 - 1").map(Deals)
    }
}

/// `jobs`: 1 to `MAX_JOBS` threads (checked by the core's pool policy; `None`
/// is one per core).
pub struct Jobs(pub usize);

impl Argument for Jobs {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let jobs = jobs_arg(Some(obj))?;
        Ok(Jobs(jobs.expect("a number of threads was given")))
    }
}

/// `jobs` of `solve`: 1 to `MAX_JOBS` searchers racing on one row (`None`: one).
pub struct Searchers(pub usize);

impl Argument for Searchers {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let expected = "1 to 256 searchers (or None: one)";
        let n: u64 = whole(obj, "jobs", expected)?;
        if (1..=crate::pool::MAX_JOBS as u64).contains(&n) {
            Ok(Searchers(n as usize))
        } else {
            Err(Error::argument("jobs", expected, n).into())
        }
    }
}

/// How many numbers a search for a deal tries: 1 to 2**64 - 1.
pub struct Tries(pub u64);

impl Argument for Tries {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let expected = "1 to 2**64 - 1 numbers to try";
        match whole(obj, "tries", expected)? {
            0 => Err(Error::argument("tries", expected, 0).into()),
            n => Ok(Tries(n)),
        }
    }
}

/// A solver's node budget: an int; 0 is refused by the core's budget (`None`: no limit).
pub struct MaxNodes(pub u64);

impl Argument for MaxNodes {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let expected = "1 to 2**64 - 1 (or None: no limit)";
        whole(obj, "max_nodes", expected).map(MaxNodes)
    }
}

/// A solver's table bound in bytes: an int, its range the core's (`None`: the default).
pub struct Memory(pub u64);

impl Argument for Memory {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let expected = "1048576 (1 MiB) to 2**64 - 1 bytes (or None: the default)";
        whole(obj, "memory", expected).map(Memory)
    }
}

/// A time limit in seconds (see [`timeout`]; `None`: no limit).
pub struct Timeout(pub f64);

impl Argument for Timeout {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let seconds = timeout(Some(obj))?;
        Ok(Timeout(seconds.expect("a time limit was given")))
    }
}

/// Cards per deal: an int, whose range (the game's fewest to 52) the body
/// checks with [`Cards::at_least`].
pub struct Cards {
    /// The value, if it fits an `i128`.
    value: Option<i128>,
    /// The object given, which an error shows (its `repr` is taken only then:
    /// it is Python code, and runs the signal handlers pending).
    given: Py<PyAny>,
}

impl Cards {
    /// The count of cards, `least` to 52, else the core's error naming it.
    pub fn at_least(self, least: usize) -> PyResult<usize> {
        let expected = format!("{least} to 52 cards");
        match self
            .value
            .and_then(|n| usize::try_from(n).ok())
            .filter(|count| (least..=DECK_SIZE).contains(count))
        {
            Some(count) => Ok(count),
            None => Python::attach(|py| {
                let shown = shown(self.given.bind(py))?;
                Err(Error::argument("cards", &expected, shown).into())
            }),
        }
    }
}

impl Argument for Cards {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Cards {
            value: int_value(obj, "cards")?,
            given: obj.clone().unbind(),
        })
    }
}

/// The count of cards of an optional `cards` (default 52), `least` to 52.
pub fn cards_or_deck(cards: Option<Arg<Cards>>, least: usize) -> PyResult<usize> {
    cards
        .given()?
        .map_or(Ok(DECK_SIZE), |cards| cards.at_least(least))
}

/// `blind`: `True` or `False`, nothing else.
pub struct Blind(pub bool);

impl Argument for Blind {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        truth(obj, "blind").map(Blind)
    }
}

/// The seconds a run took (`seconds` of `from_histogram`, of a solution's
/// dict): an int or a float, not a bool (`True` is a slip, as everywhere a
/// number is wanted), finite and 0 or more.
pub struct Elapsed(pub f64);

impl Argument for Elapsed {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyBool>()
            || !(obj.is_instance_of::<PyFloat>() || obj.is_instance_of::<PyInt>())
        {
            return Err(wrong_type("seconds", "a number", obj));
        }
        let expected = "a finite number 0 or more";
        match obj.extract::<f64>() {
            Ok(seconds) if seconds.is_finite() && seconds >= 0.0 => Ok(Elapsed(seconds)),
            Ok(seconds) => Err(Error::argument("seconds", expected, seconds).into()),
            // An int too large for a float.
            Err(_) => Err(Error::argument("seconds", expected, shown(obj)?).into()),
        }
    }
}

/// A strategy's name (each game parses it: the names are its own).
pub struct StrategyName(pub String);

impl Argument for StrategyName {
    fn read(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(StrategyName(text(obj, "strategy")?.into_owned()))
    }
}

/// A `#[pyfunction]` taking a group of keywords that several functions share,
/// the group's signature and parameters written here once, between the
/// function's own leading and trailing ones:
///
/// ```text
/// keyword_function! {
///     /// The docstring.
///     fn NAME(py, LEADING PARAMETERS; VALUE: GROUP; TRAILING PARAMETERS) -> RETURN;
///     signature [LEADING SIGNATURE] .. [TRAILING SIGNATURE] (text_signature = "…")?;
///     { BODY }
/// }
/// ```
///
/// The body reads the group's arguments as `VALUE`, of the group's type:
/// - `Simulation<R>`: `rules` (of the game's type `R`), `strategy`, `seed`,
///   `cards`, `blind`, `jobs`, `progress` ([`super::stats::Simulation`]);
/// - `BudgetKeywords`: `max_nodes`, `timeout`, `memory`
///   ([`super::solver::BudgetKeywords`]).
macro_rules! keyword_function {
    (
        $(#[$attr:meta])*
        fn $name:ident(
            $py:ident, $($lead:ident: $lead_ty:ty),*;
            $value:ident: $Group:ident $(<$R:ty>)?
            $(; $($tail:ident: $tail_ty:ty),*)?
        ) -> $Ret:ty;
        signature [$($sig_lead:tt)*] .. [$($sig_tail:tt)*] $(text_signature = $text:literal)?;
        $body:block
    ) => {
        $crate::python::args::keyword_function! {
            @group $Group [$($R)?]
            [$(#[$attr])*] $name $py [$($lead: $lead_ty,)*] [$($($tail: $tail_ty,)*)?] [$Ret]
            [$($sig_lead)*] [$($sig_tail)*] [$(, text_signature = $text)?] $value $body
        }
    };
    (@group Simulation [$R:ty] $($function:tt)*) => {
        $crate::python::args::keyword_function! {
            @write $($function)*
            [rules = None, strategy = None, seed = None, cards = None, blind = None, jobs = None, progress = None]
            [
                rules: Option<$crate::python::args::Arg<$R>>,
                strategy: Option<$crate::python::args::Arg<$crate::python::args::StrategyName>>,
                seed: Option<$crate::python::args::Arg<$crate::python::args::Seed>>,
                cards: Option<$crate::python::args::Arg<$crate::python::args::Cards>>,
                blind: Option<$crate::python::args::Arg<$crate::python::args::Blind>>,
                jobs: Option<$crate::python::args::Arg<$crate::python::args::Jobs>>,
                progress: Option<&pyo3::Bound<'_, pyo3::PyAny>>,
            ]
            [$crate::python::stats::Simulation { rules, strategy, seed, cards, blind, jobs, progress }]
        }
    };
    (@group BudgetKeywords [] $($function:tt)*) => {
        $crate::python::args::keyword_function! {
            @write $($function)*
            [max_nodes = None, timeout = None, memory = None]
            [
                max_nodes: Option<$crate::python::args::Arg<$crate::python::args::MaxNodes>>,
                timeout: Option<$crate::python::args::Arg<$crate::python::args::Timeout>>,
                memory: Option<$crate::python::args::Arg<$crate::python::args::Memory>>,
            ]
            [$crate::python::solver::BudgetKeywords { max_nodes, timeout, memory }]
        }
    };
    (
        @write [$($attr:tt)*] $name:ident $py:ident [$($lead:tt)*] [$($tail:tt)*] [$Ret:ty]
        [$($sig_lead:tt)*] [$($sig_tail:tt)*] [$($text:tt)*] $value:ident $body:block
        [$($signature:tt)*] [$($parameters:tt)*] [$group:expr]
    ) => {
        #[pyo3::pyfunction]
        $($attr)*
        #[pyo3(signature = ($($sig_lead)* $($signature)* $($sig_tail)*) $($text)*)]
        #[allow(clippy::too_many_arguments)]
        fn $name($py: pyo3::Python<'_>, $($lead)* $($parameters)* $($tail)*) -> $Ret {
            let $value = $group;
            $body
        }
    };
}

pub(crate) use keyword_function;
