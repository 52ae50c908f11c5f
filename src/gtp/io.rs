//! The GTP loop: a reader thread turns stdin bytes into lines, the loop answers each command
//! strictly in order through a [`Handler`] and flushes every reply. Streamed replies (analysis)
//! go through [`Stream`], which also tells the handler when new input has arrived.

use super::frame::{self, Command, MAX_LINE};
use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// What a handler did with a command.
#[derive(Debug, Clone, PartialEq)]
pub enum Response {
    /// A normal reply: success text or failure message.
    Reply(Result<String, String>),
    /// The success reply to `quit`; the loop ends after writing it.
    Quit,
    /// The handler opened a streamed reply with [`Stream::start`] and wrote its lines; the loop
    /// writes these final lines (if any) and ends the reply with its empty line.
    Streamed(Vec<String>),
}

/// The output side of a streamed reply, and the view of pending input a long command needs.
pub trait Stream {
    /// Opens the reply (`=[id] ` line); idempotent.
    fn start(&mut self);
    /// Writes one line of the open reply and flushes.
    fn emit(&mut self, line: &str);
    /// A flag that becomes true when any new input line arrives (or input ends).
    fn input_flag(&self) -> Arc<AtomicBool>;
    /// A flag that becomes true when an interrupt (`# interrupt`, `gogui-interrupt`, `stop`)
    /// arrives.
    fn interrupt_flag(&self) -> Arc<AtomicBool>;
}

/// Something that answers GTP commands.
pub trait Handler {
    /// Answers one command. Long commands may stream through `stream`.
    fn handle(&mut self, cmd: &Command, stream: &mut dyn Stream) -> Response;
}

/// Lines read but not yet answered, shared by the reader thread and the loop. `arrived` mirrors
/// "a line is waiting or input has ended" and is only changed under the lock, so it is never
/// stale.
struct Inbox {
    state: Mutex<InboxState>,
    ready: Condvar,
    arrived: Arc<AtomicBool>,
}

#[derive(Default)]
struct InboxState {
    lines: VecDeque<String>,
    closed: bool,
}

impl Inbox {
    fn lock(&self) -> MutexGuard<'_, InboxState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn push(&self, line: Option<String>) {
        let mut st = self.lock();
        match line {
            Some(l) => st.lines.push_back(l),
            None => st.closed = true,
        }
        self.arrived.store(true, Ordering::SeqCst);
        self.ready.notify_all();
    }

    /// The next line, waiting for it; `None` once input has ended and every line is taken.
    fn pop(&self) -> Option<String> {
        let mut st = self.lock();
        loop {
            if let Some(l) = st.lines.pop_front() {
                let more = !st.lines.is_empty() || st.closed;
                self.arrived.store(more, Ordering::SeqCst);
                return Some(l);
            }
            if st.closed {
                self.arrived.store(true, Ordering::SeqCst);
                return None;
            }
            st = self.ready.wait(st).unwrap_or_else(|e| e.into_inner());
        }
    }
}

struct LoopStream<'a, W: Write> {
    out: &'a mut W,
    id: Option<String>,
    started: bool,
    arrived: Arc<AtomicBool>,
    interrupt: Arc<AtomicBool>,
    failed: bool,
}

impl<W: Write> LoopStream<'_, W> {
    fn write(&mut self, s: &str) {
        if self.out.write_all(s.as_bytes()).is_err() || self.out.flush().is_err() {
            self.failed = true;
            // nobody listens any more: let long commands stop
            self.arrived.store(true, Ordering::SeqCst);
        }
    }
}

impl<W: Write> Stream for LoopStream<'_, W> {
    fn start(&mut self) {
        if !self.started {
            self.started = true;
            let s = frame::stream_start(self.id.as_deref());
            self.write(&s);
        }
    }
    fn emit(&mut self, line: &str) {
        self.start();
        self.write(&frame::stream_lines(line));
    }
    fn input_flag(&self) -> Arc<AtomicBool> {
        self.arrived.clone()
    }
    fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }
}

/// Reads one line of at most [`MAX_LINE`] bytes (the rest is skipped); `None` at end of input.
fn read_line_capped<R: BufRead>(r: &mut R) -> Option<Vec<u8>> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return any.then_some(line),
        };
        if buf.is_empty() {
            return any.then_some(line);
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        r.consume(used);
        if done {
            return Some(line);
        }
    }
}

/// Whether `cmd` interrupts a running search as soon as it is read: GoGui's
/// `gogui-interrupt` and KataGo's `stop`, each answered in its turn afterwards.
fn is_interrupt_command(cmd: &Command) -> bool {
    cmd.name == "gogui-interrupt" || cmd.name == "stop"
}

/// Starts the reader thread: every line goes into the inbox; `interrupt` is set when a line
/// asks for an interrupt.
fn spawn_reader<R: Read + Send + 'static>(input: R, inbox: Arc<Inbox>, interrupt: Arc<AtomicBool>) {
    let spawned = std::thread::Builder::new()
        .name("gtp-reader".into())
        .spawn({
            let inbox = inbox.clone();
            move || {
                let mut r = BufReader::new(input);
                while let Some(bytes) = read_line_capped(&mut r) {
                    let line = String::from_utf8_lossy(&bytes).into_owned();
                    if frame::is_interrupt_comment(&line)
                        || frame::parse_line(&line).is_some_and(|c| is_interrupt_command(&c))
                    {
                        interrupt.store(true, Ordering::SeqCst);
                    }
                    inbox.push(Some(line));
                }
                inbox.push(None);
            }
        });
    if let Err(e) = spawned {
        log::error!("cannot start the input thread: {e}");
        inbox.push(None);
    }
}

