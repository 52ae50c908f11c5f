//! Rule sets, game history, superko, end of game and scoring.
//!
//! - [`ruleset`]: [`Rules`] (ko, suicide, scoring, end of game, handicap), the presets,
//!   [`parse_rules_name`] (the one parser of rule-set names), `kata-get-rules` JSON and
//!   [`parse_kata_rules`] (`kata-set-rules`: a name or KataGo's JSON), [`parse_kata_rule`]
//!   (`kata-set-rule`: one field).
//! - [`game`]: [`Game`], the board under a rule set with history, undo and checked play.
//! - [`score`]: chain status, counting and [`GameScore`].
//! - [`benson`]: Benson's unconditional life, for the default dead-stone status.
//! - [`status`]: status confirmation (Sekiguchi): first-class life, second-class life (seki)
//!   or none for every chain, by static life and local search.

pub mod benson;
pub mod game;
pub mod ruleset;
pub mod score;
pub mod status;

pub use benson::{pass_alive, PassAlive};
pub use game::{parse_diagram, Game, Handicap, Move, SetupError};
pub use ruleset::{
    parse_kata_rule, parse_kata_rules, parse_rules_name, HandicapBonus, KoRule, ParseRulesError,
    Preset, Rules, RulesChoice, Scoring, SuicideRule,
};
pub use score::{Count, GameScore, Status, StatusMap, Tally};

#[cfg(test)]
mod cases;
#[cfg(test)]
pub(crate) mod testutil;
