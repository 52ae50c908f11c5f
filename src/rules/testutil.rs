//! Test helpers: boards and games from ASCII diagrams, vertices from text.

use super::{parse_diagram, Game, Rules};
use crate::board::{AnyBoard, Color, Point, Vertex};

/// The point of GTP vertex `v` on a `size` board (panics on bad input: tests only).
pub fn pt(v: &str, size: usize) -> Point {
    v.parse::<Vertex>()
        .ok()
        .and_then(|v| v.to_point(size))
        .unwrap_or_else(|| panic!("bad vertex {v}"))
}

/// A board drawn in ASCII (see [`parse_diagram`]).
pub fn board(diagram: &str) -> AnyBoard {
    let (size, black, white) = parse_diagram(diagram).expect("diagram");
    let mut b = AnyBoard::new(size).expect("size");
    for (pts, c) in [(black, Color::Black), (white, Color::White)] {
        for p in pts {
            assert!(b.set_point(p, Some(c)));
        }
    }
    b
}

/// A game whose initial position is drawn in ASCII, Black to move.
pub fn game(diagram: &str, rules: Rules) -> Game {
    Game::from_diagram(diagram, rules).expect("diagram game")
}
