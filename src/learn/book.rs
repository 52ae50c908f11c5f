//! `tengen book build`: counts the first plies of game records into an opening book.
//! Every position before ply `--plies` is keyed by its canonical form; it counts the games
//! through it and, per reply, the games it was played in, those with a known result and
//! those its mover won (results from the records folder's `index.tsv`). Rare positions and
//! replies are left out so the file stays small. The newest `--holdout` games are not
//! read for the book: the book is rated on them instead (how often it knows the position
//! and would have played the move the strong player chose).

use super::counting::{self, Count, Tally};
use super::records::{self, Moves, RawGame};
use crate::board::Color;
use crate::book::symmetry::{self, Canonical};
use crate::book::{Book, BookReply, PlayPolicy, StoredReply};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `tengen book build`.
#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// A folder of records (Tom lines or SGF files, read recursively) or one file.
    #[arg(long)]
    pub records: PathBuf,
    /// The results: a tab-separated file with the game ID first and the result (`B+R`,
    /// `W+0.5`) sixth [default: index.tsv in the records folder; without it every result is
    /// unknown].
    #[arg(long)]
    pub index: Option<PathBuf>,
    /// The book file to write.
    #[arg(long, default_value = "src/book/tom19.book")]
    pub out: PathBuf,
    /// Positions counted per game, from the empty board.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub plies: u32,
    /// Fewest games through a position for it to be kept.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    pub min_games: u32,
    /// Fewest games a reply must have been played in to be kept.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub min_played: u32,
    /// The newest games, not read for the book; the book is rated on them.
    #[arg(long, default_value_t = 1000)]
    pub holdout: usize,
}

/// The winner a result string names (`B+...`, `W+...`); `None` for a draw, a void game or
/// a missing result.
pub fn winner(result: &str) -> Option<Color> {
    let r = result.trim();
    if r.starts_with("B+") {
        Some(Color::Black)
    } else if r.starts_with("W+") {
        Some(Color::White)
    } else {
        None
    }
}

/// The winners of the games of an index file (ID first, result sixth, tab-separated) by
/// game ID; lines without a known winner are left out.
pub fn read_index(text: &str) -> HashMap<String, Color> {
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Some((f.first()?.trim().to_string(), winner(f.get(5)?)?))
        })
        .collect()
}

/// The ID of a game (the text before the first tab of a Tom line); `None` for SGF.
pub fn game_id(g: &RawGame) -> Option<&str> {
    if g.sgf {
        return None;
    }
    g.text.split_once('\t').map(|(id, _)| id.trim())
}

/// The stones of the record's board in the form the key takes.
fn stones_of(b: &crate::board::Board19, size: usize) -> Vec<(Color, u8, u8)> {
    symmetry::stones(size, |p| b.color_at(p))
}

/// The first `plies` moves of a game, or why it cannot go into a book of `size`.
fn opening(m: &Moves, size: usize, plies: u32) -> Result<Moves, String> {
    let g = counting::first_plies(m, size, plies as usize)?;
    if !g.setup.is_empty() {
        return Err("setup stones".into());
    }
    Ok(g)
}

/// Counts of one reply while building: the games it was played in, those with a known
/// result and those its mover won.
#[derive(Clone, Copy, Default)]
struct Results {
    played: u32,
    known: u32,
    wins: u32,
}

impl Count for Results {
    /// Whether the reply's mover won the game (`None`: result unknown).
    type Seen = Option<bool>;

    fn add(&mut self, won: Option<bool>) {
        self.played += 1;
        if let Some(w) = won {
            self.known += 1;
            self.wins += u32::from(w);
        }
    }
}

/// The counts of games while the book is built.
pub struct Counter {
    size: usize,
    plies: u32,
    tally: Tally<u16, Results>,
}

impl Counter {
    /// An empty count for a book of `size` and depth `plies`.
    pub fn new(size: usize, plies: u32) -> Counter {
        Counter {
            size,
            plies,
            tally: Tally::new(),
        }
    }

    /// Counts the first plies of one game won by `winner` (`None`: result unknown). A game
    /// on another board, with setup stones or with an illegal move among those plies is
    /// not counted and the error says why.
    pub fn add(&mut self, game: &Moves, winner: Option<Color>) -> Result<(), String> {
        let g = opening(game, self.size, self.plies)?;
        let size = self.size;
        self.tally.add_game(&g, |pos, seen| {
            let c = Canonical::of(size, &stones_of(pos.board, size), pos.color);
            let reply = pos.played.map(|p| {
                let (x, y) = p.xy(size);
                (c.reply_index(x, y), winner.map(|w| w == pos.color))
            });
            seen.push((c.key, reply));
        })
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.tally.games()
    }

