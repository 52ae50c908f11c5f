//! Random positions for tests: stones dropped at random points, colours alternating.

use super::{Board9, Color, Point};
use rand::rngs::SmallRng;
use rand::RngExt;

/// A 9x9 board after `tries` stones tried at random points, Black and White in turn (an
/// illegal try is skipped, captures happen as in play).
pub(crate) fn scattered9(rng: &mut SmallRng, tries: usize) -> Board9 {
    let size = 9;
    let mut b = Board9::new(size).expect("size");
    for i in 0..tries {
        let p = Point::new(rng.random_range(0..size), rng.random_range(0..size), size);
        let _ = b.try_play(Color::BOTH[i % 2], p);
    }
    b
}
