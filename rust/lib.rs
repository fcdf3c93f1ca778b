//! The core of `accordion`: cards, rows, rules, games, numbered deals, the
//! exhaustive solver and blind-play simulation. It knows nothing of Python; the
//! PyO3 binding lives in `python/` behind the `python` feature.
//!
//! No `unsafe` anywhere but in the simulator's hot loop (`blind::fast`, whose
//! module alone allows it).

#![deny(unsafe_code)]

pub mod accordian;
pub mod bayan;
pub mod blind;
pub mod budget;
pub mod card;
pub mod card_row;
pub mod choose;
pub mod deal;
pub mod error;
pub mod game;
pub mod numbering;
pub mod patience;
pub mod pool;
pub mod row;
pub mod royal;
pub mod rules;
pub mod runs;
pub mod solver;
pub mod stats;
pub mod throw_game;
pub mod throw_play;
pub mod throw_search;

#[cfg(feature = "python")]
mod python;

/// `PartialEq`, `Eq` and `Hash` of a type by the key its method `$key` gives
/// (a row whose storage past its length holds whatever was there before):
/// equal exactly when the keys are, hashed as its key.
macro_rules! eq_hash_by {
    ($Type:ty, $key:ident) => {
        impl PartialEq for $Type {
            fn eq(&self, other: &Self) -> bool {
                self.$key() == other.$key()
            }
        }

        impl Eq for $Type {}

        impl std::hash::Hash for $Type {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                std::hash::Hash::hash(&self.$key(), state);
            }
        }
    };
}

pub(crate) use eq_hash_by;

pub use card::Card;
pub use deal::Deal;
pub use error::{Error, Result};
pub use game::{Action, Game, Grade, Outcome, Play};
pub use patience::{perft, Patience, Solved, Standing};
pub use row::Row;
pub use rules::{Distances, RuleSet, Rules, Step};
pub use solver::{solve, solve_many, Budget, Solution, Verdict};
