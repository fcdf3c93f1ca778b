//! What a solve may spend and what it established: one [`Budget`] and one
//! [`Verdict`] for both games' solvers (`crate::solver`, `crate::royal::solver`).

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The default bound on the transposition table: 256 MiB.
pub const DEFAULT_MEMORY_BYTES: usize = 256 << 20;

/// The smallest transposition table a caller may ask for: 1 MiB.
pub const MIN_MEMORY_BYTES: usize = 1 << 20;

/// The longest time limit taken as given (about 31 years); a longer one, and
/// `inf`, mean no limit (a `Duration` this long would overflow `Instant`).
pub const MAX_TIMEOUT_SECONDS: f64 = 1e9;

/// What a search may spend.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Stop after this many positions (Accordion) or intervals (Royal Marriage).
    pub max_nodes: Option<u64>,
    /// Stop after this long (read every 1,024 positions).
    pub timeout: Option<Duration>,
    /// The most bytes the transposition table may hold (see `crate::solver`;
    /// the Royal Marriage solver needs no table and ignores it).
    pub memory_bytes: usize,
    /// Stop soon (within 1,024 positions) once this flag is raised.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_nodes: None,
            timeout: None,
            memory_bytes: DEFAULT_MEMORY_BYTES,
            cancel: None,
        }
    }
}

impl Budget {
    /// A budget from the values a caller gave, checked: `max_nodes` at least 1,
    /// `timeout` a positive number of seconds (`inf`: none), `memory` at least
    /// [`MIN_MEMORY_BYTES`]. `None` leaves a limit off (memory: the default).
    ///
    /// ```
    /// use accordion::budget::Budget;
    /// assert!(Budget::new(Some(10), Some(0.5), None).is_ok());
    /// for bad in [0.0, -1.0, f64::NAN, -0.0] {
    ///     assert!(Budget::new(None, Some(bad), None).is_err());
    /// }
    /// assert_eq!(Budget::new(None, Some(f64::INFINITY), None).unwrap().timeout, None);
    /// ```
    pub fn new(
        max_nodes: Option<u64>,
        timeout: Option<f64>,
        memory: Option<u64>,
    ) -> Result<Budget> {
        if max_nodes == Some(0) {
            return Err(Error::argument(
                "max_nodes",
                "1 to 2**64 - 1 (or None: no limit)",
                0,
            ));
        }
        let memory_bytes = match memory {
            None => DEFAULT_MEMORY_BYTES,
            Some(bytes) if bytes >= MIN_MEMORY_BYTES as u64 => {
                usize::try_from(bytes).unwrap_or(usize::MAX)
            }
            Some(bytes) => {
                return Err(Error::argument(
                    "memory",
                    "1048576 (1 MiB) to 2**64 - 1 bytes (or None: the default)",
                    bytes,
                ))
            }
        };
        Ok(Budget {
            max_nodes,
            timeout: seconds(timeout)?,
            memory_bytes,
            cancel: None,
        })
    }

    /// Whether a search that has examined `nodes` nodes since `start` must stop:
    /// the node budget, the time limit or the cancel flag (the sister games'
    /// solvers, `crate::royal::solver` and `crate::bayan::solver`, ask this).
    pub fn exhausted(&self, nodes: u64, start: Instant) -> bool {
        self.max_nodes.is_some_and(|max| nodes > max)
            || self.timeout.is_some_and(|t| start.elapsed() > t)
            || self.is_cancelled()
    }

    /// [`Self::exhausted`] polled cheaply by a search at its `nodes`th node:
    /// a node limit is checked at every node, the clock and the cancel flag
    /// every 1024 nodes (from the first), which keeps a stop within a
    /// fraction of a second without reading the clock at every node.
    pub fn spent_at(&self, nodes: u64, start: Instant) -> bool {
        (nodes % 1024 == 1 || self.max_nodes.is_some()) && self.exhausted(nodes, start)
    }

    /// One more node for a search that has examined `nodes`, unless the budget
    /// is spent at it ([`Self::spent_at`]): then `false`, and the node is
    /// neither counted nor to be examined, so `max_nodes` N examines N nodes
    /// at most and says N, as Accordion's search does.
    pub fn take_node(&self, nodes: &mut u64, start: Instant) -> bool {
        let taken = !self.spent_at(*nodes + 1, start);
        *nodes += u64::from(taken);
        taken
    }

    /// Whether the cancel flag is raised.
    pub fn is_cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// No limit but the caller's cancel flag: an exact search (a whole game
    /// of a simulation, a strategy's plan) that stops, its verdict `Unknown`,
    /// once `cancel` is raised. `None`: [`Budget::default`].
    pub fn until_cancelled(cancel: Option<&Arc<AtomicBool>>) -> Budget {
        Budget {
            cancel: cancel.cloned(),
            ..Budget::default()
        }
    }

    /// At most `max_nodes` nodes, until `cancel` is raised (a rating's budget).
    pub fn nodes_until_cancelled(max_nodes: u64, cancel: Option<&Arc<AtomicBool>>) -> Budget {
        Budget {
            max_nodes: Some(max_nodes),
            ..Budget::until_cancelled(cancel)
        }
    }

    /// This budget with `cancel` as its cancel flag.
    #[must_use]
    pub fn with_cancel(mut self, cancel: Arc<AtomicBool>) -> Budget {
        self.cancel = Some(cancel);
        self
    }
}

/// A time limit in seconds: positive (not `-0.0`, not NaN), or `None`/`inf` for none.
pub fn seconds(timeout: Option<f64>) -> Result<Option<Duration>> {
    match timeout {
        None => Ok(None),
        Some(t) if t.is_finite() && t > 0.0 && t <= MAX_TIMEOUT_SECONDS => {
            Ok(Some(Duration::from_secs_f64(t)))
        }
        Some(t) if t > 0.0 => Ok(None),
        Some(t) => Err(Error::argument(
            "timeout",
            "a positive number of seconds (or None)",
            format_args!("{t:?}"),
        )),
    }
}

/// What a solve established.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The line wins (one pile; in Royal Marriage, the royal pair alone).
    Win,
    /// The search was exhaustive: no line wins, and the line reaches the fewest
    /// piles any line can.
    Loss,
    /// The budget ran out (or the search was cancelled) first.
    Unknown,
}

impl Verdict {
    /// `win`, `loss` or `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Unknown => "unknown",
        }
    }

    /// The verdict whose [`name`](Verdict::name) is `name`.
    pub fn named(name: &str) -> Option<Verdict> {
        [Verdict::Win, Verdict::Loss, Verdict::Unknown]
            .into_iter()
            .find(|v| v.name() == name)
    }
}
/// For tests of cancellation: a cancel flag that another thread raises after
/// `millis` milliseconds, and that thread (join it once the call returns).
#[cfg(test)]
pub(crate) fn raised_after(millis: u64) -> (Arc<AtomicBool>, std::thread::JoinHandle<()>) {
    let flag = Arc::new(AtomicBool::new(false));
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(millis));
            flag.store(true, Ordering::SeqCst);
        })
    };
    (flag, raiser)
}
