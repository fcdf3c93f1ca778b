//! What the bindings of the games of throwing cards out (Royal Marriage, Bayan)
//! share: their outcome class, the same in all but its name and words.

/// The Python class of a throw game's outcome: `$class` (named `$name` in
/// Python) wrapping the core's `$core` (`cards`, `won`, `is_over`), pickled by
/// its state `(cards, won, is_over)` through `pickle::restore`.
macro_rules! throw_outcome {
    ($class:ident, $core:ident, $name:literal, $doc:literal, cards: $cards:literal, won: $won:literal) => {
        #[doc = $doc]
        #[pyclass(frozen, eq, hash, name = $name, module = "accordion._core")]
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $class(pub $core);

        impl $class {
            /// The outcome pickled by `__reduce__`.
            pub fn from_state(state: &Bound<'_, PyTuple>) -> PyResult<$class> {
                let (cards, won, is_over) = state.extract().map_err(|_| malformed($name))?;
                Ok($class($core {
                    cards,
                    won,
                    is_over,
                }))
            }
        }

        #[pymethods]
        impl $class {
            /// Pickle support: `(cards, won, is_over)`.
            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
                let state = (self.0.cards, self.0.won, self.0.is_over);
                by_restore(py, $name, state.into_pyobject(py)?)
            }

            #[doc = $cards]
            #[getter]
            fn cards(&self) -> usize {
                self.0.cards
            }

            /// The same as :attr:`cards`.
            #[getter]
            fn piles(&self) -> usize {
                self.0.cards
            }

            #[doc = $won]
            #[getter]
            fn won(&self) -> bool {
                self.0.won
            }

            /// ``"win"`` or ``"loss"``.
            #[getter]
            fn grade(&self) -> &'static str {
                if self.0.won {
                    "win"
                } else {
                    "loss"
                }
            }

            /// True when no throw and no deal is left.
            #[getter]
            fn is_over(&self) -> bool {
                self.0.is_over
            }

            fn __repr__(&self) -> String {
                format!(
                    concat!("<", $name, " cards={} won={} is_over={}>"),
                    self.0.cards,
                    py_bool(self.0.won),
                    py_bool(self.0.is_over)
                )
            }
        }
    };
}

pub(crate) use throw_outcome;
