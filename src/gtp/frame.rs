//! GTP framing: input preprocessing, command parsing and reply formatting (GTP v2, section 2).

use std::fmt::Write as _;

/// Longest command line kept; the rest of a longer line is ignored (the line is still answered).
pub const MAX_LINE: usize = 1 << 20;

/// One parsed command line: optional numeric id, command name and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The id as written (digits only), echoed in the reply.
    pub id: Option<String>,
    /// The command name (case kept; GTP names are lower case).
    pub name: String,
    /// The arguments, split on spaces.
    pub args: Vec<String>,
}

/// Preprocesses one raw input line as the GTP spec says: (ASCII) control characters other
/// than tab and newline dropped, tab turned into a space, everything from `#` dropped, outer
/// spaces trimmed. Returns the cleaned line (possibly empty). Other Unicode characters,
/// C1 controls and no-break spaces included, are text like any other.
pub fn preprocess(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len().min(MAX_LINE));
    for ch in raw.chars() {
        match ch {
            '#' => break,
            '\t' => out.push(' '),
            c if c.is_ascii_control() => {}
            c => out.push(c),
        }
    }
    out.trim_matches(' ').to_string()
}

/// Whether a raw line is GoGui's interrupt request (`# interrupt`).
pub fn is_interrupt_comment(raw: &str) -> bool {
    let t = raw.trim();
    t.strip_prefix('#')
        .is_some_and(|rest| rest.trim().eq_ignore_ascii_case("interrupt"))
}

/// Parses a raw input line into a command; `None` for lines that get no reply (empty or
/// comment-only after preprocessing).
pub fn parse_line(raw: &str) -> Option<Command> {
    let line = preprocess(raw);
    let mut words = line.split(' ').filter(|w| !w.is_empty());
    let first = words.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        (
            Some(first.to_string()),
            words.next().unwrap_or("").to_string(),
        )
    } else {
        (None, first.to_string())
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// Formats a success reply: `=[id] text`, then the terminating empty line. Multi-line text
/// keeps its lines (empty lines inside are dropped so the reply cannot end early).
pub fn success(id: Option<&str>, text: &str) -> String {
    format!("{}\n", frame('=', id, text))
}

/// Formats a failure reply: `?[id] message`, then the terminating empty line.
pub fn failure(id: Option<&str>, message: &str) -> String {
    format!("{}\n", frame('?', id, message))
}

/// The opening line of a streamed reply (`=[id] ` and a newline); the stream ends with
/// [`end_stream`].
pub fn stream_start(id: Option<&str>) -> String {
    format!("={} \n", id.unwrap_or(""))
}

/// Lines of a streamed reply: every line of `text` that is not blank, each with its newline
/// (a blank line would end the reply early).
pub fn stream_lines(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 1);
    for l in text.lines().filter(|l| !l.trim().is_empty()) {
        s.push_str(l);
        s.push('\n');
    }
    s
}

/// The empty line that ends a streamed reply.
pub fn end_stream() -> &'static str {
    "\n"
}

fn frame(mark: char, id: Option<&str>, text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 8);
    s.push(mark);
    if let Some(id) = id {
        s.push_str(id);
    }
    s.push(' ');
    let mut first = true;
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() && !first {
            continue;
        }
        if !first {
            s.push('\n');
        }
        let _ = write!(s, "{line}");
        first = false;
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {

    #[test]
    fn only_ascii_controls_are_dropped() {
        // regression: a C1 control (U+0090) or a no-break space alone made the line vanish,
        // so the engine gave no reply where the spec's ASCII preprocessing leaves text
        assert_eq!(preprocess("\u{90}"), "\u{90}");
        assert_eq!(preprocess("\u{a0}# x"), "\u{a0}");
        assert_eq!(preprocess("\u{7f}\u{1}name\r"), "name");
        assert_eq!(preprocess(" \t name \t"), "name");
        assert!(parse_line("\u{90}").is_some());
    }
    use super::*;

    #[test]
    fn preprocessing() {
        assert_eq!(preprocess("play b d4\r"), "play b d4");
        assert_eq!(preprocess("\tplay\tb\x01 d4 # comment"), "play b d4");
        assert_eq!(preprocess("# only a comment"), "");
        assert_eq!(preprocess("  \x00\x07 "), "");
        assert!(parse_line("").is_none());
        assert!(parse_line("   # x").is_none());
        assert!(parse_line("\r").is_none());
    }

    #[test]
    fn parsing_ids_and_args() {
        let c = parse_line("12 play  black   D4").unwrap();
        assert_eq!(c.id.as_deref(), Some("12"));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["black", "D4"]);
        let c = parse_line("name").unwrap();
        assert_eq!(c.id, None);
        assert!(c.args.is_empty());
        let c = parse_line("7").unwrap();
        assert_eq!(c.id.as_deref(), Some("7"));
        assert_eq!(c.name, "");
        let c = parse_line("-3 name").unwrap();
        assert_eq!(c.id, None);
        assert_eq!(c.name, "-3");
    }

    #[test]
    fn reply_framing() {
        assert_eq!(success(None, ""), "= \n\n");
        assert_eq!(success(Some("5"), "2"), "=5 2\n\n");
        assert_eq!(failure(Some("3"), "illegal move"), "?3 illegal move\n\n");
        assert_eq!(success(None, "\nA\n\nB\n"), "= \nA\nB\n\n");
        assert_eq!(success(None, "a\r\nb"), "= a\nb\n\n");
        assert_eq!(stream_start(Some("9")), "=9 \n");
        assert_eq!(
            stream_lines("info a\n\n \r\ninfo b\r\n"),
            "info a\ninfo b\n"
        );
        assert_eq!(stream_lines(""), "");
    }

    #[test]
    fn interrupt_comment() {
        assert!(is_interrupt_comment("# interrupt"));
        assert!(is_interrupt_comment("#interrupt\r"));
        assert!(!is_interrupt_comment("# interrupted game"));
        assert!(!is_interrupt_comment("interrupt"));
    }
}
