//! Blind and open play by strategies, simulation over numbered deals, and the
//! statistics of the results (`docs/strategies.md` defines every strategy).
//!
//! - [`strategy`]: what a player sees ([`View`]: never the stock order) and
//!   [`Strategy`], a [`crate::patience::Player`] of Accordion's table;
//!   [`StrategyKind`] names the strategies.
//! - [`strategies`]: the players, one per file.
//! - [`forced`]: the allocation-free forced game behind `strict`, `strict-leap`,
//!   the greedy players and the agent's rollouts.
//! - [`optimal`]: optimal blind `parlett` play on short deals, exactly.
//! - [`play`]: Accordion's [`crate::patience::Table`] ([`play::Tops`]: the row
//!   of top cards and the stock the player cannot see), played out by the one
//!   referee of every game.
//! - [`simulate`](mod@simulate): many numbered deals on a thread pool.
//! - [`stats`]: Wilson interval, histogram, grade shares.

// The one module allowed `unsafe` (raw pointers into the simulator's gap
// buffers, for speed; `benches/simulate-results.md`): see its SAFETY comments
// and compile-time bounds.
#[allow(unsafe_code)]
mod fast;
pub mod forced;
pub mod optimal;
pub mod play;
pub mod shuffle;
pub mod simulate;
pub mod stats;
pub mod strategies;
pub mod strategy;

pub use forced::Forced;
pub use play::play_game;
pub use play::Strategy;
pub use simulate::simulate;
pub use stats::{GradeShares, Setup, Stats};
pub use strategy::{CardSet, StrategyKind, View};
