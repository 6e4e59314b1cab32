//! Big buffers go back to the system as soon as they are freed. An Argon2 check takes
//! 19 MiB, an image being decoded up to 160 MB. glibc's malloc serves such sizes with mmap
//! and unmaps them on free, but after the first free it raises its threshold to the size
//! freed, so later ones come from per-thread heaps, which keep them: a burst of sign-ins left
//! hundreds of megabytes resident long after it was over. A fixed threshold keeps every
//! allocation of 1 MiB and more mapped on its own, and returned on free.

/// Allocations at least this big are mapped on their own and unmapped on free.
const OWN_MAPPING_FROM: i32 = 1024 * 1024;

/// Call first thing in `main`, before threads start.
pub fn give_back_big_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt(3) only sets a malloc tunable; M_MMAP_THRESHOLD takes a byte count
    // (at most 32 MiB on 64-bit). Called before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_MAPPING_FROM);
    }
}
