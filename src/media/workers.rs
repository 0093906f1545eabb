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
        give_back_freed_memory();
        let _ = done.send(result);
    });
    result
        .await
        .map_err(|_| anyhow::anyhow!("a picture thread stopped before finishing its work"))
}

/// Returns the memory a picture's work freed to the system before its share of the memory budget
/// goes to the next picture. mimalloc, the server's allocator, keeps freed pages for a second in
/// case they are wanted again: hundreds of MB of a picture's buffers, which the next picture,
/// allocating its own, would find still counted against the machine (peak RSS of 8 large
/// pictures at once: 813 MiB with it, 466 MiB without). Elsewhere (tests) mimalloc holds nothing.
fn give_back_freed_memory() {
    // SAFETY: mi_collect only frees memory mimalloc holds and nobody uses.
    unsafe { libmimalloc_sys::mi_collect(true) };
}

/// mimalloc's `purge_delay` option (its index in mimalloc.h, the same in versions 2 and 3).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Makes the server's allocator hand freed memory back to the system within 100 ms, where
/// mimalloc 3 waits a second: uploads free tens of MB at a time (a picture's own work is handed
/// back at once, `give_back_freed_memory`). Not sooner: at 10 ms, memory freed between requests
/// went back and was faulted in again by the next, about 3% of a two-word search's time, and
/// 100 ms answered 3% more of them (`bench/TUNING.md`, session 51) with the same peak RSS under
/// uploads. And keeps the process off transparent huge pages: a 2 MiB page stays
/// whole while any byte of it is in use, so the memory mimalloc hands back stayed counted (idle
/// RSS at a million pins, after one request of each kind, with a 64 MiB database cache: 116 to
/// 156 MB with them, 59 to 91 MB without). Called at start.
pub fn return_freed_memory_promptly() {
    // SAFETY: sets an option; mimalloc reads options atomically.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 100) };
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority on the calling thread (its kernel id) only reads its arguments.
    unsafe {
        let thread = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, thread, NICENESS);
    }
}
