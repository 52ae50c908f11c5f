//! `tengen book joseki`: counts the corner positions of game records into the local joseki
//! dictionary that the priors read ([`crate::book::joseki`]), and rates it on held-out games.

use super::counting::{self, Tally};
use super::records::{self, Moves};
use crate::board::{Board19, Point};
use crate::book::joseki::{in_corner, Joseki, LocalKey, CORNERS, MAX_REGION, SIZE};
use std::path::PathBuf;
use std::time::Instant;

/// The counts of games while the dictionary is built: corner positions and the times each
/// local reply was played.
pub struct Counter {
    region: usize,
    max_stones: u32,
    plies: usize,
    tally: Tally<u8, u32>,
}

impl Counter {
    /// An empty count of corners of `region` (2 to 10) with at most `max_stones` stones,
    /// over the first `plies` moves of each game.
    pub fn new(region: usize, max_stones: u32, plies: usize) -> Counter {
        Counter {
            region: region.clamp(2, MAX_REGION),
            max_stones: max_stones.clamp(1, 255),
            plies,
            tally: Tally::new(),
        }
    }

    /// Counts one game: every position whose last move lies in a young corner, and the
    /// reply when it was played in that corner too. A game not on 19x19 or with an
    /// illegal move among its first plies is not counted and the error says why.
    pub fn add(&mut self, game: &Moves) -> Result<(), String> {
        let g = counting::first_plies(game, SIZE, self.plies)?;
        let (region, max_stones) = (self.region, self.max_stones);
        self.tally.add_game(&g, |pos, seen| {
            let Some(last) = pos.last[0] else {
                return;
            };
            let (lx, ly) = last.xy(SIZE);
            let color_at = |x, y| pos.board.color_at(Point::new(x, y, SIZE));
            for corner in CORNERS {
                if !in_corner(corner, region, lx, ly) {
                    continue;
                }
                let Some(k) = LocalKey::of(&color_at, corner, region, pos.color, max_stones) else {
                    continue;
                };
                let reply = pos.played.and_then(|p| {
                    let (x, y) = p.xy(SIZE);
                    k.reply_index(x, y).map(|i| (i, ()))
                });
                seen.push((k.key, reply));
            }
        })
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.tally.games()
    }

    /// The dictionary: positions reached at least `min_reached` times, with the replies
    /// played at least `min_played` times and in at least `min_share` of them (a position
    /// left without replies is left out).
    pub fn finish(self, min_reached: u32, min_played: u32, min_share: f64) -> Joseki {
        let (games, positions) = self.tally.finish(
            |r, &n| r >= min_reached && n >= min_played && n as f64 >= min_share * r as f64,
            |index, n| (index, n),
        );
        Joseki::new(self.region, self.max_stones, games, positions)
    }
}

/// How the dictionary does on games it never read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rating {
    /// Positions looked at (moves after a stone, within the plies).
    pub positions: u64,
    /// Positions the dictionary has replies for.
    pub known: u64,
    /// Of those, the ones whose game move was a local reply (in a corner of the last move).
    pub local: u64,
    /// Of the known ones, how often the game's move was the dictionary's top reply.
    pub top: u64,
    /// Of the known ones, how often the game's move was one of its replies.
    pub among: u64,
    /// Of the known ones, how often the learned patterns' most likely move was the game's
    /// move (the baseline the dictionary adds to).
    pub model_top: u64,
    /// Of the known and local ones, how often the game's move was the top reply.
    pub local_top: u64,
    /// Of the known and local ones, how often it was the learned patterns' top move.
    pub local_model_top: u64,
    /// Of the known ones, how often the top reply was right and the patterns' top move wrong.
    pub only_joseki: u64,
    /// Of the known ones, how often the patterns' top move was right and the top reply wrong.
    pub only_model: u64,
}

/// The point of the largest value (the first of equal ones); `None` when there is none.
fn best(values: impl Iterator<Item = (Point, f64)>) -> Option<Point> {
    values
        .fold(None::<(Point, f64)>, |m, h| match m {
            Some(m) if m.1 >= h.1 => Some(m),
            _ => Some(h),
        })
        .map(|m| m.0)
}

/// Rates `joseki` on the first `plies` moves of `games`: how often it has replies and
/// whether the strong player's move was its top reply or among them; beside it, how often
/// the learned patterns' top move was the game's move on the same positions.
pub fn rate(joseki: &Joseki, games: &[Moves], plies: usize) -> Rating {
    let mut r = Rating::default();
    let model = crate::patterns::model::Model::embedded();
    let mut hints = vec![];
    counting::replay_openings(games, SIZE, plies, |pos| {
        let (Some(last), Some(played)) = (pos.last[0], pos.played) else {
            return;
        };
        r.positions += 1;
        hints.clear();
        let b: &Board19 = pos.board;
        joseki.replies(
            SIZE,
            |x, y| b.color_at(Point::new(x, y, SIZE)),
            pos.color,
            last,
            &mut hints,
        );
        if hints.is_empty() {
            return;
        }
        r.known += 1;
        let (lx, ly) = last.xy(SIZE);
        let (px, py) = played.xy(SIZE);
        let local = CORNERS.iter().any(|&c| {
            in_corner(c, joseki.region(), lx, ly) && in_corner(c, joseki.region(), px, py)
        });
        r.local += u64::from(local);
        let hit = best(hints.iter().copied()) == Some(played);
        r.top += u64::from(hit);
        r.local_top += u64::from(hit && local);
        r.among += u64::from(hints.iter().any(|h| h.0 == played));
        if let Some(m) = model {
            let probs = m.move_probabilities(b, pos.color, pos.last[0], pos.last[1]);
            let model_hit = best(probs.into_iter()) == Some(played);
            r.model_top += u64::from(model_hit);
            r.local_model_top += u64::from(model_hit && local);
            r.only_joseki += u64::from(hit && !model_hit);
            r.only_model += u64::from(model_hit && !hit);
        }
    });
    r
}

