//! Counting and rating shared by the opening book's and the joseki dictionary's builders.
//!
//! The book (`tengen book build`, [`super::book`]) and the dictionary (`tengen book joseki`,
//! [`super::joseki`]) are built alike: both read the records but the newest `--holdout`
//! games, replay the first plies of each, count every position by its key and every reply
//! played from it ([`Tally`]), keep the positions and replies seen often enough, write the
//! file only if it reads back, and rate it on the held-out games ([`replay_openings`]).
//! What differs is theirs: the key (the whole board or a corner), what a reply counts
//! (results or plays) and what is kept.

use super::records::{Moves, Position, RawGame};
use std::collections::HashMap;
use std::hash::Hash;
use std::path::Path;

/// A hash map on the fast hasher the builders count with.
type Map<K, V> = HashMap<K, V, ahash::RandomState>;

/// What a builder counts per reply, and how one more game in which it was played adds to it.
pub trait Count: Default {
    /// What the game tells of the reply beside its being played (nothing, or its result).
    type Seen;
    /// Counts one more game in which the reply was played.
    fn add(&mut self, seen: Self::Seen);
}

/// The number of games in which a reply was played.
impl Count for u32 {
    type Seen = ();

    fn add(&mut self, _: ()) {
        *self += 1;
    }
}

/// One position a game went through: its key, and the reply played from it (its index for
/// the key and what the game tells of it) when that reply is counted.
pub type Sighting<I, S> = (u64, Option<(I, S)>);

/// Positions by key and the replies played from them (by key and reply index `I`), counted
/// over games.
pub struct Tally<I, C> {
    games: u32,
    reached: Map<u64, u32>,
    replies: Map<(u64, I), C>,
}

impl<I, C> Default for Tally<I, C> {
    fn default() -> Self {
        Tally {
            games: 0,
            reached: Map::default(),
            replies: Map::default(),
        }
    }
}

impl<I: Copy + Eq + Hash, C: Count> Tally<I, C> {
    /// Nothing counted.
    pub fn new() -> Self {
        Tally::default()
    }

