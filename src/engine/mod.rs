//! The engine: the game, the searcher, the clock and the record metadata behind one API that
//! reports through callbacks (Stockfish's `Engine`, KataGo's `AsyncBot`). It knows no
//! protocol: [`crate::gtp`] parses commands, calls it and formats its answers.
//!
//! - [`mod@genmove`]: the one road of a generated move: plan, propose (book or search),
//!   decide, commit.
//! - [`mod@decide`]: the one place that turns a search report into play, pass or resign.
//! - [`owners`]: who owns a point after seeded playouts (the playout policy measured alone).

pub mod book;
pub mod decide;
pub mod dynkomi;
pub mod genmove;
pub mod owners;
pub mod rank;
pub mod settings;

pub use decide::{decide, Decision, Policy, Standing};
pub use dynkomi::{DynKomi, DynKomiMode, DynKomiParams};
pub use genmove::Genmove;
pub use owners::{playout_owners, Owners};
pub use rank::{Pace, Rank};
pub use settings::{Setting, Settings, SETTINGS};

use crate::board::{Color, IllegalMove, Point};
use crate::rules::status::estimate::{estimate_status, StatusCache};
use crate::rules::status::{confirm, ConfirmLimits, Confirmation};
use crate::rules::{Game, GameScore, Handicap, Move, Preset, Rules, SetupError, StatusMap};
use crate::search::flat::{FlatParams, FlatSearch};
use crate::search::params::SearchParams;
use crate::search::time::{GameClock, MoveTime, Situation, TimeLimit};
use crate::search::{Extras, Limits, Report, Request, Searcher, Think};
use crate::sgf::{GameRecord, SgfError};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Which move searcher plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Player {
    /// Flat Monte-Carlo (the baseline for matches).
    Flat,
    /// Monte-Carlo tree search.
    #[default]
    Tree,
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        match s.to_ascii_lowercase().as_str() {
            "flat" => Ok(Player::Flat),
            "tree" => Ok(Player::Tree),
            _ => Err(format!("unknown player '{s}' (flat, tree)")),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Flat => "flat",
            Player::Tree => "tree",
        })
    }
}

/// Start-up settings of the engine: the game's set-up, the player, and every setting by
/// name (the engine-wide ones in `settings`, the tree search's in `tree`).
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Rules at start and after `boardsize`.
    pub rules: Rules,
    /// Komi; `None` means the rules' own komi.
    pub komi: Option<f64>,
    /// The name the rules were chosen by (shown by `kata-get-rules`, written to SGF); `None`:
    /// the rules' own `Display`.
    pub rules_name: Option<String>,
    /// Board size at start.
    pub size: usize,
    /// Which searcher plays.
    pub player: Player,
    /// The engine-wide settings ([`SETTINGS`]).
    pub settings: Settings,
    /// The tree search's settings (`--param`).
    pub tree: SearchParams,
    /// The flat player's own settings.
    pub flat: FlatParams,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            rules: Rules::preset(Preset::Chinese),
            komi: None,
            rules_name: None,
            size: 19,
            player: Player::default(),
            settings: Settings::default(),
            tree: SearchParams::default(),
            flat: FlatParams::default(),
        }
    }
}

#[cfg(test)]
impl EngineOptions {
    /// The defaults on one thread (the same moves on every run), `playouts` a move (`None`:
    /// by time).
    pub(crate) fn for_tests(playouts: Option<u64>) -> EngineOptions {
        let mut o = EngineOptions::default();
        o.settings.think.threads = 1;
        o.settings.think.playouts = playouts;
        o
    }
}

/// The one factory of searchers: the engine's player and its status judge both come from
/// it, each with its [`Think`] (threads and seed) and the player's own settings; the tree
/// search takes at most `max_tree_mb` MiB, its workers' buffers included
/// ([`crate::search::uct::nodes_within`]).
pub fn make_searcher(
    player: Player,
    think: &Think,
    max_tree_mb: u64,
    tree: &SearchParams,
    flat: &FlatParams,
) -> Box<dyn Searcher> {
    match player {
        Player::Flat => Box::new(FlatSearch::new(think, flat.clone())),
        Player::Tree => Box::new(crate::search::uct::TreeSearch::new(
            think,
            SearchParams {
                max_nodes: crate::search::uct::nodes_within(
                    (max_tree_mb as usize) << 20,
                    think.threads,
                    tree,
                ),
                ..tree.clone()
            },
        )),
    }
}

