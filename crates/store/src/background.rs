//! Work run in a thread of its own when asked, one thread at a time, until nothing more was asked.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use corkboard_domain::error::AppResult;

/// One kind of background work (a sweep); cheap to clone, every clone the same work.
#[derive(Clone, Default)]
pub struct Background(Arc<State>);

#[derive(Default)]
struct State {
    /// Asked since the running thread last began its work.
    asked: AtomicBool,
    /// A thread runs the work.
    running: AtomicBool,
}

impl Background {
    /// Runs `work` in a thread of its own, unless one runs it already: that one runs it once more
    /// when it is done, so whatever was written before this call is seen. A failure is logged
    /// with `failed` and ends the thread; the next call tries again.
    pub fn ask(&self, failed: &'static str, work: impl Fn() -> AppResult<()> + Send + 'static) {
        let state = &self.0;
        state.asked.store(true, Ordering::SeqCst);
        if state.running.swap(true, Ordering::SeqCst) {
            return;
        }
        let state = self.0.clone();
        std::thread::spawn(move || {
            loop {
                state.asked.store(false, Ordering::SeqCst);
                let done = work();
                state.running.store(false, Ordering::SeqCst);
                if let Err(error) = done {
                    tracing::error!(?error, "{failed}");
                    return;
                }
                if !state.asked.load(Ordering::SeqCst) || state.running.swap(true, Ordering::SeqCst)
                {
                    return;
                }
            }
        });
    }

    /// Nothing asked waits and no thread runs (then the work reads and writes nothing more).
    pub fn idle(&self) -> bool {
        !self.0.running.load(Ordering::SeqCst) && !self.0.asked.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::sync::atomic::AtomicUsize;
    use std::time::{Duration, Instant};

    use super::*;

    fn wait_until_idle(background: &Background) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !background.idle() {
            assert!(Instant::now() < deadline, "the work never ended");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Every value written before an ask is seen by a run that begins after it, however the
    /// asks fall against a running thread, and one thread runs at a time.
    #[test]
    fn every_ask_is_followed_by_a_run_that_sees_it() {
        let background = Background::default();
        let written = Arc::new(AtomicUsize::new(0));
        let seen = Arc::new(AtomicUsize::new(0));
        let inside = Arc::new(Mutex::new(()));
        for value in 1..=2_000 {
            written.store(value, Ordering::SeqCst);
            let (written, seen, inside) = (written.clone(), seen.clone(), inside.clone());
            background.ask("never fails", move || {
                let _alone = inside.try_lock().expect("one thread at a time");
                seen.store(written.load(Ordering::SeqCst), Ordering::SeqCst);
                Ok(())
            });
        }
        wait_until_idle(&background);
        assert_eq!(seen.load(Ordering::SeqCst), 2_000);
    }

    #[test]
    fn a_failure_ends_the_thread_and_the_next_ask_runs_again() {
        let background = Background::default();
        let runs = Arc::new(AtomicUsize::new(0));
        for _ in 0..2 {
            let runs = runs.clone();
            background.ask("fails on purpose", move || {
                runs.fetch_add(1, Ordering::SeqCst);
                Err(corkboard_domain::error::AppError::Internal(
                    anyhow::anyhow!("on purpose"),
                ))
            });
            wait_until_idle(&background);
        }
        assert_eq!(runs.load(Ordering::SeqCst), 2);
    }
}
