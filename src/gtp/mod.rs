//! The GTP front end: framing and preprocessing ([`frame`]), the input/output loop
//! ([`io`]), the command table with its handlers ([`engine`]) and the analysis commands'
//! arguments and lines ([`analyze`]), GoGui's board graphics ([`gfx`]). The protocol layer holds no
//! game logic: it parses, calls the [`crate::engine::Engine`], and formats.

pub mod analyze;
pub mod engine;
pub mod frame;
pub mod gfx;
pub mod io;

pub use engine::{Gtp, Options};
