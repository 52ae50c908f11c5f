//! Conversions between [`GameRecord`] and [`Game`].

use super::{GameRecord, SgfError};
use crate::board::{Color, Point, Vertex};
use crate::rules::{Game, Move, Rules, Status, StatusMap};

/// Marks the count of `game`'s final position on `rec`'s last node, with the dead stones
/// and seki of `status`: TB and TW (each side's territory, dead enemy stones included: the
/// points the count gives it beside its living stones) and a comment naming the dead stones
/// and the stones in seki, so that Sabaki and GoGui show the count.
pub fn mark_count(rec: &mut GameRecord, game: &Game, status: &StatusMap) {
    let size = game.size();
    let board = game.board();
    let count = game.count(status);
    let mut owned: [Vec<Vertex>; 2] = [Vec::new(), Vec::new()];
    for p in board.points() {
        let Some(owner) = count.owner(p) else {
            continue;
        };
        // a living stone is no territory; an empty point or a dead enemy stone is
        if board.color_at(p) != Some(owner) {
            owned[owner.index()].push(p.vertex(size));
        }
    }
    for list in &mut owned {
        list.sort_by_key(|v| (v.y, v.x));
    }
    let [black, white] = owned;
    rec.territory_black = black;
    rec.territory_white = white;
    let words = |s: Status| -> Option<String> {
        let mut ps = status.points_with(s);
        ps.retain(|&p| board.color_at(p).is_some());
        ps.sort_by_key(|p| {
            let v = p.vertex(size);
            (v.y, v.x)
        });
        (!ps.is_empty()).then(|| {
            ps.iter()
                .map(|p| p.vertex(size).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    let mut lines = vec![format!(
        "Count: {}",
        rec.result
            .clone()
            .unwrap_or_else(|| game.score(status).to_string())
    )];
    lines.push(format!(
        "Dead: {}",
        words(Status::Dead).unwrap_or_else(|| "none".into())
    ));
    if let Some(seki) = words(Status::Seki) {
        lines.push(format!("Seki: {seki}"));
    }
    rec.end_comment = Some(lines.join("\n"));
}

fn to_points(vs: &[Vertex], size: usize) -> Result<Vec<Point>, SgfError> {
    vs.iter()
        .map(|v| {
            v.to_point(size)
                .ok_or_else(|| SgfError::BadPoint(v.to_string()))
        })
        .collect()
}

impl GameRecord {
    /// The record of a game: size, komi, rules, handicap, setup stones and moves (no names,
    /// no result: the caller adds those).
    pub fn from_game(game: &Game) -> GameRecord {
        let size = game.size();
        let mut rec = GameRecord::new(size, game.komi());
        rec.rules = Some(game.rules().to_string());
        rec.handicap = game.handicap();
        let (black, white) = game.setup_stones();
        let sorted = |ps: Vec<Point>| {
            let mut v: Vec<Vertex> = ps.into_iter().map(|p| p.vertex(size)).collect();
            v.sort_by_key(|v| (v.y, v.x));
            v
        };
        rec.setup_black = sorted(black);
        rec.setup_white = sorted(white);
        rec.moves = game
            .moves()
            .iter()
            .map(|&(c, m)| match m {
                Move::Pass => (c, None),
                Move::Play(p) => (c, Some(p.vertex(size))),
            })
            .collect();
        let natural = if rec.handicap > 0 {
            Color::White
        } else {
            Color::Black
        };
        let first = rec.moves.first().map(|m| m.0).unwrap_or(game.to_move());
        if first != natural || (rec.moves.is_empty() && !rec.setup_black.is_empty()) {
            rec.to_play = Some(first);
        }
        rec
    }

    /// Replays the record under `rules` (komi from the record): setup, handicap, then the
    /// moves before move number `upto` (1-based, as GTP `loadsgf` counts), or all of them.
    pub fn to_game(&self, mut rules: Rules, upto: Option<usize>) -> Result<Game, SgfError> {
        rules.komi = self.komi;
        let size = self.size;
        let mut game = Game::new(size, rules).ok_or(SgfError::BadSize(size.to_string()))?;
        let black = to_points(&self.setup_black, size)?;
        let white = to_points(&self.setup_white, size)?;
        let empty = to_points(&self.setup_empty, size)?;
        if self.handicap >= 2 && white.is_empty() && empty.is_empty() && !black.is_empty() {
            game.place_handicap(&black)
                .map_err(|e| SgfError::Setup(e.to_string()))?;
        } else if !(black.is_empty() && white.is_empty() && empty.is_empty()) {
            game.setup(&black, &white, &empty)
                .map_err(|e| SgfError::Setup(e.to_string()))?;
        }
        if let Some(c) = self.to_play {
            game.set_to_move(c);
        } else if let Some(&(c, _)) = self.moves.first() {
            game.set_to_move(c);
        }
        let n = upto.map_or(self.moves.len(), |u| {
            u.saturating_sub(1).min(self.moves.len())
        });
        for (i, &(c, v)) in self.moves.iter().take(n).enumerate() {
            let m = match v {
                None => Move::Pass,
                Some(v) => Move::Play(
                    v.to_point(size)
                        .ok_or_else(|| SgfError::BadPoint(v.to_string()))?,
                ),
            };
            game.play(c, m)
                .map_err(|why| SgfError::IllegalMove { number: i + 1, why })?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{parse, write};
    use super::*;
    use crate::rules::Preset;

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    #[test]
    fn game_round_trip() {
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        g.set_komi(5.5);
        for (c, v) in [
            (Color::Black, "E5"),
            (Color::White, "C3"),
            (Color::Black, "D4"),
        ] {
            g.play(c, Move::Play(pt(v, 9))).unwrap();
        }
        g.play(Color::White, Move::Pass).unwrap();
        let text = write(&GameRecord::from_game(&g));
        let back = parse(&text)
            .unwrap()
            .to_game(Rules::preset(Preset::Chinese), None)
            .unwrap();
        assert_eq!(back.board(), g.board());
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.komi(), 5.5);
        assert_eq!(back.to_move(), g.to_move());
        // up to move 3: the first two moves only
        let part = parse(&text)
            .unwrap()
            .to_game(Rules::preset(Preset::Chinese), Some(3))
            .unwrap();
        assert_eq!(part.moves().len(), 2);
    }

    #[test]
    fn the_count_is_marked_on_the_last_node() {
        let diagram = "
            5 . X O . .
            4 X X O . O
            3 . X O O .
            2 X X O . .
            1 . X O . .";
        let mut g = Game::from_diagram(diagram, Rules::preset(Preset::Chinese)).unwrap();
        g.set_komi(0.0);
        g.play(Color::Black, Move::Pass).unwrap();
        g.play(Color::White, Move::Pass).unwrap();
        let mut st = StatusMap::new(g.board());
        let mut rec = GameRecord::from_game(&g);
        mark_count(&mut rec, &g, &st);
        assert!(rec.territory_black.contains(&"A5".parse().unwrap()));
        assert!(rec.territory_white.contains(&"E5".parse().unwrap()));
        assert!(
            !rec.territory_white.contains(&"E4".parse().unwrap()),
            "a stone"
        );
        assert_eq!(rec.end_comment.as_deref(), Some("Count: W+5\nDead: none"));
        // a dead stone is named (and off the board for the count)
        st.set(pt("E4", 5), Status::Dead);
        mark_count(&mut rec, &g, &st);
        assert!(!rec.territory_black.contains(&"E4".parse().unwrap()));
        let text = write(&rec);
        assert!(text.contains("TB[ae][ac][aa]"), "{text}");
        assert!(text.contains("C[Count: "), "{text}");
        assert!(text.contains("Dead: E4"), "{text}");
        // TB/TW are markup: the record reads back the same
        let back = parse(&text).unwrap();
        assert_eq!(back.moves, rec.moves);
    }

    #[test]
    fn handicap_and_setup_round_trip() {
        let mut g = Game::new(13, Rules::preset(Preset::Japanese)).unwrap();
        g.place_handicap(&[pt("D4", 13), pt("K10", 13), pt("D10", 13)])
            .unwrap();
        g.play(Color::White, Move::Play(pt("G7", 13))).unwrap();
        let rec = GameRecord::from_game(&g);
        assert_eq!(rec.handicap, 3);
        let back = parse(&write(&rec))
            .unwrap()
            .to_game(Rules::preset(Preset::Japanese), None)
            .unwrap();
        assert_eq!(back.board(), g.board());
        assert_eq!(back.handicap(), 3);
        assert_eq!(back.to_move(), Color::Black);

        let rec = parse("(;SZ[9]AB[aa][bb]AW[cc]PL[W];W[dd];B[ee])").unwrap();
        let g = rec.to_game(Rules::preset(Preset::Chinese), None).unwrap();
        assert_eq!(g.board().stone_counts(), [3, 2]);
        assert_eq!(g.moves().len(), 2);
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn illegal_record_is_an_error() {
        let rec = parse("(;SZ[9];B[ee];W[ee])").unwrap();
        assert!(matches!(
            rec.to_game(Rules::preset(Preset::Chinese), None),
            Err(SgfError::IllegalMove { number: 2, .. })
        ));
    }
}
