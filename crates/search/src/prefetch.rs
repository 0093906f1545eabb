//! Memory asked into the processor's cache ahead of its reads, so that waits on it overlap.

/// The size of a cache line.
const LINE: usize = 64;

/// Asks for the cache line of `at`, without waiting for it.
pub fn fetch<T>(at: &T) {
    line(std::ptr::from_ref(at).cast());
}

/// Asks for each cache line of the `len` bytes at `start`, without waiting for them.
pub fn lines(start: *const u8, len: usize) {
    for offset in (0..len).step_by(LINE) {
        line(start.wrapping_add(offset));
    }
}

#[cfg(target_arch = "x86_64")]
fn line(at: *const u8) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    // SAFETY: a prefetch never faults and changes nothing but the cache.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(at.cast()) };
}

#[cfg(not(target_arch = "x86_64"))]
fn line(_at: *const u8) {}
