//! Splitting an engine command line into words the way a POSIX shell does (quotes and
//! backslashes honoured; no variables, globbing or redirection). On Windows a backslash is an
//! ordinary character, so that paths such as `C:\Program Files\GNU Go\gnugo.exe` work.

use std::fmt;

/// Why a command line could not be split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    /// A `'` or `"` was opened and never closed.
    UnclosedQuote(char),
    /// The line ends with a lone backslash.
    TrailingBackslash,
    /// The line holds no word at all.
    Empty,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::UnclosedQuote(q) => write!(f, "unclosed {q} quote"),
            SplitError::TrailingBackslash => f.write_str("trailing backslash"),
            SplitError::Empty => f.write_str("empty command"),
        }
    }
}

impl std::error::Error for SplitError {}

/// Splits `line` into words by this platform's rules: [`split_words_posix`] on Unix and
/// elsewhere, [`split_words_windows`] on Windows (where `\` separates folders).
pub fn split_words(line: &str) -> Result<Vec<String>, SplitError> {
    if cfg!(windows) {
        split_words_windows(line)
    } else {
        split_words_posix(line)
    }
}

/// Splits `line` as [`split_words_posix`] does, except that a backslash is an ordinary
/// character everywhere (no escapes: a `"` inside a word goes between single quotes).
pub fn split_words_windows(line: &str) -> Result<Vec<String>, SplitError> {
    split(line, false)
}

/// Splits `line` into words as `sh` would: blanks separate words, `'...'` keeps everything
/// literally, `"..."` keeps everything except that `\` escapes `"`, `\`, `$`, `` ` `` and a
/// newline, and a backslash outside quotes takes the next character literally. Adjacent quoted
/// and unquoted parts join into one word (`--name="a b"` is one word `--name=a b`).
pub fn split_words_posix(line: &str) -> Result<Vec<String>, SplitError> {
    split(line, true)
}

/// The splitter of both: `escapes` says whether a backslash escapes (POSIX) or not (Windows).
fn split(line: &str, escapes: bool) -> Result<Vec<String>, SplitError> {
    let mut words = Vec::new();
    let mut word = String::new();
    // A word exists as soon as any part of it (even an empty quoted string) was seen.
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => word.push(ch),
                        None => return Err(SplitError::UnclosedQuote('\'')),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') if escapes => match chars.next() {
                            Some(ch @ ('"' | '\\' | '$' | '`')) => word.push(ch),
                            Some('\n') => {}
                            Some(ch) => {
                                word.push('\\');
                                word.push(ch);
                            }
                            None => return Err(SplitError::UnclosedQuote('"')),
                        },
                        Some(ch) => word.push(ch),
                        None => return Err(SplitError::UnclosedQuote('"')),
                    }
                }
            }
            '\\' if escapes => match chars.next() {
                Some('\n') => {}
                Some(ch) => {
                    in_word = true;
                    word.push(ch);
                }
                None => return Err(SplitError::TrailingBackslash),
            },
            ch => {
                in_word = true;
                word.push(ch);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(SplitError::Empty);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Vec<String> {
        match split_words_posix(line) {
            Ok(w) => w,
            Err(e) => panic!("{line:?} failed: {e}"),
        }
    }

    #[test]
    fn plain_words_split_on_any_blank_run() {
        assert_eq!(
            ok("  /usr/games/gnugo   --mode gtp\t--level 10 "),
            ["/usr/games/gnugo", "--mode", "gtp", "--level", "10"]
        );
    }

    #[test]
    fn quotes_keep_blanks_and_join_with_neighbours() {
        assert_eq!(ok(r#"a "b c" 'd  e'"#), ["a", "b c", "d  e"]);
        assert_eq!(ok(r#"--name="x y"z"#), ["--name=x yz"]);
        assert_eq!(ok(r#"'it''s'"#), ["its"]);
        assert_eq!(ok(r#"a "" ''"#), ["a", "", ""]);
    }

    #[test]
    fn single_quotes_are_fully_literal() {
        assert_eq!(ok(r#"'a\"b' '$x'"#), [r#"a\"b"#, "$x"]);
    }

    #[test]
    fn backslashes_follow_sh() {
        assert_eq!(ok(r"a\ b c"), ["a b", "c"]);
        assert_eq!(ok(r#""a\"b\\c\d""#), [r#"a"b\c\d"#]);
        assert_eq!(ok(r"\'x"), ["'x"]);
        assert_eq!(ok("a\\\nb"), ["ab"]);
    }

    #[test]
    fn errors_are_reported() {
        let split_words = split_words_posix;
        assert_eq!(split_words("a 'b"), Err(SplitError::UnclosedQuote('\'')));
        assert_eq!(split_words("a \"b"), Err(SplitError::UnclosedQuote('"')));
        assert_eq!(split_words("a\\"), Err(SplitError::TrailingBackslash));
        assert_eq!(split_words("   "), Err(SplitError::Empty));
        assert_eq!(split_words(""), Err(SplitError::Empty));
    }

    #[test]
    fn windows_paths_keep_their_backslashes() {
        let w = |line: &str| match split_words_windows(line) {
            Ok(w) => w,
            Err(e) => panic!("{line:?} failed: {e}"),
        };
        assert_eq!(
            w(r#""C:\Program Files\GNU Go\gnugo.exe" --mode gtp"#),
            [r"C:\Program Files\GNU Go\gnugo.exe", "--mode", "gtp"]
        );
        assert_eq!(
            w(r"Z:\work\tengen.exe --seed 1"),
            [r"Z:\work\tengen.exe", "--seed", "1"]
        );
        assert_eq!(w(r"a\"), [r"a\"]);
        assert_eq!(w(r#"'say "hi"' x"#), [r#"say "hi""#, "x"]);
        assert_eq!(
            split_words_windows(r#""C:\dir"#),
            Err(SplitError::UnclosedQuote('"'))
        );
    }

    #[test]
    fn this_platform_picks_its_rules() {
        let expected = if cfg!(windows) { r"a\b" } else { "ab" };
        assert_eq!(split_words(r"a\b"), Ok(vec![expected.to_string()]));
    }
}
