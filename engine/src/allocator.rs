//! The memory allocator copydesk's processes run on: mimalloc instead of the C library's.
//!
//! A fan-out allocates and frees many small buffers per account on several threads at once (the
//! request and its headers, the answer, the row's outcome). In the `fan-out` driver the C library's
//! allocator spent a sixth of copydesk's CPU and a fifth of the market simulator's on that, much of it
//! merging freed chunks back together; mimalloc keeps a free list per thread and page and does not.
//! Measured side by side on one machine (`benches/README.md`, 2026-11-27): copydesk's CPU per account
//! and the fan-out's wall time both fall, for about 2 KiB more per idle account. Transparent huge
//! pages stay off for it (the `no_thp` feature): with them each thread's first small allocations
//! made the kernel back 2 MiB at a time, and a started copydesk sat at 66 MiB instead of 29.
//!
//! Every binary that runs copydesk's code declares it with [`process_allocator!`](crate::process_allocator)
//! at its root: the server, the market simulator and the benchmark drivers, so that what is measured
//! is what runs. Tests keep the system allocator (one of them counts bytes through its own).

/// The allocator type (a unit struct: `static A: ProcessAllocator = ProcessAllocator;`).
pub use mimalloc::MiMalloc as ProcessAllocator;

/// Declares [`ProcessAllocator`] the global allocator of the binary it is called in (once, at the
/// binary's root).
#[macro_export]
macro_rules! process_allocator {
    () => {
        #[global_allocator]
        static PROCESS_ALLOCATOR: $crate::allocator::ProcessAllocator =
            $crate::allocator::ProcessAllocator;
    };
}
