//! The engine's chat in words, all of it here: `kgs-chat`'s sentence and gtp2ogs's chat lines.
//!
//! The engine hands over figures ([`Outlook`], a search's [`Report`]); this module writes the
//! English. `kgs-chat` (kgsGtp) answers a user who talks to the bot with one line about the
//! engine and its view of the game; with `--ogs-chat` every generated move writes gtp2ogs's
//! lines on stderr.

use super::args::move_text;
use crate::engine::{Outlook, Player};
use crate::search::Report;

/// The `kgs-chat` reply: the engine, the rules and its view of the game, in one line
/// (`Tengen 0.1.0 (Monte-Carlo tree search); rules chinese, komi 7.5; my evaluation: black
/// wins 46% of my playouts, white leads by about 2.4`).
pub fn kgs_line(o: &Outlook) -> String {
    let color = o.color;
    let (leader, margin) = if o.score_lead >= 0.0 {
        (color, o.score_lead)
    } else {
        (color.opponent(), -o.score_lead)
    };
    let wins = o.winrate * 100.0;
    // a skewed spread of results can put the mean margin on the other side of the winrate:
    // then neither number names a leader
    let view = if (o.winrate > 0.5) != (o.score_lead > 0.0) || margin < 0.5 {
        format!("{color} wins {wins:.0}% of my playouts, the game is about even")
    } else {
        format!("{color} wins {wins:.0}% of my playouts, {leader} leads by about {margin:.1}")
    };
    format!(
        "Tengen {} ({}); rules {}, komi {}; my evaluation: {view}",
        env!("CARGO_PKG_VERSION"),
        player_words(o.player),
        o.rules_name,
        o.komi
    )
}

/// The player in words.
fn player_words(p: Player) -> &'static str {
    match p {
        Player::Flat => "flat Monte-Carlo",
        Player::Tree => "Monte-Carlo tree search",
    }
}

/// The stderr line written once before the first chat line: gtp2ogs 9 (its
/// `src/PvOutputParser.ts`) takes an engine whose stderr names KataGo for one that writes
/// KataGo's chat lines, and only then turns them into variations for the observers.
pub const OGS_FORM_LINE: &str = "tengen: chat lines in the form of KataGo's, for gtp2ogs";

/// The lines gtp2ogs relays to an OGS game's chat (its `src/Bot.ts` scans the engine's
/// stderr for `DISCUSSION:`, `MAIN:` and `MALKOVICH:`): after every move one line for the
/// observers' channel in KataGo's form, which gtp2ogs with `send_pv_data` shows as a
/// variation (visits, win rate with two decimals, score lead, its spread and the principal
/// variation), and on resigning one line for the main chat.
pub fn ogs_lines(r: &Report, size: usize, resigned: bool) -> Vec<String> {
    let Some(color) = r.color else {
        return vec![];
    };
    let mut lines = vec![];
    if let Some(best) = r.moves.first() {
        let pv: Vec<String> = best.pv.iter().map(|&m| move_text(m, size)).collect();
        let visits: u64 = r.moves.iter().map(|m| m.visits).sum();
        lines.push(format!(
            "MALKOVICH:Visits {visits} Winrate {:.2}% ScoreLead {:.1} ScoreStdev {:.1} PV {}",
            best.winrate * 100.0,
            best.score_lead,
            best.score_stdev,
            if pv.is_empty() {
                move_text(best.mv, size)
            } else {
                pv.join(" ")
            }
        ));
    }
    if resigned {
        lines.push(format!(
            "DISCUSSION:{color} resigns: {color} wins only {:.0}% of my playouts. Thank you for the game.",
            r.winrate * 100.0
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    fn outlook(player: Player, color: Color, winrate: f64, score_lead: f64) -> Outlook {
        Outlook {
            player,
            rules_name: "chinese".into(),
            komi: 7.5,
            color,
            winrate,
            score_lead,
        }
    }

    #[test]
    fn the_kgs_line_names_a_leader_only_when_both_figures_agree() {
        let line = |o: &Outlook| kgs_line(o);
        let v = env!("CARGO_PKG_VERSION");
        assert_eq!(
            line(&outlook(Player::Tree, Color::Black, 0.46, -2.4)),
            format!(
                "Tengen {v} (Monte-Carlo tree search); rules chinese, komi 7.5; my evaluation: \
                 black wins 46% of my playouts, white leads by about 2.4"
            )
        );
        assert_eq!(
            line(&outlook(Player::Flat, Color::Black, 0.97, 52.6)),
            format!(
                "Tengen {v} (flat Monte-Carlo); rules chinese, komi 7.5; my evaluation: black \
                 wins 97% of my playouts, black leads by about 52.6"
            )
        );
        // the winrate and the mean margin disagree: about even
        assert!(line(&outlook(Player::Tree, Color::White, 0.48, 3.0))
            .ends_with("white wins 48% of my playouts, the game is about even"));
        // less than half a point: about even
        assert!(line(&outlook(Player::Tree, Color::Black, 0.54, 0.4))
            .ends_with("black wins 54% of my playouts, the game is about even"));
        // a lost side that leads by the margin: the opponent named as the leader
        assert!(line(&outlook(Player::Tree, Color::White, 0.0, -45.1))
            .ends_with("white wins 0% of my playouts, black leads by about 45.1"));
    }
}
