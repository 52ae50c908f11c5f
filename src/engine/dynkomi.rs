//! Dynamic komi: in a handicap game the search pretends White has extra komi, so that its
//! winrates stay away from 0 and 1 where every move looks the same (Pachi's linear dynkomi,
//! then an adjustment by the winrate). The komi of the game and its score never change; only
//! the playouts of the moves the engine plays see the extra komi.
//!
//! - Linear phase: `stone value x handicap stones` for White, falling linearly to zero by
//!   `moves` (200 on 19x19, scaled by the board's area).
//! - Then, while the engine's winrate is high (above [`GREEN`]), komi moves against it one
//!   point per move; when the winrate falls below [`ORANGE`] it moves back, never past zero
//!   (the engine never pretends to receive komi once the handicap has run out).

use crate::board::Color;
use crate::rules::Game;
use std::fmt;
use std::str::FromStr;

/// The largest board on which `handicap` mode leaves dynamic komi off.
pub const SMALL_BOARD: usize = 9;

/// When dynamic komi applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DynKomiMode {
    /// Never.
    Off,
    /// In handicap games on boards larger than 9x9 only (on 9x9 it lost games against GNU
    /// Go: see bench/README.md; Pachi does without it on small boards too).
    Handicap,
    /// Also in even games (the adjustment by winrate only: there is no handicap).
    On,
}

impl FromStr for DynKomiMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "off" => Ok(DynKomiMode::Off),
            "handicap" => Ok(DynKomiMode::Handicap),
            "on" => Ok(DynKomiMode::On),
            _ => Err(format!(
                "unknown dynamic komi mode '{s}' (off, handicap, on)"
            )),
        }
    }
}

impl fmt::Display for DynKomiMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DynKomiMode::Off => "off",
            DynKomiMode::Handicap => "handicap",
            DynKomiMode::On => "on",
        })
    }
}

/// Settings of dynamic komi.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DynKomiParams {
    /// When it applies.
    pub mode: DynKomiMode,
    /// Komi per handicap stone at the start.
    pub stone_value: f64,
    /// Moves of the linear phase on 19x19 (scaled by the board's area on other sizes).
    pub moves_19: usize,
}

impl DynKomiParams {
    /// Moves of the linear phase on this board.
    pub fn linear_moves(&self, size: usize) -> usize {
        (self.moves_19 as f64 * (size * size) as f64 / 361.0).round() as usize
    }

    fn applies(&self, game: &Game) -> bool {
        match self.mode {
            DynKomiMode::Off => false,
            DynKomiMode::Handicap => game.handicap() > 0 && game.size() > SMALL_BOARD,
            DynKomiMode::On => true,
        }
    }
}

/// Above this winrate the engine is comfortably ahead: komi moves against it.
pub const GREEN: f64 = 0.85;
/// Below this winrate komi moves back towards zero.
pub const ORANGE: f64 = 0.5;
/// Komi moved per move by the winrate adjustment.
const STEP: f64 = 1.0;

/// The dynamic komi of one game.
/// Its settings come with every call (the engine's settings, [`DynKomiParams`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DynKomi {
    /// Komi against the engine from the winrate adjustment (never negative).
    against: f64,
}

impl DynKomi {
    /// Forgets the adjustment (a new game).
    pub fn reset(&mut self) {
        self.against = 0.0;
    }

    /// The komi White gets on top of the game's in the search of `color`'s move now.
    pub fn white_extra(&self, p: &DynKomiParams, game: &Game, color: Color) -> f64 {
        if !p.applies(game) {
            return 0.0;
        }
        let m = game.move_number() as f64;
        let moves = p.linear_moves(game.size()) as f64;
        let linear = if m < moves {
            p.stone_value * game.handicap() as f64 * (1.0 - m / moves)
        } else {
            0.0
        };
        // the adjustment is against the engine: less komi for White, more for Black
        linear + color.sign() * self.against
    }

    /// Learns from the search of the engine's move (its best winrate, under the komi
    /// given): after the linear phase (from the start in even games), komi moves against a
    /// comfortable engine and back when the game gets close.
    pub fn observe(&mut self, p: &DynKomiParams, game: &Game, winrate: f64) {
        let linear = game.handicap() > 0 && game.move_number() < p.linear_moves(game.size());
        if !p.applies(game) || linear {
            return;
        }
        if winrate > GREEN {
            self.against += STEP;
        } else if winrate < ORANGE {
            self.against = (self.against - STEP).max(0.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Preset, Rules};

    fn handicap_game(size: usize, stones: usize) -> Game {
        let mut g = Game::new(size, Rules::preset(Preset::Chinese)).unwrap();
        if stones > 0 {
            let pts = Game::fixed_handicap_points(size, stones).unwrap();
            g.place_handicap(&pts).unwrap();
        }
        g
    }

    /// The settings' defaults with `mode`.
    fn params(mode: DynKomiMode) -> DynKomiParams {
        DynKomiParams {
            mode,
            ..crate::engine::Settings::default().dynkomi
        }
    }

    #[test]
    fn linear_phase_falls_to_zero() {
        let d = DynKomi::default();
        let p = &params(DynKomiMode::Handicap);
        let mut g = handicap_game(19, 3);
        assert_eq!(d.white_extra(p, &g, Color::White), 21.0);
        // the same komi whichever colour searches: White is the stronger player
        assert_eq!(d.white_extra(p, &g, Color::Black), 21.0);
        for i in 0..100 {
            let c = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            g.play(c, Move::Pass).unwrap_or(());
        }
        let half = d.white_extra(p, &g, Color::White);
        assert!((half - 10.5).abs() < 1e-9, "{half}");
        assert_eq!(p.linear_moves(9), 45);
        // handicap mode leaves small boards alone; `on` does not
        let small = handicap_game(9, 2);
        assert_eq!(d.white_extra(p, &small, Color::White), 0.0);
        assert_eq!(handicap_game(13, 2).handicap(), 2);
        assert!(d.white_extra(p, &handicap_game(13, 2), Color::White) > 0.0);
        assert!(d.white_extra(&params(DynKomiMode::On), &small, Color::White) > 0.0);
        // even games: nothing by default
        let even = handicap_game(19, 0);
        assert_eq!(d.white_extra(p, &even, Color::White), 0.0);
        assert_eq!(
            d.white_extra(&params(DynKomiMode::Off), &g, Color::White),
            0.0
        );
    }

    #[test]
    fn adjusts_by_winrate_after_the_linear_phase() {
        let mut d = DynKomi::default();
        let p = &params(DynKomiMode::On);
        let g = handicap_game(9, 0);
        // even game, no linear phase: a comfortable White gets komi taken away
        d.observe(p, &g, 0.95);
        d.observe(p, &g, 0.9);
        assert_eq!(d.white_extra(p, &g, Color::White), -2.0);
        d.observe(p, &g, 0.7);
        assert_eq!(d.white_extra(p, &g, Color::White), -2.0);
        // a close game gives it back, never more
        for _ in 0..5 {
            d.observe(p, &g, 0.4);
        }
        assert_eq!(d.white_extra(p, &g, Color::White), 0.0);
        // a comfortable Black gives White komi
        d.observe(p, &g, 0.99);
        assert_eq!(d.white_extra(p, &g, Color::Black), 1.0);
        d.reset();
        assert_eq!(d.white_extra(p, &g, Color::Black), 0.0);
    }
}
