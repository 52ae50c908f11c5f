//! The referee inside the runner: legality of every move, end of game and scoring.
//! INTERIM: simple ko and area scoring on the bare board until `tengen::rules` lands.

use std::collections::BTreeSet;

use crate::board::{AnyBoard, Color, IllegalMove, Point};

/// Names of the rule presets `--rules` accepts.
pub const PRESETS: [&str; 10] = [
    "chinese",
    "japanese",
    "korean",
    "aga",
    "new-zealand",
    "tromp-taylor",
    "ing",
    "primitive",
    "yasunaga",
    "traditional",
];

/// Checks a `--rules` name and returns its canonical form.
pub fn parse_rules(name: &str) -> Result<String, String> {
    let n = name.trim().to_ascii_lowercase().replace('_', "-");
    if PRESETS.contains(&n.as_str()) {
        Ok(n)
    } else {
        Err(format!(
            "unknown rules {name:?} (one of: {})",
            PRESETS.join(", ")
        ))
    }
}

/// The game as the runner sees it.
#[derive(Clone)]
pub struct Judge {
    board: AnyBoard,
    komi: f64,
    passes: usize,
}

impl Judge {
    /// A new empty game.
    pub fn new(size: usize, _rules: &str, komi: f64) -> Option<Judge> {
        Some(Judge {
            board: AnyBoard::new(size)?,
            komi,
            passes: 0,
        })
    }

    /// The board as it stands.
    pub fn board(&self) -> &AnyBoard {
        &self.board
    }

    /// Whether `c` may play `m` (`None` = pass) now, and why not.
    pub fn check(&self, c: Color, m: Option<Point>) -> Result<(), IllegalMove> {
        match m {
            None => Ok(()),
            Some(p) => {
                let mut b = self.board.clone();
                b.try_play(c, p).map(|_| ())
            }
        }
    }

    /// Plays `m` for `c`; nothing changes on error.
    pub fn play(&mut self, c: Color, m: Option<Point>) -> Result<(), IllegalMove> {
        match m {
            None => {
                self.board.pass();
                self.passes += 1;
            }
            Some(p) => {
                self.board.try_play(c, p)?;
                self.passes = 0;
            }
        }
        Ok(())
    }

    /// Whether the rules end the game here (consecutive passes).
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// Dead stones the rules module would assume without any engine's opinion.
    pub fn default_dead(&self) -> BTreeSet<Point> {
        BTreeSet::new()
    }

    /// The score with `dead` removed: black minus white (komi included) and the result text.
    pub fn score(&self, dead: &BTreeSet<Point>) -> (f64, String) {
        let mut b = self.board.clone();
        for &p in dead {
            b.set_point(p, None);
        }
        let mut s = [0.0f64; 2];
        let mut seen = BTreeSet::new();
        for p in b.points() {
            if let Some(c) = b.color_at(p) {
                s[c.index()] += 1.0;
            } else if !seen.contains(&p) {
                let mut region = vec![p];
                let mut stack = vec![p];
                seen.insert(p);
                let mut borders = [false; 2];
                while let Some(q) = stack.pop() {
                    for n in b.neighbors(q) {
                        match b.color_at(n) {
                            Some(c) => borders[c.index()] = true,
                            None => {
                                if seen.insert(n) {
                                    region.push(n);
                                    stack.push(n);
                                }
                            }
                        }
                    }
                }
                for c in Color::BOTH {
                    if borders[c.index()] && !borders[c.opponent().index()] {
                        s[c.index()] += region.len() as f64;
                    }
                }
            }
        }
        let margin = s[Color::Black.index()] - s[Color::White.index()] - self.komi;
        let text = if margin > 0.0 {
            format!("B+{margin}")
        } else if margin < 0.0 {
            format!("W+{}", -margin)
        } else {
            "0".to_string()
        };
        (margin, text)
    }
}
