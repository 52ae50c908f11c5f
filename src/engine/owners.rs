//! Who owns a point at the end of seeded playouts from the game's position: the playout
//! policy measured on its own (`tengen-playout_owner`, the tactics suite). The playouts run
//! by the code path and the settings the tree search's playouts use
//! ([`crate::search::playout::run`] with [`SearchParams::for_size`]), so `--param heavy_*`
//! settings apply, but from the root: no tree move comes before them.

use crate::board::{Board, Color, Point};
use crate::rules::{Game, Move};
use crate::search::params::SearchParams;
use crate::search::playout::{self, PlayoutState};
use crate::with_board;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// How many playouts ended with a point owned (a stone, or empty and reaching only one
/// colour's stones) by Black, by White, or by neither (dame, or a seki's shared liberty).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Owners {
    /// Playouts that ended with the point Black's.
    pub black: u32,
    /// Playouts that ended with the point White's.
    pub white: u32,
    /// Playouts that ended with the point nobody's.
    pub neither: u32,
}

/// Runs `playouts` playouts from `game`'s position with `to_move` first, the policy and
/// settings of `params` in force for the board's size, the random draws seeded by `seed`
/// alone (one generator and one playout state across the playouts, as one search thread
/// keeps them), and counts who owns `point` at the end of each. The same arguments give the
/// same counts. `point` must lie on the board.
pub fn playout_owners(
    game: &Game,
    params: &SearchParams,
    to_move: Color,
    point: Point,
    playouts: u32,
    seed: u64,
) -> Owners {
    let size = game.size();
    let params = params.for_size(size);
    let moves = game.moves();
    let last_of = |i: usize| match moves.len().checked_sub(i + 1).map(|j| moves[j].1) {
        Some(Move::Play(p)) => Some(p),
        _ => None,
    };
    let last = [last_of(0), last_of(1)];
    let komi = game.area_komi();
    let run = Run {
        to_move,
        last,
        komi,
        max_moves: 3 * size * size,
        point,
        playouts,
        seed,
    };
    with_board!(game.board(), b => run.count(b, &params))
}

/// One batch of playouts to count, with everything but the board and the settings.
struct Run {
    to_move: Color,
    last: [Option<Point>; 2],
    komi: f64,
    max_moves: usize,
    point: Point,
    playouts: u32,
    seed: u64,
}

impl Run {
    fn count<const W: usize, const P: usize>(
        &self,
        root: &Board<W, P>,
        params: &SearchParams,
    ) -> Owners {
        let size = root.size();
        let mut rng = SmallRng::seed_from_u64(self.seed);
        let mut state = PlayoutState::new(size);
        let mut record = Vec::with_capacity(4 * size * size);
        let mut owners = Owners::default();
        for _ in 0..self.playouts {
            let mut b = *root;
            record.clear();
            playout::run(
                &mut b,
                self.to_move,
                self.last,
                self.komi,
                self.max_moves,
                &mut rng,
                &params.playout,
                &mut state,
                &mut record,
            );
            let [black, white] = b.area_owners();
            if black.contains(self.point.idx()) {
                owners.black += 1;
            } else if white.contains(self.point.idx()) {
                owners.white += 1;
            } else {
                owners.neither += 1;
            }
        }
        owners
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Vertex;
    use crate::rules::Rules;

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    /// A 6x6 capture race that Black, to move, wins by taking White's chain on the right
    /// (two liberties) before his own (three) runs out.
    fn race() -> Game {
        Game::from_diagram(
            "\
            . . X O . .
            . . X O . .
            X X X O . .
            O O O X X X
            . . O X . .
            . . O X . .",
            Rules::default(),
        )
        .unwrap()
    }

    #[test]
    fn counts_add_up_and_repeat_under_a_seed() {
        let g = race();
        let p = SearchParams::default();
        let a = playout_owners(&g, &p, Color::Black, pt("D3", 6), 60, 5);
        assert_eq!(a.black + a.white + a.neither, 60);
        assert_eq!(a, playout_owners(&g, &p, Color::Black, pt("D3", 6), 60, 5));
        // another seed draws other playouts: on a contested point the counts move
        let seeds: Vec<Owners> = (0..6)
            .map(|s| playout_owners(&g, &p, Color::Black, pt("A6", 6), 60, s))
            .collect();
        assert!(seeds.iter().any(|o| *o != seeds[0]), "{seeds:?}");
    }

    #[test]
    fn a_chain_with_two_eyes_stays_and_a_dead_stone_goes() {
        // Black's wall lives with room for two eyes in the first row; White's lone stone at
        // E1 inside Black's area has nowhere to go.
        let g = Game::from_diagram(
            "\
            . . X . .
            X X X X X
            X X X X X
            X X X X X
            . X . . O",
            Rules::default(),
        )
        .unwrap();
        let p = SearchParams::default();
        for c in Color::BOTH {
            let o = playout_owners(&g, &p, c, pt("B1", 5), 50, 1);
            assert_eq!(o.black, 50, "{c}: {o:?}");
            let o = playout_owners(&g, &p, c, pt("E1", 5), 50, 1);
            assert_eq!(o.black, 50, "{c}: {o:?}");
        }
    }

    #[test]
    fn the_policy_in_force_decides() {
        // the same playouts under the light policy draw other moves than the heavy one
        let g = race();
        let heavy = SearchParams::default();
        let mut light = SearchParams::default();
        light.set("policy=light").unwrap();
        let run = |p: &SearchParams| {
            (0..4)
                .map(|s| playout_owners(&g, p, Color::White, pt("A6", 6), 50, s))
                .collect::<Vec<_>>()
        };
        assert_ne!(run(&heavy), run(&light));
    }
}
