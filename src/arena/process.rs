//! One GTP engine as a child process: spawning (own process group, stderr to a log file),
//! a reader thread feeding a channel so that every read has a deadline, GTP commands and
//! replies through the `gtp` crate's `Command` and `ResponseParser`, and ending the engine's
//! own processes (never anything else).
//!
//! Portability: process groups and the `kill` utility are Unix only (`cfg(unix)`), `/proc`
//! is Linux only (`cfg(target_os = "linux")`). Elsewhere the engine is ended with
//! [`Child::kill`] (its own children may outlive it), and its memory and liveness are
//! unknown (`None`, `false`).

use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use gtp::{Response, ResponseError, ResponseParser};

/// A line longer than this is cut and passed on as it is (it is garbage anyway).
const MAX_LINE: usize = 1 << 16;

/// A reply longer than this (in bytes, over all its lines) is garbage.
const MAX_REPLY: usize = 1 << 20;

/// How long a polite `quit` may take before the engine is killed.
const QUIT_GRACE: Duration = Duration::from_secs(2);

/// What went wrong talking to an engine.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// The process could not be started.
    Spawn(String),
    /// The engine closed its output or its input (it exited or crashed).
    Crash(String),
    /// No complete reply before the deadline (seconds waited).
    Timeout(f64),
    /// The reply is not GTP.
    Garbage(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Spawn(e) => write!(f, "could not start: {e}"),
            EngineError::Crash(e) => write!(f, "crashed: {e}"),
            EngineError::Timeout(s) => write!(f, "no reply within {s:.1} s"),
            EngineError::Garbage(t) => write!(f, "answered garbage: {}", shorten(t, 80)),
        }
    }
}

/// `text` cut to at most `max` characters, with `...` when cut, newlines shown as `\n`.
pub fn shorten(text: &str, max: usize) -> String {
    let flat = text.replace('\n', "\\n");
    if flat.chars().count() <= max {
        flat
    } else {
        let mut s: String = flat.chars().take(max).collect();
        s.push_str("...");
        s
    }
}

/// A shared GTP transcript file (both engines of a game write to it).
pub type Transcript = Arc<Mutex<File>>;

enum Event {
    Line(String),
    Eof(String),
}

/// A running GTP engine.
pub struct Engine {
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    closed: Option<String>,
    transcript: Option<Transcript>,
    finished: bool,
    /// A reply timed out, so later replies could be paired with the wrong command.
    desynced: bool,
}

/// A GTP reply: success or failure with its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// `true` for `=`, `false` for `?`.
    pub ok: bool,
    /// The reply text (lines joined by `\n`, without the status and id).
    pub text: String,
}

