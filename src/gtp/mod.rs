//! The GTP front end: framing and preprocessing ([`frame`]), the input/output loop
//! ([`io`]), the words of arguments ([`args`]), the command table with its handlers
//! ([`commands`]), the analysis commands' arguments and lines ([`analyze`]), the chat
//! (`kgs-chat`, gtp2ogs's lines: [`chat`]) and GoGui's board graphics ([`gfx`]). The protocol layer holds no game logic: it parses, calls the
//! [`crate::engine::Engine`], and formats.

pub mod analyze;
pub mod args;
pub mod chat;
pub mod commands;
pub mod frame;
pub mod gfx;
pub mod io;

pub use commands::{Gtp, Options};
