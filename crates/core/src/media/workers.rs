//! The picture workers: one thread a core, at a lower CPU priority than the request handlers,
//! so that decoding and encoding pictures never makes pages slow to answer.

use std::sync::OnceLock;

use rayon::{ThreadPool, ThreadPoolBuilder};

/// How much nicer than the server picture threads are (Linux niceness, 0 to 19).
const NICENESS: libc::c_int = 10;

/// The shared pool of picture threads.
pub fn pool() -> &'static ThreadPool {
    static POOL: OnceLock<ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        ThreadPoolBuilder::new()
            .thread_name(|n| format!("picture-{n}"))
            .start_handler(|_| lower_priority())
            .panic_handler(|_| tracing::error!("a picture thread panicked"))
            .build()
            .expect("cannot start the picture threads")
    })
}

/// Runs `work` on a picture thread and waits for it without blocking the async runtime.
pub async fn run<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> anyhow::Result<T> {
    let (done, result) = tokio::sync::oneshot::channel();
    pool().spawn(move || {
        let result = work();
        crate::allocator::give_back_freed_memory();
        let _ = done.send(result);
    });
    result
        .await
        .map_err(|_| anyhow::anyhow!("a picture thread stopped before finishing its work"))
}

fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority on the calling thread (its kernel id) only reads its arguments.
    unsafe {
        let thread = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, thread, NICENESS);
    }
}