impl Engine {
    /// Starts `words[0]` with the other words as arguments, in its own process group (on
    /// Unix), with stderr appended to `stderr_log`. `label` names the engine in the transcript.
    pub fn spawn(
        label: &str,
        words: &[String],
        stderr_log: &Path,
        transcript: Option<Transcript>,
    ) -> Result<Engine, EngineError> {
        let Some((program, args)) = words.split_first() else {
            return Err(EngineError::Spawn("empty command".into()));
        };
        let log = File::options()
            .create(true)
            .append(true)
            .open(stderr_log)
            .map_err(|e| EngineError::Spawn(format!("{}: {e}", stderr_log.display())))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log));
        own_process_group(&mut command);
        let mut child = command
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{program}: {e}")))?;
        let stdin = child.stdin.take();
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Spawn("no stdout pipe".into()));
        };
        let (tx, rx) = mpsc::channel();
        let spawned = thread::Builder::new()
            .name(format!("gtp-reader-{label}"))
            .spawn(move || read_lines(stdout, tx));
        let mut engine = Engine {
            label: label.to_string(),
            child,
            stdin,
            events: rx,
            closed: None,
            transcript,
            finished: false,
            desynced: false,
        };
        if let Err(e) = spawned {
            engine.kill();
            return Err(EngineError::Spawn(format!("reader thread: {e}")));
        }
        Ok(engine)
    }

    /// The operating-system process id (on Unix also the id of the engine's process group).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The engine process's peak resident memory so far (`VmHWM` of `/proc/PID/status`,
    /// in kB), read while it still runs; `None` where there is no `/proc` (not Linux) or
    /// once the process has ended. Only the process started is measured, not its children.
    pub fn peak_rss_kb(&self) -> Option<u64> {
        if self.finished {
            return None;
        }
        proc_status(self.pid()).as_deref().and_then(vm_hwm_kb)
    }

    fn log(&self, dir: &str, text: &str) {
        if let Some(t) = &self.transcript {
            if let Ok(mut f) = t.lock() {
                for line in text.lines() {
                    let _ = writeln!(f, "{} {dir} {line}", self.label);
                }
            }
        }
    }

    /// Whether the engine knows command `name`: its `known_command` answer, or the lines of
    /// `list_commands` when it does not know `known_command` either.
    pub fn knows(&mut self, name: &str, timeout: Duration) -> Result<bool, EngineError> {
        let ask = gtp::Command::new_with_args("known_command", |a| a.s(name));
        let reply = self.send(&ask, timeout)?;
        if reply.ok {
            return Ok(reply.text.trim().eq_ignore_ascii_case("true"));
        }
        let reply = self.send(&gtp::Command::new("list_commands"), timeout)?;
        Ok(reply.ok && reply.text.lines().any(|l| l.trim() == name))
    }

    /// Sends `cmd` and waits at most `timeout` for its reply.
    pub fn send(&mut self, cmd: &gtp::Command, timeout: Duration) -> Result<Reply, EngineError> {
        if let Some(why) = &self.closed {
            return Err(EngineError::Crash(why.clone()));
        }
        // Anything the engine wrote unasked is dropped (after logging), so replies stay paired.
        while let Ok(ev) = self.events.try_recv() {
            match ev {
                Event::Line(l) => self.log("<?", &l),
                Event::Eof(why) => {
                    self.closed = Some(why.clone());
                    return Err(EngineError::Crash(why));
                }
            }
        }
        let text = cmd.to_string();
        self.log(">>", text.trim_end());
        let write = match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush()),
            None => Err(std::io::Error::other("input closed")),
        };
        if let Err(e) = write {
            let why = format!("cannot write to the engine: {e}");
            self.closed = Some(why.clone());
            return Err(EngineError::Crash(why));
        }
        self.read_reply(timeout)
    }

    fn read_reply(&mut self, timeout: Duration) -> Result<Reply, EngineError> {
        let deadline = Instant::now() + timeout;
        let mut parser = ResponseParser::new();
        let mut started = false;
        let mut fed = 0usize;
        loop {
            let now = Instant::now();
            if now >= deadline {
                self.log("!!", "timeout");
                self.desynced = true;
                return Err(EngineError::Timeout(timeout.as_secs_f64()));
            }
            match self.events.recv_timeout(deadline - now) {
                Ok(Event::Line(line)) => {
                    self.log("<<", &line);
                    let line = line.replace('\r', "");
                    let blank = line.trim().is_empty();
                    let first = !started;
                    if first {
                        if blank {
                            continue;
                        }
                        let t = line.trim_start();
                        if !(t.starts_with('=') || t.starts_with('?')) {
                            return Err(EngineError::Garbage(line));
                        }
                        started = true;
                    }
                    if blank {
                        parser.feed("\n");
                    } else {
                        fed += line.len();
                        if fed > MAX_REPLY {
                            self.desynced = true;
                            return Err(EngineError::Garbage(format!(
                                "a reply longer than {MAX_REPLY} bytes"
                            )));
                        }
                        parser.feed(&normalise(&line));
                        parser.feed("\n");
                    }
                    // A reply can only be complete at a blank line; the first line is parsed
                    // at once so that a malformed status is caught early. (The parser rescans
                    // its whole buffer on every call, so it is not called on every line.)
                    if first || blank {
                        match parser.get_response() {
                            Ok(Response::Result((_, t))) => return Ok(Reply { ok: true, text: t }),
                            Ok(Response::Error((_, t))) => return Ok(Reply { ok: false, text: t }),
                            Err(ResponseError::IncompleteResponse) => {}
                            Err(ResponseError::BadResponse(t)) => {
                                return Err(EngineError::Garbage(t))
                            }
                        }
                    }
                }
                Ok(Event::Eof(why)) => {
                    self.log("!!", &why);
                    self.closed = Some(why.clone());
                    return Err(EngineError::Crash(why));
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    let why = "output closed".to_string();
                    self.closed = Some(why.clone());
                    return Err(EngineError::Crash(why));
                }
            }
        }
    }

    /// Ends the engine: a polite `quit` first when `polite` and the engine is still in step
    /// (waiting briefly for it to close its output), then SIGKILL to its process group, which
    /// it leads (on Unix; elsewhere [`Child::kill`] ends the engine alone), and the exit status
    /// is collected. Only processes of that group are touched, and the group leader is not
    /// reaped before the group is signalled, so its id cannot have been reused.
    pub fn finish(&mut self, polite: bool) {
        if self.finished {
            return;
        }
        self.finished = true;
        if polite && self.closed.is_none() && !self.desynced {
            let _ = self.send(&gtp::Command::new("quit"), QUIT_GRACE);
            self.stdin = None;
            let deadline = Instant::now() + QUIT_GRACE;
            loop {
                let now = Instant::now();
                if now >= deadline {
                    break;
                }
                match self.events.recv_timeout(deadline - now) {
                    Ok(Event::Line(_)) => {}
                    _ => break,
                }
            }
        }
        self.kill();
    }

    fn kill(&mut self) {
        self.finished = true;
        self.stdin = None;
        kill_group(self.child.id());
        let _ = self.child.kill();
        match self.child.wait() {
            Ok(status) => self.log("!!", &format!("ended: {status}")),
            Err(e) => self.log("!!", &format!("wait failed: {e}")),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if !self.finished {
            self.kill();
        }
    }
}

