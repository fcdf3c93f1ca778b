//! `forced`: the automatic rule sets leave one legal action; take it.

/// Takes the first legal action: under `strict` and `strict-leap` it is the
/// only one (the player every game shares, [`FirstLegal`](crate::patience::FirstLegal)).
pub use crate::patience::FirstLegal as ForcedPlay;
