//! Shared helpers for the black-box engine tests: spawning the engine binary over pipes,
//! reading its stdout through a reader thread with timeouts, and checking GTP reply framing.
//!
//! Every test target includes this module with `mod common;`; not every target uses every
//! helper, hence the `dead_code` allowance.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// Default time allowed for one ordinary reply (generous: 2 shared cores, tests in parallel).
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(20);

/// Time allowed for a reply that involves thinking (genmove and friends).
pub const THINK_TIMEOUT: Duration = Duration::from_secs(60);

/// Command-line arguments that make move generation fast and reproducible in tests.
pub const FAST_ARGS: &[&str] = &["--playouts", "200", "--threads", "1", "--seed", "7"];

/// The engine binary under test: `TENGEN_TEST_BIN` if set (to check the suites against
/// another GTP engine), else the `tengen` binary Cargo built for this test run.
pub fn engine_path() -> PathBuf {
    match std::env::var_os("TENGEN_TEST_BIN") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_BIN_EXE_tengen")),
    }
}

/// Folder `engine-tests/` of the source tree.
pub fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests")
}

/// A fresh path in the system temp folder, unique in this process and across processes.
pub fn temp_path(stem: &str, ext: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "tengen-test-{}-{}-{}.{}",
        stem,
        std::process::id(),
        n,
        ext
    ))
}

/// Why a read from the engine did not produce what was asked.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadError {
    /// Nothing complete arrived in time; holds the bytes received so far.
    Timeout(String),
    /// The engine closed stdout; holds the bytes received so far.
    Eof(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Timeout(s) => write!(f, "timeout; partial output {:?}", s),
            ReadError::Eof(s) => write!(f, "engine closed stdout; partial output {:?}", s),
        }
    }
}

/// One GTP reply, checked for framing and parsed by the `gtp` crate's `ResponseParser`.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// `true` for `=` (success), `false` for `?` (failure).
    pub ok: bool,
    /// The id echoed by the engine, if any.
    pub id: Option<u32>,
    /// The reply text without the `=`/`?`, id, separating space and final empty line.
    pub text: String,
    /// The exact bytes received, as text.
    pub raw: String,
}

impl Reply {
    /// The text in the form `.tst` patterns match: bare for success, `?` + text for failure.
    pub fn match_text(&self) -> String {
        if self.ok {
            self.text.clone()
        } else {
            format!("?{}", self.text)
        }
    }
}

// Characters the gtp crate's parser would rewrite (it strips `#` comments, drops CR and
// turns tabs into spaces, which is right for commands but wrong for reply text): they are
// swapped for private-use characters before parsing and swapped back afterwards.
const ESCAPES: [(char, char); 3] = [('#', '\u{E000}'), ('\t', '\u{E001}'), ('\r', '\u{E002}')];

/// Checks that `raw` is exactly one well-formed GTP v2 reply and parses it.
///
/// Well-formed: `=` or `?`, an optional id of digits, one space, the text (lines without
/// an empty line among them), and one empty line at the end (`\n\n`).
pub fn parse_reply(raw: &str) -> Result<Reply, String> {
    if !raw.ends_with("\n\n") {
        return Err(format!("reply does not end with an empty line: {:?}", raw));
    }
    let body = &raw[..raw.len() - 2];
    if body.contains("\n\n") {
        return Err(format!("empty line inside reply: {:?}", raw));
    }
    let ok = match body.chars().next() {
        Some('=') => true,
        Some('?') => false,
        _ => return Err(format!("reply starts with neither '=' nor '?': {:?}", raw)),
    };
    let after = &body[1..];
    let digits = after.chars().take_while(|c| c.is_ascii_digit()).count();
    let rest = &after[digits..];
    if !rest.starts_with(' ') {
        return Err(format!(
            "no space after '{}' and id (GTP v2 2.6, issue 3): {:?}",
            &body[..1 + digits],
            raw
        ));
    }
    let mut escaped = raw.to_string();
    for (from, to) in ESCAPES {
        escaped = escaped.replace(from, &to.to_string());
    }
    let mut parser = gtp::ResponseParser::new();
    parser.feed(&escaped);
    let response = parser
        .get_response()
        .map_err(|e| format!("gtp::ResponseParser rejected {:?}: {:?}", raw, e))?;
    let (parsed_ok, id, mut text) = match response {
        gtp::Response::Result((id, t)) => (true, id, t),
        gtp::Response::Error((id, t)) => (false, id, t),
    };
    for (from, to) in ESCAPES {
        text = text.replace(to, &from.to_string());
    }
    if parsed_ok != ok {
        return Err(format!("parser disagrees on success for {:?}", raw));
    }
    if digits > 0 && id.is_none() {
        return Err(format!("id not a valid number in {:?}", raw));
    }
    Ok(Reply {
        ok,
        id,
        text,
        raw: raw.to_string(),
    })
}

