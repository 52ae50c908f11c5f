//! Playouts and search.

pub mod bench;
pub mod flat;
pub mod playout;