    /// The book: positions through which at least `min_games` games went, with the replies
    /// played in at least `min_played` of them (a position left without replies is left out).
    pub fn finish(self, min_games: u32, min_played: u32) -> Book {
        let (games, positions) = self.tally.finish(
            |reached, c| c.played >= min_played && reached >= min_games,
            |index, c| StoredReply {
                index,
                played: c.played,
                known: c.known,
                wins: c.wins,
            },
        );
        Book::new(self.size, self.plies, games, positions)
    }
}

/// How the book does on games it never read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rating {
    /// Positions looked up (the first plies of every game, passes left out).
    pub positions: u64,
    /// Positions the book knows.
    pub known: u64,
    /// Positions the book would play from ([`PlayPolicy`]).
    pub playable: u64,
    /// Of those, how often the game's move was one of the replies the book would choose.
    pub among_good: u64,
    /// Of the known positions, how often the game's move was the book's most played reply.
    pub top_match: u64,
}

/// Rates `book` on `games`: for every position of their first plies, whether it knows the
/// position, would play from it, and would have played the move chosen in the game.
pub fn rate(book: &Book, games: &[Moves], policy: &PlayPolicy) -> Rating {
    let mut r = Rating::default();
    let size = book.size();
    let openings = games.iter().filter(|m| m.setup.is_empty());
    counting::replay_openings(openings, size, book.plies() as usize, |pos| {
        let Some(played) = pos.played else {
            return;
        };
        r.positions += 1;
        let Some(bp) = book.lookup_stones(&stones_of(pos.board, size), pos.color) else {
            return;
        };
        r.known += 1;
        let has = |rep: &BookReply| rep.points.contains(&played);
        if bp.replies.first().is_some_and(has) {
            r.top_match += 1;
        }
        let good = bp.good_replies(policy);
        if !good.is_empty() {
            r.playable += 1;
            if good.iter().any(|rep| has(rep)) {
                r.among_good += 1;
            }
        }
    });
    r
}

/// Runs `tengen book build`: reads the records, counts, writes the book and prints a
/// summary (its last line one JSON object).
pub fn run_build(a: &BuildArgs) -> Result<(), String> {
    let t = Instant::now();
    let (raw, split) = records::read_with_holdout(&a.records, a.holdout)?;
    let index_path = a
        .index
        .clone()
        .unwrap_or_else(|| a.records.join("index.tsv"));
    let winners = match crate::files::read(&index_path, crate::files::RECORDS) {
        Ok(bytes) => read_index(&String::from_utf8_lossy(&bytes)),
        Err(e) if a.index.is_some() => return Err(format!("{}: {e}", index_path.display())),
        Err(_) => {
            log::warn!("{}: no index, every result unknown", index_path.display());
            HashMap::new()
        }
    };
    let mut counter = Counter::new(19, a.plies);
    let mut unknown = 0usize;
    let counting::Counted { damaged, held } = counting::count_games(&raw, split, |g| {
        let w = game_id(g).and_then(|id| winners.get(id).copied());
        g.parse().and_then(|m| counter.add(&m, w))?;
        unknown += usize::from(w.is_none());
        Ok(())
    });
    let counted = counter.games();
    let book = counter.finish(a.min_games, a.min_played);
    let bytes = book.to_bytes();
    counting::save(&a.out, &bytes, Book::from_bytes)?;
    let r = rate(&book, &held, &PlayPolicy::default());
    let pct = records::percent;
    println!(
        "{} games counted ({} damaged skipped, {} without a result), {} plies each",
        counted, damaged, unknown, a.plies
    );
    println!(
        "{} positions, {} replies, {} bytes written to {}",
        book.positions(),
        book.reply_count(),
        bytes.len(),
        a.out.display()
    );
    println!(
        "on the {} newest games (unseen): {} positions, book knows {}%, would play in {}%; \
         the game's move is the top reply in {}% of known positions and among the book's \
         choices in {}% of playable ones",
        held.len(),
        r.positions,
        pct(r.known, r.positions),
        pct(r.playable, r.positions),
        pct(r.top_match, r.known),
        pct(r.among_good, r.playable)
    );
    println!(
        "{}",
        serde_json::json!({
            "games": counted,
            "damaged": damaged,
            "unknown_results": unknown,
            "plies": a.plies,
            "positions": book.positions(),
            "replies": book.reply_count(),
            "bytes": bytes.len(),
            "holdout_games": held.len(),
            "holdout_known": pct(r.known, r.positions),
            "holdout_playable": pct(r.playable, r.positions),
            "holdout_top_match": pct(r.top_match, r.known),
            "holdout_among_good": pct(r.among_good, r.playable),
            "seconds": (t.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        })
    );
    Ok(())
}

/// The point of an SGF coordinate pair on a 19x19 board (`pd`: Q16), for tests.
#[cfg(test)]
pub(crate) fn sgf19(s: &str) -> crate::board::Point {
    let b = s.as_bytes();
    crate::board::Point::new((b[0] - b'a') as usize, 18 - (b[1] - b'a') as usize, 19)
}
