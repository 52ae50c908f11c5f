//! gtp2ogs v8 against the built engine, command for command. gtp2ogs (online-go/gtp2ogs,
//! `src/Bot.ts` and `src/Game.ts`) starts a pool of engines and asks each `list_commands`
//! once. For every move it takes an engine from the pool and sends the whole game again
//! (`Bot.loadState`): `kata-list_time_settings` when the engine lists it, `boardsize`,
//! `clear_board`, `komi`, the initial stones as `play black|white V`, every move as
//! `play COLOUR V`; then the clock (`Bot.loadClock`: for Fischer
//! `kata-time_settings fischer-capped MAIN INC MAX -1` and `time_left black|white T 0`);
//! then `genmove COLOUR`; lines end in CRLF. The engine goes back to the pool after the
//! move, so the next move may find it holding another game. With `--ogs-chat` the engine
//! writes the chat lines gtp2ogs scans stderr for (`MALKOVICH:`, `DISCUSSION:`); with `-v`
//! its log says how many visits each search started from.

mod common;

use common::Engine;
use std::path::PathBuf;

/// A game as gtp2ogs holds it: size, komi, initial stones and moves, the clock.
#[derive(Clone)]
struct OgsGame {
    size: usize,
    komi: f64,
    initial: Vec<(&'static str, String)>,
    moves: Vec<String>,
}

impl OgsGame {
    fn new(size: usize, komi: f64) -> OgsGame {
        OgsGame {
            size,
            komi,
            initial: vec![],
            moves: vec![],
        }
    }

    /// The colour to move (Black starts: no handicap in these games).
    fn to_move(&self) -> &'static str {
        if self.moves.len().is_multiple_of(2) {
            "black"
        } else {
            "white"
        }
    }
}

/// One pooled engine with its stderr in a file.
struct Bot {
    e: Engine,
    stderr: PathBuf,
    /// Lines of stderr already read.
    seen: usize,
}

impl Bot {
    fn start(args: &[&str], name: &str) -> Bot {
        let stderr = common::temp_path(name, "stderr");
        let mut args = args.to_vec();
        args.extend(["--ogs-chat", "-v"]);
        let mut e = Engine::spawn_with_stderr(&args, &stderr);
        // Bot(): this.ready = this.command("list_commands")
        let commands = e.ok("list_commands\r");
        assert!(commands.lines().any(|l| l == "kata-list_time_settings"));
        Bot { e, stderr, seen: 0 }
    }

    /// gtp2ogs's command(): CRLF, one reply each.
    fn ok(&mut self, line: &str) -> String {
        self.e.ok(&format!("{line}\r"))
    }

    /// Bot.loadState(), Bot.loadClock() and the genmove of Bot.getMoves(); returns the
    /// move and the chat lines written for it.
    fn genmove(&mut self, g: &OgsGame, bank: [u32; 2]) -> (String, Vec<String>) {
        let kinds = self.ok("kata-list_time_settings");
        assert!(kinds.contains("fischer-capped"), "{kinds}");
        self.ok(&format!("boardsize {}", g.size));
        self.ok("clear_board");
        self.ok(&format!("komi {}", g.komi));
        for (c, v) in &g.initial {
            self.ok(&format!("play {c} {v}"));
        }
        for (i, v) in g.moves.iter().enumerate() {
            let c = if i % 2 == 0 { "black" } else { "white" };
            self.ok(&format!("play {c} {v}"));
        }
        self.ok("kata-time_settings fischer-capped 300 10 600 -1");
        self.ok(&format!("time_left black {} 0", bank[0]));
        self.ok(&format!("time_left white {} 0", bank[1]));
        let mv = self.ok(&format!("genmove {}", g.to_move())).to_lowercase();
        (mv, self.chat())
    }

    /// The chat lines written since the last call.
    fn chat(&mut self) -> Vec<String> {
        let text = std::fs::read_to_string(&self.stderr).unwrap_or_default();
        let lines: Vec<String> = text.lines().map(String::from).collect();
        let new = lines[self.seen.min(lines.len())..].to_vec();
        self.seen = lines.len();
        new.into_iter()
            .filter(|l| {
                l.starts_with("MALKOVICH:")
                    || l.starts_with("DISCUSSION:")
                    || l.contains(" visits reused)")
            })
            .collect()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.stderr);
    }
}

/// The visits a search started from, from the search's log line (`... (N visits reused)`).
fn reused(chat: &[String]) -> u64 {
    let line = chat
        .iter()
        .find(|l| l.contains(" visits reused)"))
        .unwrap_or_else(|| panic!("no search log line in {chat:?}"));
    let n = line
        .split_once(" visits reused)")
        .and_then(|(head, _)| head.rsplit_once('('))
        .and_then(|(_, n)| n.parse().ok());
    n.unwrap_or_else(|| panic!("no reused count in {line:?}"))
}

