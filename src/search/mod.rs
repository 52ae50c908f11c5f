//! Playouts and search.

pub mod bench;
pub mod playout;