/// The player's searcher and a one-thread searcher of the same kind for the dead-stone
/// judgement. The judge keeps one set of settings at every size (no small-board defaults,
/// [`SearchParams::same_at_every_size`]): its playout estimate is what the status suites
/// were measured with, and the small-board defaults were measured for choosing moves.
fn searchers(
    player: Player,
    settings: &Settings,
    tree: &SearchParams,
    flat: &FlatParams,
) -> (Box<dyn Searcher>, Box<dyn Searcher>) {
    let think = &settings.think;
    let judge = Think {
        threads: 1,
        ..think.clone()
    };
    let mb = settings.max_tree_mb;
    (
        make_searcher(player, think, mb, tree, flat),
        make_searcher(player, &judge, mb, &tree.clone().same_at_every_size(), flat),
    )
}

/// Why a setup request was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// No board of that size.
    BadSize,
    /// Handicap stones on a board that is not empty, or otherwise refused.
    Setup(SetupError),
    /// A record that cannot be replayed.
    Record(SgfError),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::BadSize => f.write_str("unacceptable size"),
            EngineError::Setup(e) => write!(f, "{e}"),
            EngineError::Record(e) => write!(f, "{e}"),
        }
    }
}

/// Playouts of an analysis that nobody stops (then it keeps reporting its last result).
const ANALYSIS_CAP: u64 = 50_000_000;

/// One analysis request ([`Engine::analyze`]): the moves it may not search, how often it
/// reports, when it ends by itself, and what it gathers beyond the usual report.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Root moves never searched (GTP's `allow`/`avoid`).
    pub barred: Vec<Point>,
    /// Time between reports.
    pub interval: Duration,
    /// End after this many playouts of this analysis (`None`: no limit).
    pub max_visits: Option<u64>,
    /// End after this long (`None`: no limit).
    pub max_time: Option<Duration>,
    /// What to gather beyond the usual report.
    pub extras: Extras,
}

impl Analysis {
    /// Whether the analysis ends by itself (a visit or time limit).
    pub fn limited(&self) -> bool {
        self.max_visits.is_some() || self.max_time.is_some()
    }
}

/// Own turns in a row on which the search must want to resign before Tengen resigns.
pub const RESIGN_TURNS: usize = 3;

/// Positions each local game of the status confirmation may visit under fixed work
/// (`--playouts` without a clock), where no time limit applies: about 0.3 s of reading.
const FIXED_WORK_NODES: u64 = 300_000;

/// The engine: one game, one searcher, one clock.
pub struct Engine {
    game: Game,
    /// The preset name the rules were chosen by (Japanese and Korean rules share their fields).
    rules_name: String,
    komi_explicit: bool,
    /// The engine-wide settings in force ([`SETTINGS`], [`Engine::set_setting`]).
    settings: Settings,
    /// The flat player's own settings.
    flat: FlatParams,
    player: Player,
    /// The tree search's settings (`--param`, [`Engine::set_search_param`]).
    tree: SearchParams,
    searcher: Box<dyn Searcher>,
    /// A one-thread searcher of the same kind for the dead-stone judgement, so that the
    /// verdict does not depend on the thread count.
    judge: Box<dyn Searcher>,
    clock: GameClock,
    /// Extra komi for the search in handicap games (its settings are in `settings`).
    dynkomi: DynKomi,
    /// The colours the engine has generated moves for (names in the record).
    engine_played: [bool; 2],
    /// Per colour, the own turns in a row whose search wanted to resign, and the number of
    /// moves in the game at the last of them (a streak goes on only from the previous turn).
    resign_streak: [(usize, usize); 2],
    /// The last search in this position, for `chat`.
    last: Option<Report>,
    /// Player names (and event) of the record last loaded, kept for [`Engine::record`].
    loaded: Option<GameRecord>,
    status: StatusCache,
    /// The game as it stood before the last `clear_board` or `boardsize`, until the
    /// position set up since is compared with it ([`Engine::settle`]): a controller that
    /// sends the whole game again for every move (gtp2ogs) continues the same game.
    replaced: Option<Game>,
    /// The draws of a ranked move and its pace.
    rank_rng: SmallRng,
}