/// The second move of the principal variation in a `MALKOVICH:` line: the reply the
/// search expected.
fn expected_reply(chat: &[String]) -> Option<String> {
    let line = chat.iter().find(|l| l.starts_with("MALKOVICH:"))?;
    let pv = line.split_once(" PV ")?.1;
    pv.split_whitespace()
        .nth(1)
        .filter(|v| *v != "pass")
        .map(str::to_lowercase)
}

const ARGS: &[&str] = &["--playouts", "400", "--threads", "1", "--seed", "5"];

#[test]
fn a_game_replayed_for_every_move_reuses_the_tree() {
    let mut bot = Bot::start(ARGS, "ogs-reuse");
    let mut g = OgsGame::new(9, 7.5);
    let mut started_from = vec![];
    for turn in 0..4 {
        let (mv, chat) = bot.genmove(&g, [300 - turn * 3, 300 - turn * 2]);
        assert!(common::is_vertex_on(&mv.to_uppercase(), 9), "{mv}");
        started_from.push(reused(&chat));
        // the opponent answers where the search expected (else a stone of its own)
        let reply = expected_reply(&chat)
            .filter(|v| v != &mv)
            .unwrap_or_else(|| ["a1", "j9", "a9", "j1"][turn as usize].to_string());
        g.moves.push(mv);
        g.moves.push(reply);
    }
    assert_eq!(started_from[0], 0, "the first move has nothing to reuse");
    assert!(
        started_from[1..].iter().all(|&n| n > 0),
        "every later move starts from the previous move's tree: {started_from:?}"
    );
}

#[test]
fn a_hopeless_replayed_game_resigns_on_the_third_own_turn() {
    // White behind 21 Black stones on 9x9 at komi 0 (engine-tests/state.rs
    // resign_threshold_near_one_resigns, where one session resigns on the third turn)
    let args = [ARGS, &["--resign-threshold", "0.99"]].concat();
    let mut bot = Bot::start(&args, "ogs-resign");
    let mut g = OgsGame::new(9, 0.0);
    let stones = "c3 d3 e3 f3 g3 c7 d7 e7 f7 g7 c4 c5 c6 g4 g5 g6 e5 b5 h5 e2 e8";
    for (i, v) in stones.split(' ').enumerate() {
        if i > 0 {
            g.moves.push("pass".into());
        }
        g.moves.push(v.into());
    }
    let mut turns = vec![];
    for turn in 1..=3 {
        let (mv, chat) = bot.genmove(&g, [300, 300]);
        turns.push(mv.clone());
        if mv == "resign" {
            assert!(
                chat.iter().any(|l| l.starts_with("DISCUSSION:")),
                "the resignation is said in the main chat: {chat:?}"
            );
            break;
        }
        assert!(turn < 3, "still playing on the third turn: {turns:?}");
        g.moves.push(mv);
        let reply = ["a1", "j1", "a9", "j9"][turn - 1];
        g.moves.push(reply.into());
    }
    assert_eq!(turns.len(), 3, "{turns:?}");
    assert_eq!(turns.last().map(String::as_str), Some("resign"));
}

#[test]
fn another_game_replayed_in_between_starts_fresh() {
    let mut bot = Bot::start(ARGS, "ogs-pool");
    let mut a = OgsGame::new(9, 7.5);
    let (mv, chat) = bot.genmove(&a, [300, 300]);
    let reply = expected_reply(&chat)
        .filter(|v| v != &mv)
        .unwrap_or_else(|| "a1".into());
    a.moves.push(mv);
    a.moves.push(reply);
    // the pool hands the engine to another game (13x13, two initial stones)
    let mut b = OgsGame::new(13, 6.5);
    b.initial = vec![("black", "d4".into()), ("white", "k10".into())];
    let (mv_b, chat_b) = bot.genmove(&b, [300, 300]);
    assert!(common::is_vertex_on(&mv_b.to_uppercase(), 13), "{mv_b}");
    assert_eq!(reused(&chat_b), 0, "another game reuses nothing");
    // back to the first game: the engine holds the other one, so this is fresh too
    let (mv_a, chat_a) = bot.genmove(&a, [297, 298]);
    assert!(common::is_vertex_on(&mv_a.to_uppercase(), 9), "{mv_a}");
    assert_eq!(reused(&chat_a), 0, "{chat_a:?}");
    // and its next move reuses again
    let reply = expected_reply(&chat_a)
        .filter(|v| v != &mv_a)
        .unwrap_or_else(|| "j9".into());
    a.moves.push(mv_a);
    a.moves.push(reply);
    let (_, chat) = bot.genmove(&a, [294, 296]);
    assert!(reused(&chat) > 0, "{chat:?}");
}