    /// Replays `game`, `see` telling at every position the sightings to count there (none,
    /// one, or one per corner), and counts them once the whole game has replayed: a game
    /// with an illegal move counts nothing and the error says why.
    pub fn add_game(
        &mut self,
        game: &Moves,
        mut see: impl FnMut(&Position, &mut Vec<Sighting<I, C::Seen>>),
    ) -> Result<(), String> {
        let mut seen = Vec::with_capacity(game.moves.len());
        game.replay(|pos| see(pos, &mut seen))?;
        for (key, reply) in seen {
            *self.reached.entry(key).or_default() += 1;
            if let Some((index, s)) = reply {
                self.replies.entry((key, index)).or_default().add(s);
            }
        }
        self.games += 1;
        Ok(())
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The games counted and the replies `keep` keeps (told the times their position was
    /// reached and their counts), each made into what the file stores by `store`, grouped
    /// by position with the times it was reached; positions in no particular order (the
    /// file's `new` sorts them), a position without a kept reply left out.
    pub fn finish<R>(
        self,
        keep: impl Fn(u32, &C) -> bool,
        store: impl Fn(I, C) -> R,
    ) -> (u32, Vec<(u64, u32, Vec<R>)>) {
        let reached = self.reached;
        let times = |key: &u64| reached.get(key).copied().unwrap_or(0);
        let mut by_pos: Map<u64, Vec<R>> = Map::default();
        for ((key, index), c) in self.replies {
            if keep(times(&key), &c) {
                by_pos.entry(key).or_default().push(store(index, c));
            }
        }
        let positions = by_pos
            .into_iter()
            .map(|(key, rs)| (key, times(&key), rs))
            .collect();
        (self.games, positions)
    }
}

/// The first `plies` moves of `game` (its setup stones kept), or why it is not a game on a
/// board of `size`.
pub fn first_plies(game: &Moves, size: usize, plies: usize) -> Result<Moves, String> {
    if game.size != size {
        return Err(format!("{0}x{0} board", game.size));
    }
    Ok(Moves {
        size,
        setup: game.setup.clone(),
        moves: game.moves.iter().take(plies).copied().collect(),
    })
}

/// Replays the first `plies` moves of every game on a board of `size` (games on other
/// boards are skipped), calling `f` at every position: the walk of a builder's rating on
/// held-out games. An illegal move ends its game's replay.
pub fn replay_openings<'g>(
    games: impl IntoIterator<Item = &'g Moves>,
    size: usize,
    plies: usize,
    mut f: impl FnMut(&Position),
) {
    for m in games {
        let Ok(g) = first_plies(m, size, plies) else {
            continue;
        };
        let _ = g.replay(&mut f);
    }
}

/// What a builder read: how many games were damaged (refused by the count), and the
/// held-out games that parse, to rate on.
pub struct Counted {
    /// Games of the counted part that were skipped.
    pub damaged: usize,
    /// The newest games, not counted.
    pub held: Vec<Moves>,
}

/// Hands every game of `raw` before `split` (the records as
/// [`records::read_with_holdout`] returns them) to `count`, a game it refuses logged and
/// skipped as damaged; the games from `split` on are held out.
pub fn count_games(
    raw: &[RawGame],
    split: usize,
    mut count: impl FnMut(&RawGame) -> Result<(), String>,
) -> Counted {
    let mut damaged = 0;
    for g in &raw[..split] {
        if let Err(e) = count(g) {
            log::debug!("{}: skipped: {e}", g.name);
            damaged += 1;
        }
    }
    let held = raw[split..].iter().filter_map(|g| g.parse().ok()).collect();
    Counted { damaged, held }
}

/// Writes a built file to `out` once `reads_back` has read it back as it was written.
pub fn save<T, E: std::fmt::Display>(
    out: &Path,
    bytes: &[u8],
    reads_back: impl FnOnce(&[u8]) -> Result<T, E>,
) -> Result<(), String> {
    reads_back(bytes).map_err(|e| e.to_string())?;
    std::fs::write(out, bytes).map_err(|e| format!("{}: {e}", out.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Point};

    /// A game of `moves` (x, y) on 9x9, Black first.
    fn game(moves: &[(usize, usize)]) -> Moves {
        let colors = [Color::Black, Color::White];
        Moves {
            size: 9,
            setup: vec![],
            moves: moves
                .iter()
                .enumerate()
                .map(|(i, &(x, y))| (colors[i % 2], Some(Point::new(x, y, 9))))
                .collect(),
        }
    }

    /// Every position keyed by its move number, the reply by its x.
    fn by_number(pos: &Position, seen: &mut Vec<Sighting<u8, ()>>) {
        let reply = pos.played.map(|p| (p.xy(9).0 as u8, ()));
        seen.push((pos.number as u64, reply));
    }

    #[test]
    fn a_tally_counts_positions_and_replies_and_keeps_what_is_asked() {
        let mut t: Tally<u8, u32> = Tally::new();
        t.add_game(&game(&[(2, 2), (6, 6)]), by_number).unwrap();
        t.add_game(&game(&[(2, 2), (5, 5)]), by_number).unwrap();
        t.add_game(&game(&[(3, 3)]), by_number).unwrap();
        assert_eq!(t.games(), 3);
        let (games, mut kept) = t.finish(|reached, &n| reached >= 2 && n >= 2, |i, n| (i, n));
        kept.sort();
        // move 0 reached 3 times, x=2 played twice; move 1 reached twice, no reply twice
        assert_eq!((games, kept), (3, vec![(0, 3, vec![(2, 2)])]));
    }

    #[test]
    fn a_damaged_game_counts_nothing() {
        let mut t: Tally<u8, u32> = Tally::new();
        let e = t.add_game(&game(&[(2, 2), (2, 2)]), by_number).unwrap_err();
        assert!(e.contains("move 2 illegal"), "{e}");
        assert_eq!(t.games(), 0);
        assert!(t.finish(|_, _| true, |i, n| (i, n)).1.is_empty());
    }

    #[test]
    fn openings_are_cut_and_other_sizes_skipped() {
        let g = game(&[(2, 2), (6, 6), (4, 4)]);
        assert_eq!(first_plies(&g, 9, 2).unwrap().moves.len(), 2);
        assert_eq!(first_plies(&g, 19, 2).unwrap_err(), "9x9 board");
        let mut seen = 0;
        replay_openings([&g, &g], 9, 2, |_| seen += 1);
        replay_openings([&g], 19, 2, |_| seen += 100);
        assert_eq!(seen, 4);
    }
}