/// The generator of a ranked move's draws and its pace, from the engine's seed.
fn rank_rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed ^ 0x5241_4e4b)
}

/// Whether `now` continues `before`: the same board size, rules, komi and setup stones,
/// and every move of `before` played again, in order, at the start of `now`'s moves.
pub fn continues(now: &Game, before: &Game) -> bool {
    let (a, b) = (now.moves(), before.moves());
    now.size() == before.size()
        && now.rules() == before.rules()
        && now.handicap() == before.handicap()
        && now.setup_stones() == before.setup_stones()
        && a.len() >= b.len()
        && a[..b.len()] == b[..]
}

impl Engine {
    /// A fresh engine with an empty board.
    pub fn new(opts: &EngineOptions) -> Engine {
        let mut rules = opts.rules;
        if let Some(k) = opts.komi {
            rules.komi = k;
        }
        let size = opts.size.clamp(2, 25);
        let game = match Game::new(size, rules) {
            Some(g) => g,
            None => Game::new(19, rules).unwrap_or_else(|| unreachable!("19x19 is valid")),
        };
        let (searcher, judge) = searchers(opts.player, &opts.settings, &opts.tree, &opts.flat);
        Engine {
            rules_name: opts
                .rules_name
                .clone()
                .unwrap_or_else(|| game.rules().to_string()),
            game,
            komi_explicit: opts.komi.is_some(),
            settings: opts.settings.clone(),
            flat: opts.flat.clone(),
            player: opts.player,
            tree: opts.tree.clone(),
            searcher,
            judge,
            clock: GameClock::default(),
            dynkomi: DynKomi::default(),
            engine_played: [false; 2],
            resign_streak: [(0, 0); 2],
            last: None,
            loaded: None,
            status: StatusCache::default(),
            replaced: None,
            rank_rng: rank_rng(opts.settings.think.seed),
        }
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The name the rules in force were chosen by.
    pub fn rules_name(&self) -> &str {
        &self.rules_name
    }

    /// Which searcher plays.
    pub fn player(&self) -> Player {
        self.player
    }

    /// The searcher's short name (`flat`, `tree`).
    pub fn searcher_name(&self) -> &'static str {
        self.searcher.name()
    }

    /// The tree search's settings in force.
    pub fn search_params(&self) -> &SearchParams {
        &self.tree
    }

    /// Sets one tree-search setting from `name=value` ([`SearchParams::set`]): the searchers
    /// are built anew with it (the tree kept between moves and the cached dead-stone
    /// judgement are dropped). On an error nothing changes.
    pub fn set_search_param(&mut self, assignment: &str) -> Result<(), String> {
        let mut tree = self.tree.clone();
        tree.set(assignment)?;
        self.tree = tree;
        self.rebuild_searchers();
        Ok(())
    }

    /// The tree-search settings in force on the current board: [`SearchParams::for_size`]
    /// of those given.
    pub fn search_params_in_force(&self) -> SearchParams {
        self.tree.for_size(self.game.size())
    }

    /// The searchers built anew from the settings in force (the tree kept between moves and
    /// the cached dead-stone judgement are dropped).
    fn rebuild_searchers(&mut self) {
        self.searcher.stop_pondering();
        (self.searcher, self.judge) =
            searchers(self.player, &self.settings, &self.tree, &self.flat);
        self.rank_rng = rank_rng(self.settings.think.seed);
        self.last = None;
        self.status.clear();
    }

    /// Forgets what earlier searches found (`clear_cache`): the search tree, pondering, the
    /// last report and the cached dead-stone judgement; the game stays as it is.
    pub fn clear_cache(&mut self) {
        self.searcher.clear();
        self.judge.clear();
        self.status.clear();
        self.last = None;
    }

