//! The work of a call, done so that Ctrl-C interrupts the wait for it.
//!
//! [`run`] hands the work to a worker thread and waits for its answer
//! without holding the interpreter (other Python threads go on
//! meanwhile), looking for signals every [`POLL`]: on Ctrl-C the call
//! raises `KeyboardInterrupt` at once. The library's long computations
//! (the engine, the octal solver, a claim's instances, the checker) have
//! no way to be stopped from outside, so an interrupted piece of work
//! finishes in the background, within the limits it was given, and its
//! answer is dropped; work that can stop between its own units looks at a
//! [`Cancel`] ([`run_cancellable`]: an audit skips the claims it has not
//! started).
//!
//! The worker threads are kept for the next calls (at most [`MAX_IDLE`]
//! waiting), so that a short call costs a hand-over between two threads,
//! not the start of one.

use crate::errors::{internal, settle, Outcome};
use pyo3::prelude::*;
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How long a waiting call sleeps between two looks for a signal (Ctrl-C):
/// a `KeyboardInterrupt` comes within about this time.
const POLL: Duration = Duration::from_millis(50);

/// The stack of a worker thread: more than a main thread's 8 MiB (the
/// parsers and the checker recurse, within their depth limits).
const WORK_STACK: usize = 16 << 20;

/// The most worker threads kept waiting between calls.
const MAX_IDLE: usize = 8;

/// Set when the caller stopped waiting for the work (a `KeyboardInterrupt`
/// or another exception raised by a signal handler): work that looks at it
/// between its units stops early. Its answer is dropped either way.
#[derive(Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// Whether the caller has stopped waiting.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `work` on a worker thread, catching a panic, while the calling
/// thread waits without the interpreter and answers Ctrl-C (the module's
/// documentation). A `Failure` becomes its exception, a panic an
/// `InternalError` with the panic's message.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> Outcome<T> + Send + 'static,
) -> PyResult<T> {
    run_cancellable(py, move |_| work())
}

/// [`run`], with a [`Cancel`] that the work can look at between its units
/// to stop early once the caller has stopped waiting.
pub fn run_cancellable<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(&Cancel) -> Outcome<T> + Send + 'static,
{
    type Answer<T> = Result<Outcome<T>, Box<dyn Any + Send>>;
    let cancel = Cancel::default();
    let (send, answer) = mpsc::sync_channel::<Answer<T>>(1);
    let job: Job = {
        let cancel = cancel.clone();
        Box::new(move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| work(&cancel)));
            // The caller may have stopped waiting: then nobody reads it.
            let _ = send.send(outcome);
        })
    };
    if let Err(job) = start(job) {
        // No thread to be had: the work runs on this one, without the
        // interpreter, and cannot be interrupted.
        py.detach(job);
    }
    // The receiver goes along with each wait (it may not be shared).
    let mut answer = answer;
    loop {
        let (received, back) = py.detach(move || (answer.recv_timeout(POLL), answer));
        answer = back;
        match received {
            Ok(outcome) => return settle(py, outcome),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupted) = py.check_signals() {
                    cancel.set();
                    return Err(interrupted);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(internal(
                    py,
                    Box::new("the thread doing the work ended without an answer"),
                ))
            }
        }
    }
}

/// A piece of work for a worker thread (it catches its own panics).
type Job = Box<dyn FnOnce() + Send>;

/// The worker threads waiting for a job, each as the sender of its
/// channel with the id of the process that started it: in a child made by
/// `fork` those threads do not exist, and their senders are never used.
static IDLE: Mutex<Vec<(u32, Sender<Job>)>> = Mutex::new(Vec::new());

/// Hands `job` to a waiting worker thread, or to a new one; gives it back
/// when no thread can be started.
fn start(mut job: Job) -> Result<(), Job> {
    while let Some(worker) = waiting_worker() {
        match worker.send(job) {
            Ok(()) => return Ok(()),
            Err(mpsc::SendError(back)) => job = back,
        }
    }
    let (worker, jobs) = mpsc::channel::<Job>();
    // The first job waits in a slot, so that it comes back if the thread
    // cannot be started.
    let first = Arc::new(Mutex::new(Some(job)));
    let take =
        |slot: &Mutex<Option<Job>>| slot.lock().unwrap_or_else(PoisonError::into_inner).take();
    let spawned = std::thread::Builder::new()
        .name("nimcert".to_string())
        .stack_size(WORK_STACK)
        .spawn({
            let first = Arc::clone(&first);
            move || serve(take(&first), worker, jobs)
        });
    match spawned {
        Ok(_) => Ok(()),
        Err(_) => take(&first).map_or(Ok(()), Err),
    }
}

/// A waiting worker thread of this process, if one is free at once.
fn waiting_worker() -> Option<Sender<Job>> {
    // Another thread holding the list (or a fork made while one held it)
    // means a new worker, not a wait.
    let mut idle = IDLE.try_lock().ok()?;
    let here = std::process::id();
    if idle.iter().any(|(process, _)| *process != here) {
        // Forked: the parent's threads are not here. Their senders are
        // forgotten, not dropped (dropping may touch the state of a
        // channel whose thread vanished mid-operation).
        let (ours, theirs): (Vec<_>, Vec<_>) =
            idle.drain(..).partition(|(process, _)| *process == here);
        theirs.into_iter().for_each(std::mem::forget);
        *idle = ours;
    }
    idle.pop().map(|(_, worker)| worker)
}

/// A worker thread: runs its first job, then offers itself for the next
/// (until [`MAX_IDLE`] others already wait, when it ends).
fn serve(first: Option<Job>, worker: Sender<Job>, jobs: Receiver<Job>) {
    if let Some(job) = first {
        job();
    }
    loop {
        {
            // As in `waiting_worker`: a list held elsewhere ends the thread.
            let Ok(mut idle) = IDLE.try_lock() else {
                return;
            };
            if idle.len() >= MAX_IDLE {
                return;
            }
            idle.push((std::process::id(), worker.clone()));
        }
        match jobs.recv() {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}
