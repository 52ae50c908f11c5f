//! Tengen: a Go engine without neural networks.
//!
//! - [`board`]: the bitboard core (chains, liberties, captures, simple ko, hashing).
//! - [`rules`]: rule sets, game history, superko, end of game and scoring.
//! - [`search`]: playouts and search.
//! - [`clock`]: time controls and the game clock, shared by the engine and the match runner.
//! - [`book`]: the 19x19 opening book (built from strong players' games).
//! - [`engine`]: the game, the searcher and the clock behind one API (no protocol).
//! - [`scorecmd`]: `tengen score`, the verdict on finished game records.

#![warn(missing_docs)]

pub mod arena;
pub mod board;
pub mod book;
pub mod clock;
pub mod engine;
pub mod gtp;
pub mod learn;
pub mod patterns;
pub mod rules;
pub mod scorecmd;
pub mod search;
pub mod sgf;
pub mod tactics;
