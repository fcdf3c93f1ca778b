//! The one runner of every long call, for both games: the work runs without
//! the GIL and stops on Ctrl-C, from whatever Python thread it was called, or
//! when the cancel scope it runs in is cancelled.
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
//! Besides, a call joins the cancel scopes it was called in (the
//! [`CancelToken`]s in the context variable `_cancel_scopes`, which
//! `accordion.CancelScope` sets): cancelling a scope, from any thread, raises
//! the flags of its calls alone, at once (no poll between), and a call made in
//! a scope already cancelled does no work.
//!
//! A call stopped by any of these waits for its worker to wind down (within a
//! chunk of work: milliseconds) and raises `KeyboardInterrupt` (from a signal,
//! the signal handler's own exception), or `accordion.CancelledError` when its
//! scope was cancelled first.

use super::errors::CancelledError;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

/// How often the waiting thread polls.
const POLL: Duration = Duration::from_millis(50);

/// Why a call was told to stop: not (yet), Ctrl-C or `interrupt()`, its scope.
const RUNNING: u8 = 0;
const INTERRUPTED: u8 = 1;
const CANCELLED: u8 = 2;

/// One running call: the flag its work polls, and why it was raised (the first
/// reason given wins).
struct Call {
    flag: Arc<AtomicBool>,
    why: AtomicU8,
}

impl Call {
    fn stop(&self, why: u8) {
        let _ = self
            .why
            .compare_exchange(RUNNING, why, Ordering::SeqCst, Ordering::SeqCst);
        self.flag.store(true, Ordering::SeqCst);
    }

    /// The exception a call stopped this way raises.
    fn error(&self) -> PyErr {
        if self.why.load(Ordering::SeqCst) == CANCELLED {
            CancelledError::new_err("cancelled: the accordion.CancelScope it ran in was cancelled")
        } else {
            PyKeyboardInterrupt::new_err("interrupted (Ctrl-C, or accordion.interrupt())")
        }
    }
}

/// The calls one cause stops together: every running call ([`interrupt_all`])
/// or those of one cancel scope.
struct Calls(Mutex<Vec<Weak<Call>>>);

impl Calls {
    const fn new() -> Calls {
        Calls(Mutex::new(Vec::new()))
    }

    fn join(&self, call: &Arc<Call>) {
        let mut calls = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        calls.retain(|weak| weak.strong_count() > 0);
        calls.push(Arc::downgrade(call));
    }

    fn leave(&self, call: &Arc<Call>) {
        let mut calls = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let gone = Arc::downgrade(call);
        calls.retain(|weak| weak.strong_count() > 0 && !weak.ptr_eq(&gone));
    }

    /// How many calls here are running now.
    fn running(&self) -> usize {
        let calls = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        calls.iter().filter(|weak| weak.strong_count() > 0).count()
    }

    /// Stop every call here; how many there were.
    fn stop_all(&self, why: u8) -> usize {
        let calls = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        calls
            .iter()
            .filter_map(Weak::upgrade)
            .map(|call| call.stop(why))
            .count()
    }
}

/// The calls running now.
static EVERY_CALL: Calls = Calls::new();

/// Stop every long call running now, in any thread (see :func:`accordion.interrupt`).
#[pyfunction]
#[pyo3(name = "_interrupt_all")]
pub fn interrupt_all() -> usize {
    EVERY_CALL.stop_all(INTERRUPTED)
}

/// A cancel scope's state, shared with the calls running in it.
struct Scope {
    cancelled: AtomicBool,
    calls: Calls,
}

/// The token of one :class:`accordion.CancelScope`: cancelling it stops the
/// long calls running in the scope, in any thread, and any started in it later.
#[pyclass(name = "_CancelToken", module = "accordion._core", frozen)]
pub struct CancelToken(Arc<Scope>);

#[pymethods]
impl CancelToken {
    #[new]
    fn new() -> CancelToken {
        CancelToken(Arc::new(Scope {
            cancelled: AtomicBool::new(false),
            calls: Calls::new(),
        }))
    }

    /// Stop the calls running in the scope, and refuse those started in it
    /// later; how many were running.
    fn cancel(&self) -> usize {
        // Raised before the calls are read: a call joining meanwhile sees it.
        self.0.cancelled.store(true, Ordering::SeqCst);
        self.0.calls.stop_all(CANCELLED)
    }

    /// Whether :meth:`cancel` was called.
    #[getter]
    fn cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::SeqCst)
    }

    /// How many long calls are running in the scope now.
    #[getter]
    fn running(&self) -> usize {
        self.0.calls.running()
    }
}

/// The context variable that holds the cancel scopes a call runs in, innermost
/// last (``accordion.CancelScope`` sets it; copied into the threads that
/// ``asyncio.to_thread`` and ``anyio.to_thread.run_sync`` start).
static SCOPES: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// [`SCOPES`], made on first use.
pub fn cancel_scopes(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    SCOPES
        .get_or_try_init(py, || {
            let default = PyDict::new(py);
            default.set_item("default", PyTuple::empty(py))?;
            let var = py
                .import("contextvars")?
                .getattr("ContextVar")?
                .call(("accordion_cancel_scopes",), Some(&default))?;
            Ok(var.unbind())
        })
        .map(|var| var.bind(py))
}

/// A call's place in the registry and in its scopes, given up when the call ends.
struct Registered {
    call: Arc<Call>,
    scopes: Vec<Arc<Scope>>,
}

impl Registered {
    fn new(py: Python<'_>) -> PyResult<Registered> {
        let call = Arc::new(Call {
            flag: Arc::new(AtomicBool::new(false)),
            why: AtomicU8::new(RUNNING),
        });
        EVERY_CALL.join(&call);
        let mut scopes = Vec::new();
        for token in cancel_scopes(py)?.call_method0("get")?.try_iter()? {
            let token = token?;
            let token = token.cast::<CancelToken>().map_err(PyErr::from)?;
            scopes.push(Arc::clone(&token.get().0));
        }
        let registered = Registered { call, scopes };
        for scope in &registered.scopes {
            scope.calls.join(&registered.call);
            // After joining: a cancel before the join is seen here, one after
            // it finds the call among the scope's.
            if scope.cancelled.load(Ordering::SeqCst) {
                registered.call.stop(CANCELLED);
            }
        }
        Ok(registered)
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        EVERY_CALL.leave(&self.call);
        for scope in &self.scopes {
            scope.calls.leave(&self.call);
        }
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
    let registered = Registered::new(py)?;
    let call = &registered.call;
    if call.flag.load(Ordering::SeqCst) {
        return Err(call.error()); // its scope was cancelled before it started
    }
    let cancel = &call.flag;
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
                if cancel.load(Ordering::SeqCst) {
                    Err(call.error())
                } else if main_thread_ended(py)? {
                    Err(PyKeyboardInterrupt::new_err(
                        "interrupted (Ctrl-C, or accordion.interrupt())",
                    ))
                } else {
                    Ok(())
                }
            });
            if let Err(error) = stop {
                call.stop(INTERRUPTED);
                interrupted = Some(error);
            }
        }
        let result = py.detach(|| worker.join()).map_err(|_| {
            PyRuntimeError::new_err("internal error: a worker thread of accordion panicked")
        })?;
        match interrupted {
            Some(error) => Err(error),
            // Raised after the last poll, as the work ended: still stopped.
            None if cancel.load(Ordering::SeqCst) => Err(call.error()),
            None => Ok(result),
        }
    })
}
