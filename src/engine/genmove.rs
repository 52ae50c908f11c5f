//! One road for every generated move ([`Engine::genmove`]), in four steps:
//!
//! 1. **plan**: the move's start, its search limits from the clock (or the playout count,
//!    or the rank's), and the extra komi the search gives White;
//! 2. **propose**: the opening book's move or a search, both as one [`Report`];
//! 3. **decide**, once: [`decide()`] turns the report into play, pass or resign under a
//!    [`Policy`] that holds the resign threshold, the resign streak and the rank's earliest
//!    resignation; at a rank, its stone then replaces the search's;
//! 4. **commit**: wait for the rank's pace, play the decision, charge the clock, ponder.
//!
//! The stop flag travels with the request ([`Genmove::stop`]): whoever asks for the move
//! can end its search early, and the move is decided on what the search found.

use super::book::book_report;
use super::decide::{decide, wants_resign, Decision, Policy, Standing};
use super::{Engine, RESIGN_TURNS};
use crate::board::{Color, Point};
use crate::rules::status::Class;
use crate::rules::{Count, GameScore, Move, Scoring, Status};
use crate::search::time::TimeLimit;
use crate::search::{Extras, Limits, Report, Request};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How to generate a move.
#[derive(Clone, Debug, Default)]
pub struct Genmove {
    /// KGS cleanup phase: capture every dead stone before passing, never resign.
    pub cleanup: bool,
    /// Root moves the search must not choose (`allow`/`avoid` of the analysis commands).
    pub barred: Vec<Point>,
    /// Report about this often during the search (`None`: no reports).
    pub interval: Option<Duration>,
    /// Play the decision on the board (`genmove`) or only return it (`reg_genmove`).
    pub play: bool,
    /// Set (from any thread) to end the search early; the move is decided on what it found.
    pub stop: Arc<AtomicBool>,
    /// At most this many playouts, whatever the clock allows (`maxvisits` of the
    /// `genmove_analyze` commands).
    pub max_visits: Option<u64>,
    /// At most this long, whatever the clock allows (`maxtime`).
    pub max_time: Option<Duration>,
    /// What the search gathers beyond the usual report (for the reports).
    pub extras: Extras,
}

/// Step 1's result: what bounds the move.
struct Plan {
    /// When the move was asked for (the clock is charged from here).
    started: Instant,
    /// The search's limits.
    limits: Limits,
    /// Komi the search gives White beyond the game's (dynamic komi).
    extra: f64,
}

/// Step 2's result: the book's move or the search's, as one report.
struct Proposal {
    report: Report,
    /// The report stands for a book move: it is played as it is.
    from_book: bool,
}

impl Engine {
    /// Generates a move for `color` (see the module documentation) and, when `how.play`,
    /// plays it. Reports go to `on_report` every `how.interval`. A generated move that the
    /// game refuses becomes a pass.
    pub fn genmove(
        &mut self,
        color: Color,
        how: &Genmove,
        on_report: &mut dyn FnMut(&Report),
    ) -> Decision {
        let plan = self.plan_move(color, how);
        let proposal = self.propose(color, how, &plan, on_report);
        let d = self.decide_move(color, how, &plan, &proposal.report, proposal.from_book);
        self.last = (!proposal.from_book).then_some(proposal.report);
        if !how.play {
            return d;
        }
        self.commit_move(color, d, &plan)
    }

    /// Step 1: the move's limits (capped as `how` asks) and the search's extra komi.
    fn plan_move(&mut self, color: Color, how: &Genmove) -> Plan {
        let started = Instant::now();
        self.settle();
        let mut limits = self.move_limits(color);
        if let Some(n) = how.max_visits {
            limits.playouts = Some(limits.playouts.map_or(n, |p| p.min(n)));
        }
        if let Some(t) = how.max_time {
            let cap = t.as_secs_f64();
            limits.time = Some(match limits.time {
                Some(mut l) => {
                    l.times.hard = l.times.hard.min(cap);
                    l.times.soft = l.times.soft.min(cap);
                    l
                }
                None => TimeLimit::at_most(cap),
            });
        }
        Plan {
            started,
            limits,
            extra: self
                .dynkomi
                .white_extra(&self.settings.dynkomi, &self.game, color),
        }
    }