/// The `VmHWM` line of a `/proc/PID/status` text in kB (`VmHWM:   12345 kB`); `None`
/// without one (a zombie has none) or when it is not a number of kB.
pub fn vm_hwm_kb(status: &str) -> Option<u64> {
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    let mut words = line.split_whitespace();
    let kb = words.next()?.parse().ok()?;
    match words.next() {
        Some(unit) if unit.eq_ignore_ascii_case("kb") => Some(kb),
        _ => None,
    }
}

/// The text of `/proc/PID/status` (Linux); `None` where there is no `/proc` or no such
/// process.
#[cfg(target_os = "linux")]
fn proc_status(pid: u32) -> Option<String> {
    std::fs::read_to_string(format!("/proc/{pid}/status")).ok()
}

/// Without `/proc` the memory of a process is unknown.
#[cfg(not(target_os = "linux"))]
fn proc_status(_pid: u32) -> Option<String> {
    None
}

/// The text of `/proc/PID/stat` (Linux); empty where there is no `/proc` or no such process.
#[cfg(target_os = "linux")]
fn proc_stat(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default()
}

/// Without `/proc` no process is seen.
#[cfg(not(target_os = "linux"))]
fn proc_stat(_pid: u32) -> String {
    String::new()
}

/// Whether process `pid` is still running (not gone, not a zombie) after waiting up to
/// `wait` for it to end. Reads `/proc`, so it answers false where there is none (only Linux
/// has it).
pub fn still_running_after(pid: u32, wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    loop {
        let stat = proc_stat(pid);
        let state = stat
            .rsplit(')')
            .next()
            .and_then(|r| r.split_whitespace().next());
        let live = matches!(state, Some(s) if s != "Z" && s != "X");
        if !live || Instant::now() >= deadline {
            return live;
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// Puts the child to be spawned in a process group of its own, which it leads (Unix).
#[cfg(unix)]
pub fn own_process_group(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
}

/// Process groups are a Unix notion: elsewhere the child stays in ours.
#[cfg(not(unix))]
pub fn own_process_group(_command: &mut Command) {}

/// Sends SIGKILL to the process group `pgid` (a group our child leads). Refuses ids below 2,
/// which would mean every process we may signal.
#[cfg(unix)]
pub fn kill_group(pgid: u32) {
    if pgid < 2 {
        return;
    }
    // std offers no killpg; the `kill` utility does the same without a libc dependency.
    let _ = Command::new("kill")
        .args(["-s", "KILL", "--", &format!("-{pgid}")])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// Without process groups there is no group to signal: [`Child::kill`] ends the engine.
#[cfg(not(unix))]
pub fn kill_group(_pgid: u32) {}

/// GTP replies with an empty result may come as a bare `=` (or `=12`); the parser wants a
/// blank after the status, so one is added.
fn normalise(line: &str) -> String {
    let t = line.trim_end();
    let bare = !t.is_empty()
        && (t.starts_with('=') || t.starts_with('?'))
        && t[1..].bytes().all(|b| b.is_ascii_digit());
    if bare {
        format!("{t} ")
    } else {
        line.to_string()
    }
}

fn read_lines(mut out: impl Read, tx: mpsc::Sender<Event>) {
    let mut buf = [0u8; 8192];
    let mut line: Vec<u8> = Vec::new();
    loop {
        match out.read(&mut buf) {
            Ok(0) => {
                if !line.is_empty() {
                    let _ = tx.send(Event::Line(String::from_utf8_lossy(&line).into_owned()));
                }
                let _ = tx.send(Event::Eof("the engine closed its output".into()));
                return;
            }
            Ok(n) => {
                for &b in &buf[..n] {
                    if b == b'\n' || line.len() >= MAX_LINE {
                        let text = String::from_utf8_lossy(&line).into_owned();
                        line.clear();
                        if tx.send(Event::Line(text)).is_err() {
                            return;
                        }
                        if b == b'\n' {
                            continue;
                        }
                    }
                    line.push(b);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                let _ = tx.send(Event::Eof(format!("reading its output failed: {e}")));
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The engines of these tests are POSIX shell scripts (`#[cfg(unix)]`); the tests that
    // check liveness read `/proc` (`#[cfg(target_os = "linux")]`).

    #[cfg(unix)]
    fn sh(script: &str, dir: &Path) -> Result<Engine, EngineError> {
        let words = vec!["sh".to_string(), "-c".to_string(), script.to_string()];
        Engine::spawn("t", &words, &dir.join("stderr.log"), None)
    }

    fn tmp(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("tengen-arena-{}-{name}", std::process::id()));
        let _ = std::fs::create_dir_all(&d);
        d
    }

    #[cfg(target_os = "linux")]
    fn alive(pid: u32) -> bool {
        still_running_after(pid, Duration::from_secs(2))
    }

    #[test]
    fn normalise_adds_blank_after_bare_status() {
        assert_eq!(normalise("="), "= ");
        assert_eq!(normalise("=12"), "=12 ");
        assert_eq!(normalise("?"), "? ");
        assert_eq!(normalise("= D4"), "= D4");
        assert_eq!(normalise("=x"), "=x");
    }

    #[test]
    fn peak_resident_memory_from_proc_status() {
        let status = "Name:\tbash\nVmPeak:\t  10000 kB\nVmHWM:\t    3456 kB\nVmRSS:\t 3000 kB\n";
        assert_eq!(vm_hwm_kb(status), Some(3456));
        assert_eq!(vm_hwm_kb("Name:\tzombie\nState:\tZ (zombie)\n"), None);
        assert_eq!(vm_hwm_kb("VmHWM:\t x kB\n"), None);
        assert_eq!(vm_hwm_kb("VmHWM:\t 12 MB\n"), None);
        assert_eq!(vm_hwm_kb("VmHWM:\t 12\n"), None);
    }

    #[cfg(unix)]
    #[test]
    fn peak_resident_memory_of_a_running_engine() {
        let d = tmp("rss");
        let mut e = sh("read l; printf '= \\n\\n'; read l", &d).expect("spawn sh");
        if cfg!(target_os = "linux") {
            assert!(e.peak_rss_kb().is_some_and(|kb| kb > 0));
        } else {
            assert_eq!(e.peak_rss_kb(), None, "unknown without /proc");
        }
        e.finish(false);
        assert_eq!(e.peak_rss_kb(), None, "not after the end");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn replies_errors_garbage_timeout_and_crash() {
        let d = tmp("replies");
        let script = r#"
            read l; printf '= D4\n\n'
            read l; printf '=\n\n'
            read l; printf '? illegal move\n\n'
            read l; printf '= multi\nline\n\n'
            read l; printf 'hello there\n\n'
            read l; printf '=  \n  \n'
            read l; sleep 30
        "#;
        let mut e = sh(script, &d).expect("spawn sh");
        let c = gtp::Command::new("x");
        let t = Duration::from_secs(5);
        assert_eq!(
            e.send(&c, t),
            Ok(Reply {
                ok: true,
                text: "D4".into()
            })
        );
        assert_eq!(
            e.send(&c, t),
            Ok(Reply {
                ok: true,
                text: "".into()
            })
        );
        assert_eq!(
            e.send(&c, t),
            Ok(Reply {
                ok: false,
                text: "illegal move".into()
            })
        );
        assert_eq!(
            e.send(&c, t),
            Ok(Reply {
                ok: true,
                text: "multi\nline".into()
            })
        );
        assert!(matches!(e.send(&c, t), Err(EngineError::Garbage(_))));
        assert_eq!(
            e.send(&c, t),
            Ok(Reply {
                ok: true,
                text: "".into()
            })
        );
        let start = Instant::now();
        assert_eq!(
            e.send(&c, Duration::from_millis(300)),
            Err(EngineError::Timeout(0.3))
        );
        assert!(start.elapsed() < Duration::from_secs(2));
        let pid = e.pid();
        assert!(alive(pid));
        e.finish(false);
        assert!(!alive(pid));

        let mut e = sh("read l; exit 3", &d).expect("spawn sh");
        assert!(matches!(e.send(&c, t), Err(EngineError::Crash(_))));
        assert!(matches!(e.send(&c, t), Err(EngineError::Crash(_))));
        e.finish(true);
    }

    #[cfg(unix)]
    #[test]
    fn endless_reply_is_garbage() {
        let d = tmp("endless");
        let script = "read l; printf '= x\\n'; yes 0123456789 | head -c 3000000; sleep 30";
        let mut e = sh(script, &d).expect("spawn sh");
        assert_eq!(
            e.send(&gtp::Command::new("x"), Duration::from_secs(20)),
            Err(EngineError::Garbage(format!(
                "a reply longer than {MAX_REPLY} bytes"
            )))
        );
        e.finish(true);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn killing_ends_the_whole_group_only() {
        let d = tmp("group");
        let pidfile = d.join("child.pid");
        let script = format!(
            "sleep 60 >/dev/null & echo $! > '{}'; read l; printf '= ok\\n\\n'; read l; printf '= \\n\\n'",
            pidfile.display()
        );
        let mut e = sh(&script, &d).expect("spawn sh");
        assert_eq!(
            e.send(&gtp::Command::new("x"), Duration::from_secs(5)),
            Ok(Reply {
                ok: true,
                text: "ok".into()
            })
        );
        let grandchild: u32 = std::fs::read_to_string(&pidfile)
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .expect("child pid");
        assert!(alive(grandchild));
        let start = Instant::now();
        e.finish(true);
        assert!(!alive(grandchild), "the engine's own child must be gone");
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn spawn_failure_is_reported() {
        let d = tmp("spawn");
        let words = vec!["/nonexistent/engine".to_string()];
        assert!(matches!(
            Engine::spawn("t", &words, &d.join("e.log"), None),
            Err(EngineError::Spawn(_))
        ));
        assert!(matches!(
            Engine::spawn("t", &[], &d.join("e.log"), None),
            Err(EngineError::Spawn(_))
        ));
    }
}
