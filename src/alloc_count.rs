//! A counting allocator for the library's tests: every thread counts its own allocations,
//! so a test can check that a hot path (a playout, an expansion's priors) allocates nothing
//! while other tests run beside it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting each thread's allocations.
struct Counting;

thread_local! {
    /// Allocations (and reallocations) made by this thread so far.
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // no lazy initialisation, no destructor: safe to touch from inside the allocator
    let _ = COUNT.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is passed on unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is the system allocator's
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as above
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as above
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations this thread has made so far.
pub fn allocations() -> u64 {
    COUNT.try_with(Cell::get).unwrap_or(0)
}

#[test]
fn counts_this_threads_allocations_only() {
    use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
    static GO: AtomicBool = AtomicBool::new(false);
    static DONE: AtomicBool = AtomicBool::new(false);
    let before = allocations();
    let v: Vec<u64> = Vec::with_capacity(10);
    assert_eq!(allocations(), before + 1);
    let _w: Vec<u8> = Vec::new();
    assert_eq!(allocations(), before + 1);
    let other = std::thread::spawn(|| {
        while !GO.load(SeqCst) {
            std::thread::yield_now();
        }
        for _ in 0..100 {
            std::hint::black_box(Vec::<u8>::with_capacity(8));
        }
        DONE.store(true, SeqCst);
    });
    let mid = allocations();
    GO.store(true, SeqCst);
    while !DONE.load(SeqCst) {
        std::thread::yield_now();
    }
    assert_eq!(
        allocations(),
        mid,
        "the other thread's allocations counted here"
    );
    other.join().unwrap_or(());
    drop(v);
}