    /// Step 2: the book's move when the book applies (full strength only), otherwise a
    /// search within the plan's limits.
    fn propose(
        &mut self,
        color: Color,
        how: &Genmove,
        plan: &Plan,
        on_report: &mut dyn FnMut(&Report),
    ) -> Proposal {
        if self.settings.rank.is_none() {
            if let Some(c) = self.book_choice(color, how) {
                log::info!(
                    "book: {} from {} games ({} played it, mover won {:.0}%, {} good replies)",
                    c.point.vertex(self.game.size()),
                    c.games,
                    c.played,
                    100.0 * c.win_rate,
                    c.choices
                );
                let report = book_report(color, &c);
                if how.interval.is_some() {
                    // analysis clients (genmove_analyze) see the book's move before it is
                    // played: its games as visits, its mover's wins as the winrate
                    on_report(&report);
                }
                return Proposal {
                    report,
                    from_book: true,
                };
            }
        } else {
            // a rank's work is its playouts alone: nothing kept from earlier searches
            self.searcher.clear();
        }
        if let Some(hard) = plan.limits.time.map(|t| t.hard_deadline()) {
            // the dead stones the decision will need are judged on this move's clock: when a
            // pass may end the game (or in cleanup) before the search, in 30% of the time
            if how.cleanup || self.pass_would_end(color) {
                let now = Instant::now();
                self.confirmation_by(Some(now + hard.saturating_duration_since(now).mul_f64(0.3)));
            }
        }
        self.searcher.set_komi_offset(plan.extra);
        let hints = if self.settings.rank.is_none() {
            self.book_hints(color)
        } else {
            Vec::new()
        };
        let report = self.searcher.search(
            &Request::new(&self.game, color, plan.limits)
                .barred(&how.barred)
                .stop(&how.stop)
                .interval(how.interval)
                .hints(&hints)
                .extras(how.extras),
            on_report,
        );
        if let Some(best) = report.moves.first() {
            self.dynkomi
                .observe(&self.settings.dynkomi, &self.game, best.winrate);
        }
        Proposal {
            report,
            from_book: false,
        }
    }

    /// Step 3: play, pass or resign, decided once. A book move is played as it is.
    fn decide_move(
        &mut self,
        color: Color,
        how: &Genmove,
        plan: &Plan,
        report: &Report,
        from_book: bool,
    ) -> Decision {
        if from_book {
            return report
                .moves
                .first()
                .and_then(|m| m.mv)
                .map_or(Decision::Pass, Decision::Play);
        }
        // giving handicap, the game is not lost before the middle game
        let giving = self.game.handicap() > 0 && color == Color::White;
        let policy = Policy {
            resign_threshold: self.settings.resign_threshold,
            resign_from_move: if giving {
                self.settings.dynkomi.linear_moves(self.game.size())
            } else {
                0
            }
            .max(self.rank_resign_from()),
            komi_bonus: -color.sign() * plan.extra,
            resign_turns: RESIGN_TURNS,
            resign_streak: self.resign_streak(color),
        };
        let hard = plan.limits.time.map(|t| t.hard_deadline());
        let standing = self.standing(color, how, report, hard);
        let d = decide(report, &self.game, how.cleanup, &policy, &standing);
        self.note_resign_wish(
            color,
            wants_resign(report, &self.game, how.cleanup, &policy, &standing),
        );
        log::info!(
            "{} playouts for {color} ({}, White's extra komi {}), best {:?}: {d:?}",
            report.playouts,
            self.searcher.name(),
            plan.extra,
            report.moves.first().map(|m| (m.visits, m.winrate))
        );
        self.rank_move(color, d, report, how)
    }

    /// Step 4: the rank's pace, the decision on the board, the clock charged, pondering.
    fn commit_move(&mut self, color: Color, d: Decision, plan: &Plan) -> Decision {
        self.rank_pause(plan.started, plan.limits.time.map(|t| t.hard_deadline()));
        let d = self.commit(color, d);
        self.clock
            .charge(color, plan.started.elapsed().as_secs_f64());
        if self.settings.ponder
            && self.settings.rank.is_none()
            && d != Decision::Resign
            && !self.game.is_over()
        {
            self.searcher.ponder(&self.game, self.game.to_move());
        }
        d
    }