    /// The clock in force.
    pub fn clock(&self) -> &GameClock {
        &self.clock
    }

    /// The last search report in this position (cleared by every change of position).
    pub fn last_report(&self) -> Option<&Report> {
        self.last.as_ref()
    }

    /// How many dead-stone judgements were computed (not served from the cache).
    pub fn status_judgements(&self) -> u64 {
        self.status.computed()
    }

    // ----- setup ---------------------------------------------------------------------------

    /// A new empty board of `size` (rules and komi kept). Whether this starts a new game
    /// is decided on the first search ([`Engine::settle`]).
    pub fn set_boardsize(&mut self, size: usize) -> Result<(), EngineError> {
        if !(2..=25).contains(&size) {
            return Err(EngineError::BadSize);
        }
        let game = Game::new(size, *self.game.rules()).ok_or(EngineError::BadSize)?;
        self.keep_replaced();
        self.game = game;
        self.last = None;
        Ok(())
    }

    /// Empties the board (size, rules and komi kept). Whether this starts a new game is
    /// decided on the first search ([`Engine::settle`]).
    pub fn clear(&mut self) {
        self.keep_replaced();
        self.game.clear();
        self.last = None;
    }

    /// Keeps the game about to be replaced for [`Engine::settle`] (the first of several
    /// `boardsize`/`clear_board` in a row: the others replace an empty board).
    fn keep_replaced(&mut self) {
        if self.replaced.is_none() {
            self.replaced = Some(self.game.clone());
        }
    }

    /// Compares the position set up since the last `clear_board` or `boardsize` with the
    /// game before it. When it continues that game ([`continues`]), as a controller's
    /// replay of the whole game for the next move does (gtp2ogs), the game goes on: the
    /// search tree is re-rooted and reused, and the resign streak, dynamic komi, the
    /// dead-stone verdicts and the record's names carry over. Otherwise (another game, an
    /// undo past the common part, a changed komi or rules) a new game starts. Every search
    /// and everything that reads the game's history calls this first.
    pub fn settle(&mut self) {
        let Some(before) = self.replaced.take() else {
            return;
        };
        if continues(&self.game, &before) {
            if before.moves().is_empty() {
                return;
            }
            log::info!(
                "the position set up continues the game before it ({} of its {} moves)",
                before.moves().len(),
                self.game.moves().len()
            );
        } else {
            self.new_game();
        }
    }

    /// Whether the game was replaced (`clear_board`, `boardsize`) and the position set up
    /// since has not been compared with it yet.
    pub fn replay_pending(&self) -> bool {
        self.replaced.is_some()
    }

    fn new_game(&mut self) {
        self.engine_played = [false; 2];
        self.resign_streak = [(0, 0); 2];
        self.last = None;
        self.loaded = None;
        self.replaced = None;
        self.dynkomi.reset();
        self.searcher.clear();
        self.judge.clear();
        self.status.clear();
    }

    /// Sets the komi; it then stays when the rules change.
    pub fn set_komi(&mut self, komi: f64) {
        self.game.set_komi(komi);
        self.komi_explicit = true;
    }

    /// Sets the rules, chosen by `name`; an explicit komi stays.
    pub fn set_rules(&mut self, mut rules: Rules, name: &str) {
        if self.komi_explicit {
            rules.komi = self.game.komi();
        }
        self.game.set_rules(rules);
        self.rules_name = name.to_string();
        self.last = None;
    }

    /// Places handicap stones on the empty board as `h` says (the rules decide where and
    /// whether: [`Game::place_handicap_stones`]) and returns their points.
    pub fn place_handicap(&mut self, h: Handicap<'_>) -> Result<Vec<Point>, EngineError> {
        let pts = self
            .game
            .place_handicap_stones(h)
            .map_err(EngineError::Setup)?;
        self.last = None;
        Ok(pts)
    }

