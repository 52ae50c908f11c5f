//! The match runner behind `tengen match`: plays games between two GTP engines with
//! clocks, forfeits, dead-stone settlement and scoring by Tengen's rules, and writes SGF
//! records, `games.jsonl`, `summary.json` and a table.

pub mod clock;
pub mod json;
pub mod process;
pub mod stats;
pub mod words;
