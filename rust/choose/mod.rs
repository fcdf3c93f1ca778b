//! Numbered deals chosen by outcome: the next one that can be won under given
//! rules ([`winnable`]), and by difficulty ([`difficulty`]); how hard an open
//! deal of any game is ([`rate`], over every [`Rated`] game, in `rating`: Accordion's rows
//! weighed in [`difficulty`], the throw games' in [`throw_rating`], both walked
//! by the one careful player of `careful`).
//!
//! Both walk the numbered deals (`Deal::from_seed`) upward from a start and
//! take the first that qualifies, so the deal found replays with `--seed N`,
//! and the result does not depend on the number of threads: candidates are
//! judged in parallel blocks, and the first qualifying one in number order is
//! taken. Memory stays bounded: one block at a time.

mod careful;
pub mod difficulty;
pub mod level;
pub mod level_table;
mod rating;
pub mod throw_rating;
pub mod winnable;

pub use rating::{rate, Rated};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A goal card belongs to one deal (PySolFC's Accordion's Revenge), not to a
/// walk over numbered deals, some of which may not even hold it.
pub(crate) fn refuse_goal(rules: &crate::rules::Rules) -> crate::error::Result<()> {
    match rules.goal {
        Some(goal) => Err(crate::error::Error::InvalidRules(format!(
            "a goal card ({goal}) belongs to one deal; numbered deals are chosen without one"
        ))),
        None => Ok(()),
    }
}

/// How one candidate fared.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Judged<T> {
    /// It qualifies, with what the judge found.
    Yes(T),
    No,
    /// The solver could not decide it within its budget: passed over.
    Undecided,
}

/// The end of a walk over the numbered deals.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Walk<T> {
    Found {
        seed: u64,
        value: T,
        /// Numbers tried and passed over before it.
        skipped: u64,
        /// Of those, the undecided ones.
        undecided: u64,
    },
    /// `tried` numbers from the start and none qualified.
    Exhausted {
        tried: u64,
        undecided: u64,
    },
    Cancelled,
}

/// The numbered deals a walk may try: `start`, `start + 1`, … (at most `tries`
/// of them), judged on `jobs` threads (default: all cores); the walk stops when
/// `cancel` is raised (checked between blocks of candidates).
#[derive(Clone, Copy, Debug)]
pub struct Numbers<'a> {
    pub start: u64,
    pub tries: u64,
    pub jobs: Option<usize>,
    pub cancel: Option<&'a Arc<AtomicBool>>,
}

impl<'a> Numbers<'a> {
    pub fn new(
        start: u64,
        tries: u64,
        jobs: Option<usize>,
        cancel: Option<&'a Arc<AtomicBool>>,
    ) -> Numbers<'a> {
        Numbers {
            start,
            tries,
            jobs,
            cancel,
        }
    }
}

/// Judge the `numbers` (in blocks of `per_thread` numbers per thread) and stop
/// at the first that qualifies. One thread judges one number at a time.
pub(crate) fn first_qualifying<T: Send>(
    numbers: Numbers<'_>,
    per_thread: u64,
    judge: impl Fn(u64) -> Judged<T> + Sync,
) -> Walk<T> {
    crate::pool::install(numbers.jobs, || walk(numbers, per_thread, &judge))
}

/// [`first_qualifying`] on the pool it was installed on.
fn walk<T: Send>(
    numbers: Numbers<'_>,
    per_thread: u64,
    judge: &(impl Fn(u64) -> Judged<T> + Sync),
) -> Walk<T> {
    let Numbers {
        start,
        tries,
        cancel,
        ..
    } = numbers;
    let threads = rayon::current_num_threads() as u64;
    let block = if threads == 1 {
        1
    } else {
        per_thread * threads
    };
    let last = start.saturating_add(tries.max(1) - 1);
    let mut first = start;
    let mut undecided = 0;
    loop {
        if cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Walk::Cancelled;
        }
        let end = first.saturating_add(block - 1).min(last);
        let judged: Vec<Judged<T>> = (first..=end).into_par_iter().map(judge).collect();
        for (at, verdict) in judged.into_iter().enumerate() {
            match verdict {
                Judged::Yes(value) => {
                    let seed = first + at as u64;
                    return Walk::Found {
                        seed,
                        value,
                        skipped: seed - start,
                        undecided,
                    };
                }
                Judged::Undecided => undecided += 1,
                Judged::No => {}
            }
        }
        if end == last {
            return Walk::Exhausted {
                tried: end - start + 1,
                undecided,
            };
        }
        first = end + 1;
    }
}