    /// Replaces the game by `rec` up to move `upto` (all of it when `None`) under `rules`
    /// chosen by `rules_name`; the record's names and event are kept for [`Engine::record`].
    pub fn load(
        &mut self,
        rec: GameRecord,
        rules: Rules,
        rules_name: &str,
        upto: Option<usize>,
    ) -> Result<(), EngineError> {
        self.game = rec.to_game(rules, upto).map_err(EngineError::Record)?;
        self.rules_name = rules_name.to_string();
        self.komi_explicit = true;
        self.new_game();
        self.loaded = Some(rec);
        Ok(())
    }

    /// Sets the time control (`time_settings`, `kgs-time_settings`).
    pub fn set_clock(&mut self, clock: GameClock) {
        self.clock = clock;
    }

    /// Records the controller's clock for `color`: seconds and stones left (`time_left`).
    pub fn time_left(&mut self, color: Color, seconds: f64, stones: u32) {
        self.clock.report(color, seconds, stones);
    }

    // ----- moves ---------------------------------------------------------------------------

    /// Plays `m` for `color` under the full rules.
    pub fn play(&mut self, color: Color, m: Move) -> Result<(), IllegalMove> {
        self.game.play(color, m)?;
        self.last = None;
        Ok(())
    }

    /// Takes back the last `n` moves; `false`, and nothing taken back, when fewer were played.
    pub fn undo(&mut self, n: usize) -> bool {
        if n == 0 || n > self.game.move_number() {
            return false;
        }
        for _ in 0..n {
            self.game.undo();
        }
        self.last = None;
        true
    }

    /// Whether `color` may play `m` now.
    pub fn is_legal(&self, color: Color, m: Move) -> bool {
        self.game.is_legal(color, m)
    }

    /// The search limits for one move of `color`: the playout count alone when no clock
    /// runs, otherwise the clock's soft and hard limits (and the playout count if set).
    /// At a rank, its playouts, with the clock's hard limit as a safety net.
    pub fn move_limits(&self, color: Color) -> Limits {
        let p = self.settings.think.playouts;
        let rank = self
            .settings
            .rank
            .map(|r| r.level(self.game.size()).playouts);
        if (p.is_some() || rank.is_some()) && !self.clock.runs(color) {
            return Limits {
                playouts: rank.or(p),
                ..Limits::default()
            };
        }
        let size = self.game.size();
        let stones: usize = self.game.board().stone_counts().iter().sum();
        let situation = Situation {
            size,
            moves: self.game.move_number(),
            empty: (size * size).saturating_sub(stones),
        };
        let t = self
            .clock
            .move_times(color, &situation, &self.settings.think);
        log::debug!(
            "time for {color}: soft {:.2} s, hard {:.2} s",
            t.soft,
            t.hard
        );
        if rank.is_some() {
            // the rank's playouts within the hard limit, no early stop
            return Limits {
                playouts: rank,
                time: Some(TimeLimit {
                    times: MoveTime { soft: t.hard, ..t },
                    early: false,
                    ..TimeLimit::for_move(t)
                }),
            };
        }
        Limits {
            playouts: p,
            time: Some(TimeLimit::for_move(t)),
        }
    }

    /// Ends the search of the opponent's turn (`--ponder`), if one runs: every command that
    /// changes or searches the game calls this first.
    pub fn stop_pondering(&mut self) {
        self.searcher.stop_pondering();
    }

