//! The few threads, as many as the cores, that run a request's reads of the store and the index.

use anyhow::anyhow;
use rayon::{ThreadPool, ThreadPoolBuilder};

use corkboard_domain::error::{AppError, AppResult};

/// On tokio's blocking pool each read waiting at once started or woke a thread of its own: 16 of
/// them for 16 requests on 2 cores, taking turns, each with its caches and allocator pages gone
/// cold by its next turn. The same reads on as many threads as cores answered a signed-in pin
/// detail about 60% faster (`bench/TUNING.md`, session 28). Writes, fetches, files and picture
/// work, which wait on disks and networks, stay on the blocking pool.
pub(crate) struct ReadThreads(ThreadPool);

impl ReadThreads {
    /// As many threads as the cores (at least two, so that one slow read leaves room).
    pub fn start() -> anyhow::Result<ReadThreads> {
        let cores = std::thread::available_parallelism().map_or(2, |cores| cores.get());
        let pool = ThreadPoolBuilder::new()
            .num_threads(cores.max(2))
            .thread_name(|index| format!("corkboard-read-{index}"))
            // A read that panics ends with its answer's sender dropped, reported below; without
            // a handler rayon would abort the process.
            .panic_handler(|_| {})
            .build()?;
        Ok(ReadThreads(pool))
    }

    /// Runs `work` on one of the threads, in turn with the other reads.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        self.0.spawn(move || {
            // The request may have gone: nobody waits for this answer then.
            let _ = answer.send(work());
        });
        answered.await.map_err(|_| {
            AppError::Internal(anyhow!("a read stopped without an answer (a panic)"))
        })?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_read_that_panics_is_an_error_and_the_threads_go_on() {
        let threads = ReadThreads::start().unwrap();
        let failed = threads
            .run(|| -> AppResult<u32> { panic!("a broken read") })
            .await;
        assert!(matches!(failed, Err(AppError::Internal(_))), "{failed:?}");
        let answers = (0..8).map(|n| threads.run(move || Ok(n * 2)));
        let answers = futures_util::future::try_join_all(answers).await.unwrap();
        assert_eq!(answers, (0..8).map(|n| n * 2).collect::<Vec<_>>());
    }
}