/// Answers one command through `handler` and writes its whole reply to `out`: the one path
/// from a [`Response`] to framed text, used by the GTP loop and by [`super::Gtp::exec`].
/// `arrived` and `interrupt` are the flags the handler's [`Stream`] hands out. Returns whether
/// the command was `quit`; an error only when `out` cannot be written.
pub fn answer<H: Handler + ?Sized, W: Write>(
    handler: &mut H,
    cmd: &Command,
    out: &mut W,
    arrived: Arc<AtomicBool>,
    interrupt: Arc<AtomicBool>,
) -> io::Result<bool> {
    let id = cmd.id.as_deref();
    let mut stream = LoopStream {
        out,
        id: cmd.id.clone(),
        started: false,
        arrived,
        interrupt,
        failed: false,
    };
    let response = handler.handle(cmd, &mut stream);
    let (started, failed) = (stream.started, stream.failed);
    if failed {
        return Err(io::Error::new(io::ErrorKind::BrokenPipe, "output closed"));
    }
    let text = match &response {
        Response::Reply(Ok(t)) => frame::success(id, t),
        Response::Reply(Err(m)) => frame::failure(id, m),
        Response::Quit => frame::success(id, ""),
        Response::Streamed(lines) => {
            let mut s = if started {
                String::new()
            } else {
                frame::stream_start(id)
            };
            for l in lines {
                s.push_str(&frame::stream_lines(l));
            }
            s.push_str(frame::end_stream());
            s
        }
    };
    log::debug!(">> {}", text.trim_end());
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(response == Response::Quit)
}

/// Runs the GTP loop until `quit` or the end of input. Returns an error only when the output
/// cannot be written.
pub fn run<H: Handler, R: Read + Send + 'static, W: Write>(
    handler: &mut H,
    input: R,
    mut out: W,
) -> io::Result<()> {
    let arrived = Arc::new(AtomicBool::new(false));
    let interrupt = Arc::new(AtomicBool::new(false));
    let inbox = Arc::new(Inbox {
        state: Mutex::new(InboxState::default()),
        ready: Condvar::new(),
        arrived: arrived.clone(),
    });
    spawn_reader(input, inbox.clone(), interrupt.clone());
    while let Some(raw) = inbox.pop() {
        if frame::is_interrupt_comment(&raw) {
            interrupt.store(false, Ordering::SeqCst);
            continue;
        }
        let Some(cmd) = frame::parse_line(&raw) else {
            continue;
        };
        log::debug!("<< {}", frame::preprocess(&raw));
        if is_interrupt_command(&cmd) {
            interrupt.store(false, Ordering::SeqCst);
        }
        if answer(handler, &cmd, &mut out, arrived.clone(), interrupt.clone())? {
            return Ok(());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A handler that echoes, fails on `fail`, streams on `stream N`, quits on `quit`.
    struct Echo;

    impl Handler for Echo {
        fn handle(&mut self, cmd: &Command, stream: &mut dyn Stream) -> Response {
            match cmd.name.as_str() {
                "fail" => Response::Reply(Err("syntax error".into())),
                "quit" => Response::Quit,
                "stream" => {
                    stream.start();
                    let flag = stream.input_flag();
                    let mut n = 0;
                    // stream until further input arrives (bounded for the test)
                    while !flag.load(Ordering::SeqCst) && n < 1000 {
                        stream.emit(&format!("info {n}"));
                        n += 1;
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    Response::Streamed(vec!["play D4".into()])
                }
                _ => Response::Reply(Ok(cmd.args.join(" "))),
            }
        }
    }

    fn transcript(input: &[u8]) -> String {
        let mut out = Vec::new();
        run(&mut Echo, std::io::Cursor::new(input.to_vec()), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn answers_in_order_with_ids() {
        let t = transcript(b"1 a x\n\n# c\nfail\r\n2 b y z\nquit\nnever\n");
        assert_eq!(t, "=1 x\n\n? syntax error\n\n=2 y z\n\n= \n\n");
    }

    #[test]
    fn binary_and_long_lines() {
        let mut input = vec![0xff, 0xfe, b'a', 0, b'\n'];
        input.extend(std::iter::repeat_n(b'x', 100_000));
        input.extend_from_slice(b" y\nlast");
        let t = transcript(&input);
        let replies: Vec<&str> = t.split("\n\n").filter(|s| !s.is_empty()).collect();
        assert_eq!(replies.len(), 3, "{t:.80}");
        assert!(replies[2].starts_with("= "));
    }

    #[test]
    fn stream_ends_when_input_arrives() {
        let t = transcript(b"stream\nb after\n");
        assert!(t.starts_with("= \n"), "{t}");
        assert!(t.ends_with("play D4\n\n= after\n\n"), "{t}");
        assert_eq!(t.matches("\n\n").count(), 2);
    }

    #[test]
    fn capped_line_reader() {
        let data = vec![b'z'; MAX_LINE + 10];
        let mut r = std::io::Cursor::new(data);
        let l = read_line_capped(&mut r).unwrap();
        assert_eq!(l.len(), MAX_LINE);
        assert!(read_line_capped(&mut r).is_none());
    }
}
