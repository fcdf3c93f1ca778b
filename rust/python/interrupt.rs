//! Long computations run without the GIL and stop on Ctrl-C.
//!
//! The work runs on a scoped worker thread while the calling thread, detached
//! from the interpreter, waits in short slices; between slices it attaches and
//! polls `check_signals`. On `KeyboardInterrupt` it raises the shared cancel flag,
//! which the core polls, waits for the worker to wind down and re-raises.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// How often the waiting thread polls for signals.
const POLL: Duration = Duration::from_millis(50);

/// Run `work(cancel)` off the GIL; a pending signal (Ctrl-C) sets `cancel` and
/// its exception is returned once `work` has returned.
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
    let cancel = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        let cancel_ref = &cancel;
        let worker = scope.spawn(move || {
            let result = work(cancel_ref);
            // The receiver outlives the worker inside this scope.
            let _ = done.send(());
            result
        });
        let mut interrupted = None;
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
            if interrupted.is_none() {
                if let Err(error) = py.check_signals().and_then(|()| on_poll()) {
                    cancel.store(true, Ordering::Relaxed);
                    interrupted = Some(error);
                }
            }
        }
        let result = py.detach(|| worker.join()).map_err(|_| {
            pyo3::exceptions::PyRuntimeError::new_err("internal error: the solver thread panicked")
        })?;
        match interrupted {
            Some(signal) => Err(signal),
            None => Ok(result),
        }
    })
}