/// A running engine process driven over pipes. Writes go through a writer thread, so a
/// test never blocks on a full pipe to a hung engine; reads go through a reader thread
/// and always have a timeout.
pub struct Engine {
    child: Child,
    stdin: Option<Sender<Vec<u8>>>,
    write_failed: Arc<AtomicBool>,
    rx: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    eof: bool,
    /// Every byte written to the engine so far (for failure messages).
    pub sent: Vec<u8>,
}

impl Engine {
    /// Starts the engine with `args` in the crate root folder.
    pub fn spawn(args: &[&str]) -> Engine {
        Engine::spawn_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
    }

    /// Starts the engine with `args` in folder `dir`. stderr is discarded unless
    /// `TENGEN_TEST_STDERR` is set, then it is inherited.
    pub fn spawn_in(dir: &Path, args: &[&str]) -> Engine {
        Engine::spawn_with_env(dir, args, &[])
    }

    /// Starts the engine with `args` in folder `dir` and extra environment variables.
    pub fn spawn_with_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Engine {
        let stderr = if std::env::var_os("TENGEN_TEST_STDERR").is_some() {
            Stdio::inherit()
        } else {
            Stdio::null()
        };
        Engine::spawn_full(dir, args, env, stderr)
    }

    /// Starts the engine with `args` in the crate root folder, its stderr written to the
    /// file `path` (for tests that read what it writes beside the replies).
    pub fn spawn_with_stderr(args: &[&str], path: &Path) -> Engine {
        let file = std::fs::File::create(path)
            .unwrap_or_else(|e| panic!("cannot create {}: {}", path.display(), e));
        Engine::spawn_full(
            Path::new(env!("CARGO_MANIFEST_DIR")),
            args,
            &[],
            Stdio::from(file),
        )
    }

    fn spawn_full(dir: &Path, args: &[&str], env: &[(&str, &str)], stderr: Stdio) -> Engine {
        let bin = engine_path();
        let mut child = Command::new(&bin)
            .args(args)
            .envs(env.iter().copied())
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {}", bin.display(), e));
        let mut pipe = child.stdin.take().expect("stdin is piped");
        let (stdin, to_write) = channel::<Vec<u8>>();
        let write_failed = Arc::new(AtomicBool::new(false));
        let failed = write_failed.clone();
        thread::spawn(move || {
            while let Ok(bytes) = to_write.recv() {
                if pipe.write_all(&bytes).and_then(|_| pipe.flush()).is_err() {
                    failed.store(true, Ordering::SeqCst);
                    break;
                }
            }
        });
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            loop {
                match stdout.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if tx.send(chunk[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Engine {
            child,
            stdin: Some(stdin),
            write_failed,
            rx,
            buf: Vec::new(),
            eof: false,
            sent: Vec::new(),
        }
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// CPU seconds (user and system) the engine has used so far, from `/proc` (Linux only).
    #[cfg(target_os = "linux")]
    pub fn cpu_seconds(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid()))
            .expect("/proc/PID/stat is readable");
        // the fields after the command name in parentheses; utime and stime are 14 and 15
        let rest = &stat[stat.rfind(')').expect("stat has a command name") + 2..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        let ticks: f64 = f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap();
        ticks / 100.0
    }

    /// Queues raw bytes for the engine's stdin. Errors (a dead engine, closed input) are
    /// returned, not panicked on; a write that fails later shows up here next time.
    pub fn send_raw(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.sent.extend_from_slice(bytes);
        let broken = || std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdin closed");
        if self.write_failed.load(Ordering::SeqCst) {
            return Err(broken());
        }
        match self.stdin.as_ref() {
            Some(tx) => tx.send(bytes.to_vec()).map_err(|_| broken()),
            None => Err(broken()),
        }
    }

    /// Writes one command line (a newline is appended).
    pub fn send(&mut self, line: &str) {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        if let Err(e) = self.send_raw(&bytes) {
            panic!("cannot write {:?} to the engine: {}", line, e);
        }
    }

    /// Closes the engine's stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Moves whatever the reader thread has delivered into the buffer, waiting at most
    /// until `deadline` for at least one chunk. Returns false on timeout or EOF.
    fn pull(&mut self, deadline: Instant) -> bool {
        if self.eof {
            return false;
        }
        let now = Instant::now();
        let wait = deadline.saturating_duration_since(now);
        match self.rx.recv_timeout(wait) {
            Ok(chunk) => {
                self.buf.extend_from_slice(&chunk);
                while let Ok(more) = self.rx.try_recv() {
                    self.buf.extend_from_slice(&more);
                }
                true
            }
            Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                false
            }
        }
    }

    fn partial(&self) -> String {
        String::from_utf8_lossy(&self.buf).into_owned()
    }

    fn fail(&self) -> ReadError {
        if self.eof {
            ReadError::Eof(self.partial())
        } else {
            ReadError::Timeout(self.partial())
        }
    }

    /// Reads the bytes of one reply, up to and including its terminating empty line
    /// (`\n\n`), waiting at most `timeout`.
    pub fn read_raw_reply(&mut self, timeout: Duration) -> Result<String, ReadError> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(pos) = self.buf.windows(2).position(|w| w == b"\n\n") {
                let bytes: Vec<u8> = self.buf.drain(..pos + 2).collect();
                return Ok(String::from_utf8_lossy(&bytes).into_owned());
            }
            if !self.pull(deadline) {
                return Err(self.fail());
            }
        }
    }