    /// Analyses the position for `color` as `a` asks, calling `on_report` about every
    /// `a.interval`, until `stop` is set or a limit of `a` is reached (after a last report);
    /// without a limit, once the search has done all it can, the last report is repeated
    /// until `stop` is set.
    pub fn analyze(
        &mut self,
        color: Color,
        a: &Analysis,
        stop: &AtomicBool,
        on_report: &mut dyn FnMut(&Report),
    ) {
        self.settle();
        let limits = Limits {
            playouts: Some(a.max_visits.unwrap_or(ANALYSIS_CAP).min(ANALYSIS_CAP)),
            time: a.max_time.map(|t| TimeLimit::at_most(t.as_secs_f64())),
        };
        self.searcher.set_komi_offset(0.0);
        let report = self.searcher.search(
            &Request::new(&self.game, color, limits)
                .barred(&a.barred)
                .stop(stop)
                .interval(Some(a.interval))
                .extras(a.extras),
            on_report,
        );
        let interval = a.interval;
        while !a.limited() && !stop.load(Ordering::SeqCst) {
            let now = Instant::now();
            let next = now.checked_add(interval).unwrap_or(now);
            while Instant::now() < next && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(5));
            }
            if !stop.load(Ordering::SeqCst) {
                on_report(&report);
            }
        }
        self.last = Some(report);
    }

    /// A short search for the side to move (GoGui's displays): the playout count when set,
    /// otherwise up to 3 seconds; ends early when `stop` is set.
    pub fn evaluate(&mut self, stop: &AtomicBool) -> Report {
        self.settle();
        let limits = match self.settings.think.playouts {
            Some(n) => Limits {
                playouts: Some(n),
                ..Limits::default()
            },
            None => Limits {
                time: Some(TimeLimit::at_most(self.settings.think.time.min(3.0))),
                ..Limits::default()
            },
        };
        let color = self.game.to_move();
        self.searcher.set_komi_offset(0.0);
        self.searcher.search(
            &Request::new(&self.game, color, limits).stop(stop),
            &mut |_| {},
        )
    }

    /// Who owns `point` at the end of `playouts` playouts from the position with `color`
    /// first (`None`: the side to move), the policy and settings in force, seeded by `seed`
    /// (`None`: the engine's seed): see [`owners::playout_owners`].
    pub fn playout_owners(
        &mut self,
        color: Option<Color>,
        point: Point,
        playouts: u32,
        seed: Option<u64>,
    ) -> Owners {
        self.settle();
        let color = color.unwrap_or_else(|| self.game.to_move());
        let seed = seed.unwrap_or(self.settings.think.seed);
        playout_owners(&self.game, &self.tree, color, point, playouts, seed)
    }

    // ----- end of game ---------------------------------------------------------------------

    /// The status confirmation of the current position ([`crate::rules::status`]), with
    /// the playout estimate ([`estimate_status`], one-thread searcher) as its fallback:
    /// judged once per position (hash, move count, rules), then cached. Under rules that
    /// count the board as it stands, its status map keeps every stone.
    ///
    pub fn confirmation(&mut self) -> &Confirmation {
        self.confirmation_by(None)
    }

    /// [`Engine::confirmation`] on a move's clock: with a `deadline` the judgement gets at
    /// most the time left before it (60% for the local games, 20% for each colour's estimate), and
    /// such a rushed judgement is computed again when asked without one.
    fn confirmation_by(&mut self, deadline: Option<Instant>) -> &Confirmation {
        self.settle();
        let params = &self.settings.think;
        let judge = &mut self.judge;
        let game = &self.game;
        let budget = deadline.map(|d| {
            d.saturating_duration_since(Instant::now())
                .max(Duration::from_millis(20))
                .as_secs_f64()
        });
        // fixed work (`--playouts`) and no clock: the judgement must not change with the
        // machine's load, so the local games stop at a node count, not at a time
        let fixed = params.playouts.is_some() && budget.is_none();
        self.status.get(game, budget.is_some(), || {
            let mut limits = ConfirmLimits::for_size(game.size());
            if let Some(b) = budget {
                limits.time = limits.time.min(Duration::from_secs_f64(0.6 * b));
            }
            if fixed {
                limits.nodes = limits.nodes.min(FIXED_WORK_NODES);
                limits.time = limits.time.max(Duration::from_secs(60));
            }
            let mut c = confirm(game, &limits, || {
                // half the budget for each colour moving first
                // at least 500 a colour: an ownership from fewer flips the verdict on a lone
                // stone inside a large area with the seed (engine-tests/suites/genmove.tst)
                let n = params.playouts.unwrap_or(1000).clamp(1000, 2000) / 2;
                let time =
                    (params.time.clamp(0.2, 3.0) / 2.0).min(budget.map_or(f64::MAX, |b| 0.2 * b));
                // off the clock, unsure verdicts get more playouts: up to about
                // 300,000 points of playouts a side (3,700 playouts on 9x9, 1,770 on
                // 13x13, 830 on 19x19; twice that took a second on some 13x13 records)
                let size = game.size() as u64;
                let most = if budget.is_some() {
                    n
                } else {
                    n.max(300_000 / (size * size))
                };
                estimate_status(game, n, most, |to_move, n| {
                    let limits = Limits {
                        playouts: Some(n),
                        // a clock only on a move's clock: otherwise (final_status_list,
                        // printsgf, `tengen score`) the playout count alone, the same at
                        // every load
                        time: budget.map(|_| TimeLimit::at_most(time)),
                    };
                    judge
                        .search(
                            &Request::new(game, to_move, limits).must_move(),
                            &mut |_| {},
                        )
                        .ownership
                })
            });
            if !game.rules().remove_dead {
                c.status = game.default_status();
            }
            c
        })
    }

    /// Dead stones and seki in the current position: [`Engine::confirmation`]'s verdict.
    pub fn final_status(&mut self) -> &StatusMap {
        &self.confirmation().status
    }

    /// The score with dead stones judged by [`Engine::final_status`].
    pub fn score(&mut self) -> GameScore {
        let status = self.final_status().clone();
        self.game.score(&status)
    }

    /// The game as an SGF record: names (Tengen for the colours it played, else the loaded
    /// record's), event and date of the loaded record, and the result once the game is over.
    pub fn record(&mut self) -> GameRecord {
        self.settle();
        let mut rec = GameRecord::from_game(&self.game);
        rec.rules = Some(self.rules_name.clone());
        let loaded = self.loaded.as_ref();
        let name = |c: Color, was: Option<&String>| match was {
            _ if self.engine_played[c.index()] => format!("Tengen {}", env!("CARGO_PKG_VERSION")),
            Some(n) => n.clone(),
            None => "unknown".to_string(),
        };
        rec.black_name = Some(name(
            Color::Black,
            loaded.and_then(|r| r.black_name.as_ref()),
        ));
        rec.white_name = Some(name(
            Color::White,
            loaded.and_then(|r| r.white_name.as_ref()),
        ));
        rec.event = loaded.and_then(|r| r.event.clone());
        rec.date = Some(
            loaded
                .and_then(|r| r.date.clone())
                .unwrap_or_else(crate::sgf::today),
        );
        if self.game.is_over() {
            rec.result = Some(self.score().to_string());
        }
        rec
    }

    /// The engine and its view of the game, the figures of a chat line (`kgs-chat`): the
    /// last search in this position, or a short new one (at most 2,000 playouts and half a
    /// second).
    pub fn outlook(&mut self) -> Outlook {
        self.settle();
        let fresh;
        let l = match &self.last {
            Some(l) => l,
            None => {
                let limits = Limits {
                    playouts: Some(self.settings.think.playouts.unwrap_or(2000).min(2000)),
                    time: Some(TimeLimit::at_most(self.settings.think.time.min(0.5))),
                };
                let color = self.game.to_move();
                self.searcher.set_komi_offset(0.0);
                fresh = self
                    .searcher
                    .search(&Request::new(&self.game, color, limits), &mut |_| {});
                &fresh
            }
        };
        Outlook {
            player: self.player,
            rules_name: self.rules_name.clone(),
            komi: self.game.komi(),
            color: l.color.unwrap_or(self.game.to_move()),
            winrate: l.winrate,
            score_lead: l.score_lead,
        }
    }
}

/// The engine and its view of the game ([`Engine::outlook`]): figures only, the front end
/// words them (`kgs-chat`).
#[derive(Clone, Debug, PartialEq)]
pub struct Outlook {
    /// The player that searches.
    pub player: Player,
    /// The rules' name.
    pub rules_name: String,
    /// The komi.
    pub komi: f64,
    /// The side the search was for.
    pub color: Color,
    /// Its share of won playouts (0 to 1).
    pub winrate: f64,
    /// Its mean margin over all playouts (negative: the opponent leads): the mean like the
    /// winrate beside it, not the best move's own, which rests on a few playouts and is the
    /// luckiest of them.
    pub score_lead: f64,
}

#[cfg(test)]
mod tests;
