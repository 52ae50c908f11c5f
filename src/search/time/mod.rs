//! Time management: the clock set by the controller (`time_settings`, `kgs-time_settings`,
//! `kata-time_settings`), kept by the engine itself between the controller's `time_left` reports (which carry whole
//! seconds only), and how long to think on one move: a soft limit (the usual think) and a
//! hard limit (what a search may use when the best move is unclear), and when a running
//! search may stop before them.
//!
//! The share of main time follows Pachi's and Fuego's time managers in idea: the moves still
//! to play are estimated from the empty points, the middle game gets more than the opening
//! and the endgame, main time is never spent faster than byo-yomi would allow, and a lag
//! margin is kept back from every move.

mod budget;
mod clock;
mod stop;

pub use budget::{MoveTime, Situation};
pub use clock::GameClock;
pub use stop::{stop_reason, Progress, StopReason, TimeLimit};