    /// Reads one line (without its `\n`), waiting at most `timeout`.
    pub fn read_line(&mut self, timeout: Duration) -> Result<String, ReadError> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(pos) = self.buf.iter().position(|&b| b == b'\n') {
                let bytes: Vec<u8> = self.buf.drain(..pos + 1).collect();
                let line = String::from_utf8_lossy(&bytes[..pos]).into_owned();
                return Ok(line);
            }
            if !self.pull(deadline) {
                return Err(self.fail());
            }
        }
    }

    /// Collects everything the engine writes during `dur` (plus what was buffered).
    pub fn drain_for(&mut self, dur: Duration) -> String {
        let deadline = Instant::now() + dur;
        while Instant::now() < deadline {
            if !self.pull(deadline) && self.eof {
                break;
            }
        }
        let s = self.partial();
        self.buf.clear();
        s
    }

    /// Reads and checks one reply.
    pub fn reply(&mut self, timeout: Duration) -> Result<Reply, String> {
        let raw = self.read_raw_reply(timeout).map_err(|e| e.to_string())?;
        parse_reply(&raw)
    }

    /// Sends `line` and returns its reply, or a description of what went wrong.
    pub fn try_cmd(&mut self, line: &str, timeout: Duration) -> Result<Reply, String> {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.send_raw(&bytes)
            .map_err(|e| format!("cannot write {:?}: {}", line, e))?;
        self.reply(timeout)
    }

    /// Sends `line` and returns its reply; panics (failing the test) on timeout or a
    /// malformed reply.
    pub fn cmd(&mut self, line: &str) -> Reply {
        let timeout = if line.contains("genmove") {
            THINK_TIMEOUT
        } else {
            REPLY_TIMEOUT
        };
        match self.try_cmd(line, timeout) {
            Ok(r) => r,
            Err(e) => panic!("command {:?}: {}", line, e),
        }
    }

    /// Sends `line`, asserts success and returns the reply text.
    pub fn ok(&mut self, line: &str) -> String {
        let r = self.cmd(line);
        assert!(r.ok, "command {:?} failed: {:?}", line, r.raw);
        r.text
    }

    /// Sends `line`, asserts failure and returns the error message.
    pub fn err(&mut self, line: &str) -> String {
        let r = self.cmd(line);
        assert!(
            !r.ok,
            "command {:?} should fail but replied {:?}",
            line, r.raw
        );
        r.text
    }

    /// Waits at most `timeout` for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        if self.wait_exit(Duration::from_millis(300)).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Letters of GTP columns (no I).
pub const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// GTP vertex for 0-based column `x` and 0-based row `y` from the bottom.
pub fn vertex(x: usize, y: usize) -> String {
    format!("{}{}", &COLUMNS[x..x + 1], y + 1)
}

/// Whether `s` is a syntactically valid upper-case vertex on a board of `size`.
pub fn is_vertex_on(s: &str, size: usize) -> bool {
    let mut chars = s.chars();
    let Some(c) = chars.next() else { return false };
    let Some(x) = COLUMNS.find(c) else {
        return false;
    };
    let row: String = chars.collect();
    if row.starts_with('0') {
        return false;
    }
    match row.parse::<usize>() {
        Ok(y) => x < size && y >= 1 && y <= size,
        Err(_) => false,
    }
}

/// Runs the engine once with `args` and no input (and no `RUST_LOG`), waiting at most
/// `timeout`; returns its exit status, stdout and stderr (for `--help`, command-line errors
/// and the start-up log).
pub fn run_once(args: &[&str], timeout: Duration) -> (ExitStatus, String, String) {
    let bin = engine_path();
    let mut child = Command::new(&bin)
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {}", bin.display(), e));
    let mut out = child.stdout.take().expect("stdout is piped");
    let mut err = child.stderr.take().expect("stderr is piped");
    let out_thread = thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_thread = thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Ok(Some(s)) = child.try_wait() {
            break s;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tengen {:?} did not exit within {:?}", args, timeout);
        }
        thread::sleep(Duration::from_millis(20));
    };
    let out = out_thread.join().unwrap_or_default();
    let err = err_thread.join().unwrap_or_default();
    (
        status,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

/// GoGui's gfx commands (GoGui manual, "Analyze Commands").
#[allow(dead_code)] // not every test binary that includes this module uses it
pub const GFX_KEYWORDS: &[&str] = &[
    "BLACK",
    "CIRCLE",
    "CLEAR",
    "COLOR",
    "GRAY",
    "INFLUENCE",
    "LABEL",
    "MARK",
    "SQUARE",
    "TEXT",
    "TRIANGLE",
    "VAR",
    "WHITE",
];
