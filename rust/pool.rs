//! The one thread-pool policy of the core: how many threads a parallel call
//! (`solve_many`, both games' simulations) may use, and the pool it runs on.
//!
//! `jobs` is `None` (one thread per core: rayon's global pool) or 1 to
//! [`MAX_JOBS`]. The bound is fixed rather than a multiple of the cores so that
//! a command that works on one machine works on every other: the work is CPU
//! bound, so threads past the cores add nothing, and 256 is far above any core
//! count this code meets while a few hundred threads still start in
//! milliseconds (100,000 took minutes and could exhaust the process's threads).
//!
//! Pools are not rebuilt per call: the last pool of an explicit size is kept
//! and reused while callers ask for that size (threads started once, not per
//! batch). Results never depend on the pool: every parallel loop in the core
//! reduces in a fixed order.

use crate::error::{Error, Result};
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::{Arc, Mutex, PoisonError};

/// The most threads a caller may ask for.
pub const MAX_JOBS: usize = 256;

/// Check a caller's `jobs`: `None` (all cores) or 1 to [`MAX_JOBS`].
///
/// ```
/// use accordion::pool::{check_jobs, MAX_JOBS};
/// assert!(check_jobs(Some(1)).is_ok() && check_jobs(None).is_ok());
/// assert!(check_jobs(Some(0)).is_err() && check_jobs(Some(MAX_JOBS as u64 + 1)).is_err());
/// ```
pub fn check_jobs(jobs: Option<u64>) -> Result<Option<usize>> {
    match jobs {
        None => Ok(None),
        Some(n) if (1..=MAX_JOBS as u64).contains(&n) => Ok(Some(n as usize)),
        Some(n) => Err(Error::argument(
            "jobs",
            "1 to 256 threads (or None: one per core)",
            n,
        )),
    }
}

/// The kept pool: its size and the pool.
type Kept = Mutex<Option<(usize, Arc<ThreadPool>)>>;

/// The pool [`install`] keeps between calls.
static KEPT: Kept = Mutex::new(None);

/// Run `work` on `jobs` threads (checked by [`check_jobs`]; `None`: rayon's
/// global pool, one thread per core). Should no thread be startable, `work`
/// runs on the calling thread alone: the results are the same.
pub fn install<T: Send>(jobs: Option<usize>, work: impl FnOnce() -> T + Send) -> T {
    let Some(jobs) = jobs else {
        // Parallel iterators outside any pool run on rayon's global pool.
        return work();
    };
    match pool_of(&KEPT, jobs) {
        Some(pool) => pool.install(work),
        None => work_alone(work),
    }
}

/// The pool of `jobs` threads: `kept`'s if it has that size, else a new one
/// that `kept` then holds (the one it held goes once its last caller is done).
fn pool_of(kept: &Kept, jobs: usize) -> Option<Arc<ThreadPool>> {
    let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((size, pool)) = kept.as_ref() {
        if *size == jobs {
            return Some(Arc::clone(pool));
        }
    }
    let pool = Arc::new(
        ThreadPoolBuilder::new()
            .num_threads(jobs)
            .thread_name(|i| format!("accordion-{i}"))
            .build()
            .ok()?,
    );
    *kept = Some((jobs, Arc::clone(&pool)));
    Some(pool)
}

/// `work` on the calling thread as a pool of one.
fn work_alone<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    match ThreadPoolBuilder::new()
        .num_threads(1)
        .use_current_thread()
        .build()
    {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    #[test]
    fn a_pool_of_the_asked_size_is_kept_and_reused() {
        let kept: Kept = Mutex::new(None);
        let first = pool_of(&kept, 3).unwrap();
        assert_eq!(first.current_num_threads(), 3);
        assert!(Arc::ptr_eq(&first, &pool_of(&kept, 3).unwrap()));
        let other = pool_of(&kept, 2).unwrap();
        assert_eq!(other.current_num_threads(), 2);
        assert!(!Arc::ptr_eq(&first, &other));
        assert_eq!(install(Some(3), rayon::current_num_threads), 3);
        let sum: u64 = install(Some(2), || (1..=100u64).into_par_iter().sum());
        assert_eq!(sum, 5050);
    }

    #[test]
    fn jobs_out_of_range_are_refused_naming_the_value() {
        for bad in [0, 257, 100_000, u64::MAX] {
            let err = check_jobs(Some(bad)).unwrap_err();
            assert!(
                matches!(
                    err,
                    Error::InvalidArgument {
                        argument: "jobs",
                        ..
                    }
                ),
                "{err}"
            );
            assert!(err.to_string().ends_with(&format!("got {bad}")), "{err}");
        }
        assert_eq!(check_jobs(Some(256)).unwrap(), Some(256));
    }
}