/// Options of `tengen book joseki`.
#[derive(clap::Args, Debug)]
pub struct JosekiArgs {
    /// A folder of records (Tom lines or SGF files, read recursively) or one file.
    #[arg(long)]
    pub records: PathBuf,
    /// The dictionary file to write.
    #[arg(long, default_value = "src/book/joseki19.bin")]
    pub out: PathBuf,
    /// Side of the square corner region, in points (10: the quadrant up to the centre lines).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..=MAX_REGION as i64))]
    pub region: u32,
    /// Most stones in a corner for its position to count (a young corner).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=255))]
    pub max_stones: u32,
    /// Moves read per game, from the first.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub plies: u32,
    /// Fewest times a corner position must be reached to be kept.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    pub min_reached: u32,
    /// Fewest times a reply must have been played to be kept.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub min_played: u32,
    /// Smallest share of the times its position was reached a reply must have.
    #[arg(long, default_value_t = 0.05)]
    pub min_share: f64,
    /// The newest games, not read for the dictionary; it is rated on them.
    #[arg(long, default_value_t = 1000)]
    pub holdout: usize,
}

/// Runs `tengen book joseki`: reads the records, counts, writes the dictionary and prints a
/// summary with its rating on the held-out games (its last line one JSON object).
pub fn run_build(a: &JosekiArgs) -> Result<(), String> {
    let t = Instant::now();
    if !(0.0..=1.0).contains(&a.min_share) {
        return Err(format!("--min-share {} outside 0..1", a.min_share));
    }
    let (raw, split) = records::read_with_holdout(&a.records, a.holdout)?;
    let plies = a.plies as usize;
    let mut counter = Counter::new(a.region as usize, a.max_stones, plies);
    let counting::Counted { damaged, held } =
        counting::count_games(&raw, split, |g| g.parse().and_then(|m| counter.add(&m)));
    let counted = counter.games();
    let joseki = counter.finish(a.min_reached, a.min_played, a.min_share);
    let bytes = joseki.to_bytes();
    counting::save(&a.out, &bytes, Joseki::from_bytes)?;
    let r = rate(&joseki, &held, plies);
    let pct = records::percent;
    println!(
        "{counted} games counted ({damaged} damaged skipped), {plies} moves each, corners \
         of {0}x{0} with at most {1} stones",
        a.region, a.max_stones
    );
    println!(
        "{} positions, {} replies, {} bytes written to {}",
        joseki.positions(),
        joseki.reply_count(),
        bytes.len(),
        a.out.display()
    );
    println!(
        "on the {} newest games (unseen): {} positions, the dictionary has replies in {}%; \
         there the game's move is its top reply in {}% (learned patterns' top move: {}%; \
         only the dictionary right {}%, only the patterns {}%), among its replies in {}%, \
         local in {}%; of the local moves the top reply is {}% (the patterns' top {}%)",
        held.len(),
        r.positions,
        pct(r.known, r.positions),
        pct(r.top, r.known),
        pct(r.model_top, r.known),
        pct(r.only_joseki, r.known),
        pct(r.only_model, r.known),
        pct(r.among, r.known),
        pct(r.local, r.known),
        pct(r.local_top, r.local),
        pct(r.local_model_top, r.local),
    );
    println!(
        "{}",
        serde_json::json!({
            "games": counted,
            "damaged": damaged,
            "plies": plies,
            "region": a.region,
            "max_stones": a.max_stones,
            "positions": joseki.positions(),
            "replies": joseki.reply_count(),
            "bytes": bytes.len(),
            "holdout_games": held.len(),
            "holdout_positions": r.positions,
            "holdout_known": pct(r.known, r.positions),
            "holdout_top": pct(r.top, r.known),
            "holdout_model_top": pct(r.model_top, r.known),
            "holdout_among": pct(r.among, r.known),
            "holdout_local": pct(r.local, r.known),
            "holdout_local_top": pct(r.local_top, r.local),
            "holdout_local_model_top": pct(r.local_model_top, r.local),
            "holdout_only_joseki": pct(r.only_joseki, r.known),
            "holdout_only_model": pct(r.only_model, r.known),
            "seconds": (t.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        })
    );
    Ok(())
}