    /// What the decision needs to know of the game as it stands (see [`Standing`]): the
    /// opponent's chains the verdict calls dead, judged once: any of them matters in cleanup,
    /// the undecided ones when a pass would end the game.
    fn standing(
        &mut self,
        color: Color,
        how: &Genmove,
        report: &Report,
        deadline: Option<Instant>,
    ) -> Standing {
        let ends = self.pass_would_end(color);
        let (dead_opponent, undecided_dead) = if how.cleanup || ends {
            let verdicts = &self.confirmation_by(deadline).verdicts;
            let dead = || {
                verdicts
                    .iter()
                    .filter(|v| v.color == color.opponent() && v.status == Status::Dead)
            };
            (
                how.cleanup.then(|| dead().next().is_some()),
                ends && dead().any(|v| v.class == Class::Unknown),
            )
        } else {
            (None, false)
        };
        Standing {
            score_if_pass: self.score_if_pass(color, deadline),
            now: self.territory_now(report, color, deadline),
            dead_opponent,
            undecided_dead,
        }
    }

    /// The own turns in a row just before this one on which `color`'s search wanted to
    /// resign (a streak goes on only from the previous own turn).
    fn resign_streak(&self, color: Color) -> usize {
        let (n, at) = self.resign_streak[color.index()];
        if n > 0 && at + 2 == self.game.moves().len() {
            n
        } else {
            0
        }
    }

    /// Notes whether `color`'s search wanted to resign on this turn: a misjudged position
    /// alone does not give the game up ([`RESIGN_TURNS`]; KataGo's `resignConsecTurns`).
    fn note_resign_wish(&mut self, color: Color, wants: bool) {
        let n = if wants {
            self.resign_streak(color) + 1
        } else {
            0
        };
        self.resign_streak[color.index()] = (n, self.game.moves().len());
    }

    /// Whether a pass by `color` now ends the game (the opponent has just passed).
    fn pass_would_end(&self, color: Color) -> bool {
        let opponent_passed =
            matches!(self.game.moves().last(), Some(&(c, Move::Pass)) if c != color);
        opponent_passed
            && self.game.consecutive_passes() + 1 >= self.game.rules().end_passes as usize
    }

    /// The final score, dead stones judged, if `color` passes now and that ends the game
    /// (the opponent has just passed); `None` when a pass would not end it.
    fn score_if_pass(&mut self, color: Color, deadline: Option<Instant>) -> Option<GameScore> {
        if !self.pass_would_end(color) {
            return None;
        }
        let status = self.confirmation_by(deadline).status.clone();
        let mut after = self.game.clone();
        after.play(color, Move::Pass).ok()?;
        Some(after.score(&status))
    }

    /// Under territory counting, when the search's best stone lies where its playouts
    /// settle the owner: the count and score of the board as it stands, dead stones judged
    /// (the judgement is cached per position). `None` otherwise.
    fn territory_now(
        &mut self,
        report: &Report,
        color: Color,
        deadline: Option<Instant>,
    ) -> Option<(Count, GameScore)> {
        if self.game.rules().scoring != Scoring::Territory {
            return None;
        }
        let p = report.moves.first()?.mv?;
        let own = report.ownership.get(p.idx()).copied().unwrap_or(0.0) * color.sign();
        if own < 0.8 {
            return None;
        }
        let status = self.confirmation_by(deadline).status.clone();
        Some((self.game.count(&status), self.game.score(&status)))
    }

    /// Plays a decision on the board; a refused move becomes a pass.
    fn commit(&mut self, c: Color, d: Decision) -> Decision {
        self.engine_played[c.index()] = true;
        match d {
            Decision::Play(p) => match self.game.play(c, Move::Play(p)) {
                Ok(()) => d,
                Err(e) => {
                    log::error!("generated move {p:?} refused: {e}");
                    if let Err(e) = self.game.play(c, Move::Pass) {
                        log::error!("pass refused: {e}");
                    }
                    Decision::Pass
                }
            },
            Decision::Pass => {
                if let Err(e) = self.game.play(c, Move::Pass) {
                    log::error!("pass refused: {e}");
                }
                d
            }
            Decision::Resign => d,
        }
    }
}
