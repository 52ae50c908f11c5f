//! Playing from the opening book ([`crate::book`]): in an even 19x19 game with a usual komi
//! (5.5 to 7.5), outside the KGS cleanup phase, when the book knows the position from
//! enough games and strong players chose a reply often without losing with it, the engine
//! plays one of those replies instead of searching (chosen at random in proportion to how
//! often each was played, seeded by the engine's seed and the position). `--book off`
//! turns it off.

use super::{Engine, Genmove};
use crate::board::{zobrist::splitmix, Color, Point};
use crate::book::{Book, BookPosition, PlayPolicy};
use crate::rules::Move;
use crate::search::{MoveInfo, Report};

/// The book's choice in a position, for the log and the tests.
#[derive(Clone, Debug, PartialEq)]
pub struct BookChoice {
    /// The point to play.
    pub point: Point,
    /// Games through the position.
    pub games: u32,
    /// Games in which the reply was played.
    pub played: u32,
    /// The mover's share of wins with it (one win and one loss added).
    pub win_rate: f64,
    /// Good replies there were to choose from.
    pub choices: usize,
}

/// The book's choice for `color` in `pos`: among the good replies (`policy`) that have a
/// point `allowed` says may be played, one at random in proportion to how often it was
/// played, then one of its equivalent points; `random` drives both draws.
pub fn choose(
    pos: &BookPosition,
    policy: &PlayPolicy,
    random: u64,
    allowed: impl Fn(Point) -> bool,
) -> Option<BookChoice> {
    let good = pos.good_replies(policy);
    let usable: Vec<_> = good
        .into_iter()
        .filter(|r| r.points.iter().any(|&p| allowed(p)))
        .collect();
    let reply = BookPosition::pick(&usable, random)?;
    let points: Vec<Point> = reply
        .points
        .iter()
        .copied()
        .filter(|&p| allowed(p))
        .collect();
    let second = splitmix(random).1;
    let point = *points.get((second % points.len().max(1) as u64) as usize)?;
    Some(BookChoice {
        point,
        games: pos.games,
        played: reply.played,
        win_rate: reply.win_rate(),
        choices: usable.len(),
    })
}

impl Engine {
    /// Whether the engine plays from the opening book (`--book`).
    pub fn book_enabled(&self) -> bool {
        self.settings.book
    }

    /// Turns playing from the opening book on or off.
    pub fn set_book(&mut self, on: bool) {
        self.settings.book = on;
    }

    /// The book's replies in the current position for `color` as root hints for the search
    /// (their shares of the book's games): where the book knows the position but too little
    /// to play from it, its moves still lead the search. Empty with `--book off`.
    pub fn book_hints(&self, color: Color) -> Vec<(Point, f64)> {
        if !self.settings.book {
            return vec![];
        }
        Book::embedded()
            .map(|b| b.hints(&self.game, color))
            .unwrap_or_default()
    }

    /// What the book knows of the current position with `color` to play, whether or not
    /// the engine would play from it; the error says why the book does not apply.
    pub fn book_position(&self, color: Color) -> Result<BookPosition, String> {
        let book = Book::embedded().ok_or("the built-in book is unusable")?;
        book.fits(&self.game)?;
        book.lookup(&self.game, color)
            .ok_or_else(|| "position not in the book".to_string())
    }

    /// The book's move for `color` in the current position, if the book is on and applies
    /// (see the module documentation): legal under the game's rules (superko included) and
    /// not among `how.barred`.
    pub fn book_choice(&self, color: Color, how: &Genmove) -> Option<BookChoice> {
        if !self.settings.book || how.cleanup {
            return None;
        }
        let book = Book::embedded()?;
        if let Err(why) = book.fits(&self.game) {
            log::debug!("book: not used ({why})");
            return None;
        }
        let pos = book.lookup(&self.game, color)?;
        let random = splitmix(
            self.settings.think.seed
                ^ self.game.board().hash()
                ^ (self.game.move_number() as u64).rotate_left(32),
        )
        .1;
        let allowed =
            |p: Point| !how.barred.contains(&p) && self.game.is_legal(color, Move::Play(p));
        let choice = choose(&pos, &PlayPolicy::default(), random, allowed);
        if choice.is_none() {
            log::info!(
                "book: position known from {} games, no reply played often enough: searching",
                pos.games
            );
        }
        choice
    }
}

