//! The referee inside the runner: legality of every move (ko, superko, suicide as the rules
//! say), end of game and scoring, all by Tengen's rules module.

use std::collections::BTreeSet;

use crate::board::{AnyBoard, Color, IllegalMove, Point};
use crate::rules::{Game, Move, Rules, SetupError, Status, StatusMap};

/// Reads `--rules`: any name [`crate::rules::parse_rules_name`] knows (presets and other
/// programs' names such as `chinese-ogs`), as `tengen --rules` and GTP read it.
pub fn parse_rules(name: &str) -> Result<Rules, String> {
    crate::rules::parse_rules_name(name)
        .map(|(rules, _)| rules)
        .ok_or_else(|| {
            format!(
                "unknown rules {name:?} (one of: {})",
                crate::rules::Preset::names()
            )
        })
}

/// The game as the runner sees it.
#[derive(Clone)]
pub struct Judge {
    game: Game,
}

fn to_move(m: Option<Point>) -> Move {
    match m {
        None => Move::Pass,
        Some(p) => Move::Play(p),
    }
}

impl Judge {
    /// A new empty game; `None` for an unsupported size.
    pub fn new(size: usize, rules: Rules, komi: f64) -> Option<Judge> {
        let mut game = Game::new(size, rules)?;
        game.set_komi(komi);
        Some(Judge { game })
    }

    /// Places Black's handicap stones on the empty board (White moves next), so that
    /// scoring gives White the rules' handicap bonus; nothing changes on error.
    pub fn place_handicap(&mut self, pts: &[Point]) -> Result<(), SetupError> {
        self.game.place_handicap(pts)
    }

    /// The number of handicap stones placed.
    pub fn handicap(&self) -> usize {
        self.game.handicap()
    }

    /// The board as it stands.
    pub fn board(&self) -> &AnyBoard {
        self.game.board()
    }

    /// Whether `c` may play `m` (`None` = pass) now, and why not.
    pub fn check(&self, c: Color, m: Option<Point>) -> Result<(), IllegalMove> {
        self.game.check(c, to_move(m))
    }

    /// Plays `m` for `c`; nothing changes on error.
    pub fn play(&mut self, c: Color, m: Option<Point>) -> Result<(), IllegalMove> {
        self.game.play(c, to_move(m))
    }

    /// Whether the rules end the game here (consecutive passes).
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Dead stones the rules module assumes without any engine's opinion (stones inside
    /// the opponent's pass-alive areas).
    pub fn default_dead(&self) -> BTreeSet<Point> {
        self.game
            .default_status()
            .dead_points()
            .into_iter()
            .collect()
    }

    /// The score with the stones of `dead` removed: black minus white (komi included) and the
    /// result text (`B+3.5`, `W+0.5`, `0`).
    pub fn score(&self, dead: &BTreeSet<Point>) -> (f64, String) {
        let mut status = StatusMap::new(self.game.board());
        for &p in dead {
            status.set(p, Status::Dead);
        }
        let s = self.game.score(&status);
        (s.margin(), s.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Vertex;

    fn pt(v: &str, size: usize) -> Option<Point> {
        v.parse::<Vertex>().ok().and_then(|v| v.to_point(size))
    }

    #[test]
    fn rules_names() {
        assert!(parse_rules("chinese").is_ok());
        assert!(parse_rules("Tromp_Taylor").is_ok());
        // KataGo's and OGS's names, as `tengen --rules` and GTP take them
        for (name, preset) in [
            ("chinese-ogs", crate::rules::Preset::Chinese),
            ("stone-scoring", crate::rules::Preset::Primitive),
            ("nz", crate::rules::Preset::NewZealand),
        ] {
            assert_eq!(parse_rules(name), Ok(Rules::preset(preset)), "{name}");
        }
        let e = parse_rules("martian").err().unwrap_or_default();
        assert!(e.contains("new-zealand"), "{e}");
    }

    #[test]
    fn judges_and_scores_with_dead_stones() {
        let rules = parse_rules("chinese").unwrap_or(Rules::preset(crate::rules::Preset::Chinese));
        let mut j = Judge::new(5, rules, 0.5).expect("5x5");
        assert_eq!(j.play(Color::Black, pt("C3", 5)), Ok(()));
        assert_eq!(
            j.check(Color::White, pt("C3", 5)),
            Err(IllegalMove::Occupied)
        );
        assert_eq!(j.play(Color::White, pt("A1", 5)), Ok(()));
        assert!(!j.is_over());
        assert_eq!(j.play(Color::Black, None), Ok(()));
        assert_eq!(j.play(Color::White, None), Ok(()));
        assert!(j.is_over());
        let none = BTreeSet::new();
        assert_eq!(j.score(&none), (-0.5, "W+0.5".to_string()));
        let dead: BTreeSet<Point> = pt("A1", 5).into_iter().collect();
        assert_eq!(j.score(&dead), (24.5, "B+24.5".to_string()));
    }

    #[test]
    fn handicap_stones_count_with_the_rules_bonus() {
        let pts = Game::fixed_handicap_points(9, 2).unwrap_or_default();
        let board_after_passes = |rules: &str| {
            let rules = parse_rules(rules).unwrap_or_default();
            let mut j = Judge::new(9, rules, 0.5).expect("9x9");
            assert_eq!(j.place_handicap(&pts), Ok(()));
            assert_eq!(j.handicap(), 2);
            assert_eq!(j.place_handicap(&pts), Err(SetupError::BoardNotEmpty));
            assert_eq!(j.play(Color::White, None), Ok(()));
            assert_eq!(j.play(Color::Black, None), Ok(()));
            assert!(j.is_over());
            j.score(&BTreeSet::new())
        };
        // area: 81 points for Black; White has komi and one point a handicap stone
        assert_eq!(board_after_passes("chinese"), (78.5, "B+78.5".to_string()));
        // territory: 79 empty points, no bonus
        assert_eq!(board_after_passes("japanese").0, 78.5);
    }
}
