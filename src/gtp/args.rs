//! The words of GTP arguments and answers: colours, moves, numbers and vertex lists read
//! from a command's arguments (every malformed one is the spec's `syntax error`), moves
//! written back. Shared by the command table ([`super::commands`]), the analysis commands
//! ([`super::analyze`]) and the board graphics ([`super::gfx`]).

use crate::board::{Color, Point, Vertex};

/// The GTP spec's message for malformed arguments.
pub(super) const SYNTAX: &str = "syntax error";

/// Vertices separated by spaces, in the order given.
pub(super) fn vertex_list(ps: &[Point], size: usize) -> String {
    ps.iter()
        .map(|q| q.vertex(size).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move as GTP writes it.
pub(super) fn move_text(mv: Option<Point>, size: usize) -> String {
    mv.map_or("pass".into(), |p| p.vertex(size).to_string())
}

/// A colour argument (`b`, `w`, `black`, `white`).
pub(super) fn parse_color(s: &str) -> Result<Color, String> {
    s.parse::<Color>().map_err(|_| SYNTAX.to_string())
}

/// A move argument: `pass` or a vertex (syntax only).
pub(super) fn parse_move(s: &str) -> Result<Option<Vertex>, String> {
    if s.eq_ignore_ascii_case("pass") {
        Ok(None)
    } else {
        s.parse::<Vertex>()
            .map(Some)
            .map_err(|_| SYNTAX.to_string())
    }
}

/// An integer; digits with an optional sign (saturating on overflow), anything else a syntax error.
pub(super) fn parse_int(s: &str) -> Result<i64, String> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SYNTAX.into());
    }
    let v = digits.parse::<i64>().unwrap_or(i64::MAX);
    Ok(if neg { -v } else { v })
}

/// A finite real number.
pub(super) fn parse_real(s: &str) -> Result<f64, String> {
    if !s
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
    {
        return Err(SYNTAX.into());
    }
    s.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| SYNTAX.into())
}

/// A non-negative time in seconds ([`crate::clock::seconds`]).
pub(super) fn parse_seconds(s: &str) -> Result<f64, String> {
    crate::clock::seconds(s).ok_or_else(|| SYNTAX.into())
}

/// A count: a non-negative integer (saturating at `u32::MAX`).
pub(super) fn parse_count(s: &str) -> Result<u32, String> {
    let v = parse_int(s)?;
    if v < 0 {
        return Err(SYNTAX.into());
    }
    Ok(v.min(u32::MAX as i64) as u32)
}

/// Exactly `n` arguments, or a syntax error.
pub(super) fn want(args: &[String], n: usize) -> Result<(), String> {
    if args.len() == n {
        Ok(())
    } else {
        Err(SYNTAX.into())
    }
}