/// A search-like report of a book move, for analysis clients: one visit (no search was
/// made; the book's game counts are in the log), the book's win rate and share as prior.
pub(super) fn book_report(color: Color, c: &BookChoice) -> Report {
    let info = MoveInfo {
        mv: Some(c.point),
        visits: 1,
        winrate: c.win_rate,
        score_lead: 0.0,
        prior: c.played as f64 / c.games.max(1) as f64,
        lcb: c.win_rate,
        pv: vec![Some(c.point)],
        ..MoveInfo::default()
    };
    Report {
        color: Some(color),
        winrate: c.win_rate,
        moves: vec![info],
        ..Report::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::BookReply;
    use crate::engine::Decision;
    use crate::engine::EngineOptions;

    fn engine(book: bool, seed: u64) -> Engine {
        let mut opts = EngineOptions::default();
        opts.settings.think.playouts = Some(50);
        opts.settings.think.threads = 1;
        opts.settings.think.seed = seed;
        opts.settings.book = book;
        Engine::new(&opts)
    }

    fn genmove() -> Genmove {
        Genmove {
            play: true,
            ..Genmove::default()
        }
    }

    /// The line (1 = edge) of a coordinate on 19x19.
    fn line(v: usize) -> usize {
        v.min(18 - v) + 1
    }

    #[test]
    fn the_opening_is_played_from_the_book_in_the_corners() {
        let mut seen = vec![];
        for seed in 1..=8 {
            let mut e = engine(true, seed);
            let c = e
                .book_choice(Color::Black, &genmove())
                .expect("a book move");
            let (x, y) = c.point.xy(19);
            let (a, b) = (line(x), line(y));
            assert!((3..=5).contains(&a) && (3..=5).contains(&b) && a.min(b) <= 4);
            assert_eq!(
                e.genmove(Color::Black, &genmove(), &mut |_| {}),
                Decision::Play(c.point),
                "the same seed repeats the choice"
            );
            assert_eq!(e.game().moves().len(), 1);
            assert!(e.last_report().is_none(), "no search ran");
            seen.push(c.point);
        }
        seen.sort();
        seen.dedup();
        assert!(seen.len() > 1, "seeds choose different corners: {seen:?}");
    }

    #[test]
    fn an_analysed_book_move_is_reported_once_before_it_is_played() {
        let mut e = engine(true, 3);
        let how = Genmove {
            interval: Some(std::time::Duration::from_millis(100)),
            ..genmove()
        };
        let mut reports = vec![];
        let d = e.genmove(Color::Black, &how, &mut |r| reports.push(r.clone()));
        let Decision::Play(p) = d else {
            panic!("{d:?}")
        };
        assert_eq!(reports.len(), 1, "{reports:?}");
        let best = &reports[0].moves[0];
        assert_eq!(best.mv, Some(p));
        // one visit: no search was made (the book's game counts are no visits)
        assert!(
            best.visits == 1 && best.winrate > 0.3 && best.winrate < 0.7,
            "{best:?}"
        );
        // without an interval no report is made
        let mut n = 0;
        e.genmove(Color::White, &genmove(), &mut |_| n += 1);
        assert_eq!(n, 0);
    }

    #[test]
    fn the_book_stays_out_when_off_or_the_game_does_not_fit() {
        let how = genmove();
        assert!(engine(false, 1).book_choice(Color::Black, &how).is_none());
        let mut e = engine(false, 1);
        e.genmove(Color::Black, &how, &mut |_| {});
        assert!(e.last_report().is_some(), "the search decided");
        let cleanup = Genmove {
            cleanup: true,
            ..genmove()
        };
        assert!(engine(true, 1)
            .book_choice(Color::Black, &cleanup)
            .is_none());
        let mut odd = engine(true, 1);
        odd.set_komi(0.5);
        assert!(odd.book_choice(Color::Black, &how).is_none());
        let mut small = engine(true, 1);
        small.set_boardsize(9).unwrap();
        assert!(small.book_choice(Color::Black, &how).is_none());
        assert!(engine(false, 1).book_position(Color::Black).is_ok());
        assert!(small
            .book_position(Color::Black)
            .unwrap_err()
            .contains("19x19"));
        let mut on = engine(false, 1);
        on.set_book(true);
        assert!(on.book_enabled() && on.book_choice(Color::Black, &how).is_some());
    }

    #[test]
    fn barred_and_illegal_points_are_never_chosen() {
        let pos = BookPosition {
            games: 1000,
            replies: vec![
                BookReply {
                    points: vec![Point::new(3, 3, 19), Point::new(15, 15, 19)],
                    played: 700,
                    known: 700,
                    wins: 350,
                },
                BookReply {
                    points: vec![Point::new(2, 3, 19)],
                    played: 300,
                    known: 300,
                    wins: 150,
                },
            ],
        };
        let p = PlayPolicy::default();
        for r in 0..200u64 {
            let c = choose(&pos, &p, splitmix(r).1, |q| q != Point::new(3, 3, 19)).unwrap();
            assert_ne!(c.point, Point::new(3, 3, 19));
            let only = choose(&pos, &p, r, |q| q == Point::new(2, 3, 19)).unwrap();
            assert_eq!((only.point, only.choices), (Point::new(2, 3, 19), 1));
        }
        assert!(choose(&pos, &p, 1, |_| false).is_none());
        // a whole game's barred root moves are respected by genmove too
        let e = engine(true, 1);
        let mut how = genmove();
        let first = e.book_choice(Color::Black, &how).unwrap().point;
        how.barred.push(first);
        let other = e.book_choice(Color::Black, &how).map(|c| c.point);
        assert_ne!(other, Some(first));
    }
}
