//! Outgoing fetches as jobs on threads of their own, never on the runtime's blocking pool, where
//! a slow site would starve the database and picture work: a bounded number at once (a person's
//! request waits a few seconds for its turn, then is asked to try again), a few per user, each
//! within a deadline, and all of them let go when the server stops.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore, oneshot, watch};

use crate::web::fetch::{Budget, stopping};
use corkboard_domain::config::FetchConfig;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_i18n::msg;

/// How long a person's request waits for a fetch job's turn.
const TURN_WAIT: Duration = Duration::from_secs(5);
/// How long past its deadline a job is awaited before its answer is given up.
const GRACE: Duration = Duration::from_secs(2);

/// Who a fetch job is for.
#[derive(Debug, Clone, Copy)]
pub enum For {
    /// A person's request: within their share of jobs, and a bounded wait for its turn.
    Person(UserId),
    /// The import runner, which bounds its own work: it waits for its turn.
    Runner,
}

/// The fetch jobs of a server.
pub struct FetchJobs {
    turns: Arc<Semaphore>,
    per_user: Arc<Mutex<HashMap<UserId, usize>>>,
    per_user_max: usize,
    job_time: Duration,
    stopping: Arc<AtomicBool>,
    stop: watch::Sender<bool>,
}

impl FetchJobs {
    pub fn new(config: &FetchConfig) -> FetchJobs {
        FetchJobs {
            turns: Arc::new(Semaphore::new(config.jobs_at_once.max(1))),
            per_user: Arc::default(),
            per_user_max: config.jobs_per_user.max(1),
            job_time: Duration::from_secs(config.job_seconds.max(1)),
            stopping: Arc::default(),
            stop: watch::channel(false).0,
        }
    }

    /// Lets every job go: those waiting or running answer at once that the server is stopping
    /// (a running thread ends at its next request or its timeout, unawaited).
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::Relaxed);
        self.stop.send_replace(true);
    }

    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::Relaxed)
    }
}

/// Runs `work`, which fetches within the budget it is given, as one of `jobs` for `who`, on a
/// thread of its own that holds `with` (what the work reads and writes).
pub(crate) async fn fetch_job<With: Send + 'static, T: Send + 'static>(
    jobs: &FetchJobs,
    with: With,
    who: For,
    work: impl FnOnce(&With, &Budget) -> AppResult<T> + Send + 'static,
) -> AppResult<T> {
    let mut stop = jobs.stop.subscribe();
    if *stop.borrow() {
        return Err(stopping());
    }
    let share = match who {
        For::Person(user) => Some(UserShare::take(jobs, user)?),
        For::Runner => None,
    };
    let turn = tokio::select! {
        turn = take_turn(jobs, who) => turn?,
        _ = stop.wait_for(|stopping| *stopping) => return Err(stopping()),
    };
    let budget = Budget::new(jobs.job_time, jobs.stopping.clone());
    let deadline = tokio::time::Instant::from_std(budget.deadline()) + GRACE;
    let (done, answer) = oneshot::channel();
    std::thread::Builder::new()
        .name("corkboard-fetch".into())
        .spawn(move || {
            // Held until the thread ends, so that at most `jobs_at_once` threads fetch.
            let _held = (turn, share);
            let _ = done.send(work(&with, &budget));
        })
        .map_err(|error| AppError::Internal(anyhow::Error::new(error)))?;
    tokio::select! {
        answer = answer => answer.map_err(|error| AppError::Internal(error.into()))?,
        _ = stop.wait_for(|stopping| *stopping) => Err(stopping()),
        () = tokio::time::sleep_until(deadline) => {
            Err(AppError::invalid("url", msg!("error-site-too-slow")))
        }
    }
}

async fn take_turn(jobs: &FetchJobs, who: For) -> AppResult<OwnedSemaphorePermit> {
    let turn = jobs.turns.clone().acquire_owned();
    let turn = match who {
        For::Runner => turn.await,
        For::Person(_) => tokio::time::timeout(TURN_WAIT, turn)
            .await
            .map_err(|_| AppError::RateLimited(msg!("error-too-many-downloads")))?,
    };
    turn.map_err(|error| AppError::Internal(error.into()))
}

/// One of a user's fetch jobs, given back when dropped.
struct UserShare {
    per_user: Arc<Mutex<HashMap<UserId, usize>>>,
    user: UserId,
}

impl UserShare {
    fn take(jobs: &FetchJobs, user: UserId) -> AppResult<UserShare> {
        let mut counts = jobs.per_user.lock().unwrap_or_else(|e| e.into_inner());
        let running = counts.entry(user).or_default();
        if *running >= jobs.per_user_max {
            return Err(AppError::RateLimited(msg!(
                "error-too-many-downloads-of-yours",
                count = *running
            )));
        }
        *running += 1;
        Ok(UserShare {
            per_user: jobs.per_user.clone(),
            user,
        })
    }
}

impl Drop for UserShare {
    fn drop(&mut self) {
        let mut counts = self.per_user.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(running) = counts.get_mut(&self.user) {
            *running -= 1;
            if *running == 0 {
                counts.remove(&self.user);
            }
        }
    }
}
