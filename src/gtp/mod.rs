//! The GTP front end: framing and preprocessing ([`frame`]), the input/output loop
//! ([`io`]) and the command table with its handlers ([`engine`]). The protocol layer holds no
//! game logic: it parses, calls the [`crate::engine::Engine`], and formats.

pub mod engine;
pub mod frame;
pub mod io;

pub use engine::{Gtp, Options};
