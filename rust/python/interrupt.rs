//! The one runner of every long call, for both games: the work runs without
//! the GIL and stops on Ctrl-C, from whatever Python thread it was called.
//!
//! The work runs on a scoped worker thread with a cancel flag of its own, which
//! the core polls; the calling thread, detached from the interpreter, waits in
//! short slices and between them attaches to:
//!
//! 1. poll `check_signals` (this delivers Ctrl-C, but only on the main thread);
//! 2. call the caller's `on_poll` (progress reports);
//! 3. see whether the flag was raised from outside: every running call's flag
//!    is in a registry, and [`interrupt_all`] raises them all. `accordion`
//!    chains a SIGINT handler that calls it before Python's own (see
//!    `python/accordion/_interrupt.py`), so Ctrl-C stops calls in every thread;
//!    `accordion.interrupt()` does the same from code;
//! 4. off the main thread, whether the main thread has ended (the interpreter
//!    is shutting down, e.g. after an uncaught `KeyboardInterrupt`, and would
//!    otherwise wait for this call to finish its whole batch).
//!
//! A call stopped by any of these waits for its worker to wind down (within a
//! chunk of work: milliseconds) and raises `KeyboardInterrupt` (from a signal,
//! the signal handler's own exception).

use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

/// How often the waiting thread polls.
const POLL: Duration = Duration::from_millis(50);

/// The cancel flags of the calls running now.
static RUNNING: Mutex<Vec<Weak<AtomicBool>>> = Mutex::new(Vec::new());

/// Stop every long call running now, in any thread (see :func:`accordion.interrupt`).
#[pyfunction]
#[pyo3(name = "_interrupt_all")]
pub fn interrupt_all() -> usize {
    let running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
    running
        .iter()
        .filter_map(Weak::upgrade)
        .map(|flag| flag.store(true, Ordering::Relaxed))
        .count()
}

/// A call's place in the registry, given up when the call ends.
struct Registered(Arc<AtomicBool>);

impl Registered {
    fn new() -> Registered {
        let flag = Arc::new(AtomicBool::new(false));
        let mut running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
        running.retain(|weak| weak.strong_count() > 0);
        running.push(Arc::downgrade(&flag));
        Registered(flag)
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
        running.retain(|weak| weak.strong_count() > 0 && !weak.ptr_eq(&Arc::downgrade(&self.0)));
    }
}

/// Whether the interpreter's main thread has ended (asked off the main thread only).
fn main_thread_ended(py: Python<'_>) -> PyResult<bool> {
    let threading = py.import("threading")?;
    let main = threading.call_method0("main_thread")?;
    if main.is(&threading.call_method0("current_thread")?) {
        return Ok(false);
    }
    Ok(!main.call_method0("is_alive")?.is_truthy()?)
}

/// Run `work(cancel)` off the GIL; Ctrl-C (see the module docs) raises
/// `cancel` and the call then raises `KeyboardInterrupt` once `work` has returned.
pub fn run_interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    run_interruptible_polling(py, work, || Ok(()))
}

/// As [`run_interruptible`], calling `on_poll` with the GIL held between waits
/// (to report progress); an error from it cancels the work like a signal.
pub fn run_interruptible_polling<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Arc<AtomicBool>) -> T + Send,
    mut on_poll: impl FnMut() -> PyResult<()>,
) -> PyResult<T> {
    let registered = Registered::new();
    let cancel = &registered.0;
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        let worker = std::thread::Builder::new()
            .name("accordion-call".into())
            .spawn_scoped(scope, move || {
                let result = work(cancel);
                // The receiver outlives the worker inside this scope.
                let _ = done.send(());
                result
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
        let mut interrupted: Option<PyErr> = None;
        let mut finished = Some(finished);
        loop {
            // The receiver is not `Sync`: lend it to the detached wait by value.
            let receiver = finished
                .take()
                .expect("the receiver is handed back each time");
            let (waited, receiver) = py.detach(move || (receiver.recv_timeout(POLL), receiver));
            finished = Some(receiver);
            if !matches!(waited, Err(mpsc::RecvTimeoutError::Timeout)) {
                break;
            }
            if interrupted.is_some() {
                continue;
            }
            let stop = py.check_signals().and_then(|()| on_poll()).and_then(|()| {
                if cancel.load(Ordering::Relaxed) || main_thread_ended(py)? {
                    Err(PyKeyboardInterrupt::new_err(
                        "interrupted (Ctrl-C, or accordion.interrupt())",
                    ))
                } else {
                    Ok(())
                }
            });
            if let Err(error) = stop {
                cancel.store(true, Ordering::Relaxed);
                interrupted = Some(error);
            }
        }
        let result = py.detach(|| worker.join()).map_err(|_| {
            PyRuntimeError::new_err("internal error: a worker thread of accordion panicked")
        })?;
        match interrupted {
            Some(error) => Err(error),
            // Raised after the last poll, as the work ended: still an interrupt.
            None if cancel.load(Ordering::Relaxed) => Err(PyKeyboardInterrupt::new_err(
                "interrupted (Ctrl-C, or accordion.interrupt())",
            )),
            None => Ok(result),
        }
    })
}
