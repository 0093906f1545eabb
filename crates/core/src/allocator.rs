//! The server's allocator, mimalloc: how soon the memory it frees goes back to the system.

use std::sync::Once;
use std::time::Duration;

/// mimalloc's `purge_delay` option (its index in mimalloc.h, the same in versions 2 and 3).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// How long memory freed stays with mimalloc, in case it is wanted again, before going back.
const PURGE_DELAY_MS: std::ffi::c_long = 100;

/// How often the idle hand-back (`hand_back_while_idle`) looks for memory whose delay is over.
const IDLE_CHECK: Duration = Duration::from_millis(500);

/// Makes the server's allocator hand freed memory back to the system within 100 ms, where
/// mimalloc 3 waits a second: uploads free tens of MB at a time (a picture's own work is handed
/// back at once, `give_back_freed_memory`). Not sooner: at 10 ms, memory freed between requests
/// went back and was faulted in again by the next, about 3% of a two-word search's time, and
/// 100 ms answered 3% more of them (`bench/TUNING.md`, session 51) with the same peak RSS under
/// uploads. And keeps the process off transparent huge pages: a 2 MiB page stays
/// whole while any byte of it is in use, so the memory mimalloc hands back stayed counted (idle
/// RSS at a million pins, after one request of each kind, with a 64 MiB database cache: 116 to
/// 156 MB with them, 59 to 91 MB without). Called at start.
pub(crate) fn return_freed_memory_promptly() {
    // SAFETY: sets an option; mimalloc reads options atomically.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS) };
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
    hand_back_while_idle();
}

/// Returns the memory this thread's work freed to the system now, delay or not: a picture's
/// work frees hundreds of MB, which the next picture, allocating its own, would otherwise find
/// still counted against the machine (peak RSS of 8 large pictures at once: 813 MiB with the
/// delay, 466 MiB without). Elsewhere (tests) mimalloc holds nothing.
pub(crate) fn give_back_freed_memory() {
    // SAFETY: mi_collect only frees memory mimalloc holds and nobody uses.
    unsafe { libmimalloc_sys::mi_collect(true) };
}

/// Starts, once, a thread that hands back the memory whose delay is over. mimalloc only does
/// so when it allocates or frees, so after the last request of a busy moment the memory it had
/// freed stayed counted until the next (16 MB of the idle RSS at a million pins, after one
/// request of each kind: 99 MB, 83 MB once handed back).
fn hand_back_while_idle() {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        let started = std::thread::Builder::new()
            .name("freed-memory".into())
            .spawn(|| {
                // SAFETY: readies mimalloc's state for this thread, without which mi_collect
                // does nothing here (as on a thread that never allocated with it, as in tests).
                unsafe { libmimalloc_sys::mi_thread_init() };
                loop {
                    std::thread::sleep(IDLE_CHECK);
                    // SAFETY: as above; not forced, it hands back only what waited its delay.
                    unsafe { libmimalloc_sys::mi_collect(false) };
                }
            });
        if let Err(error) = started {
            tracing::warn!(
                "freed memory will go back to the system only as requests come: {error}"
            );
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    const BLOCKS: usize = 32;
    const BLOCK: usize = 1 << 20;

    /// Allocates, fills and frees `BLOCKS` blocks on a thread of its own, which then waits
    /// until `done` is dropped; returns where they were.
    fn allocate_and_free(done: std::sync::mpsc::Receiver<()>) -> Vec<usize> {
        let (freed, blocks) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            // SAFETY: each block is allocated, written within its size, then freed once.
            let blocks: Vec<_> = unsafe {
                let blocks: Vec<_> = (0..BLOCKS)
                    .map(|_| {
                        let block = libmimalloc_sys::mi_malloc(BLOCK).cast::<u8>();
                        block.write_bytes(1, BLOCK);
                        block
                    })
                    .collect();
                for &block in &blocks {
                    libmimalloc_sys::mi_free(block.cast());
                }
                blocks.into_iter().map(|block| block as usize).collect()
            };
            freed.send(blocks).unwrap();
            let _ = done.recv();
        });
        blocks.recv().unwrap()
    }

    /// How many of the memory pages of `blocks` are in memory.
    fn resident_pages(blocks: &[usize]) -> usize {
        let page = 4096;
        let mut resident = vec![0u8; BLOCK / page];
        let mut count = 0;
        for &block in blocks {
            let start = block / page * page;
            // SAFETY: mincore only reads the mapping's state into `resident`, one byte a page.
            let done =
                unsafe { libc::mincore(start as *mut _, BLOCK - page, resident.as_mut_ptr()) };
            assert_eq!(done, 0, "mincore: {}", std::io::Error::last_os_error());
            count += resident[..BLOCK / page - 1]
                .iter()
                .filter(|&&b| b & 1 == 1)
                .count();
        }
        count
    }

    /// Large blocks freed by a thread that then waits, as a request thread does once the
    /// requests stop: their memory is handed back within a few seconds, where without the idle
    /// hand-back it stays until that thread allocates again.
    #[test]
    fn memory_freed_before_an_idle_moment_goes_back_to_the_system() {
        return_freed_memory_promptly();
        let (_idle, done) = std::sync::mpsc::channel::<()>();
        let blocks = allocate_and_free(done);
        let waiting = Instant::now();
        loop {
            let resident = resident_pages(&blocks);
            if resident == 0 {
                break;
            }
            assert!(
                waiting.elapsed() < Duration::from_secs(5),
                "{resident} pages of the freed memory still in memory after 5 s"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}
