//! Files named from outside (a GTP line, the command line, a config): regular files, capped.
//!
//! A path from outside may name a FIFO (opening it blocks until a writer comes, forever if
//! none does), a device (`/dev/zero` never ends), a directory or a file that grows while it is
//! read. So the path's metadata is checked **before** opening: anything but a regular file is
//! refused with an error that says what it is, and so is a file already over the cap. Then
//! the file is opened without blocking (`O_NONBLOCK` on Unix, which a regular file ignores),
//! the opened file is checked again (a path swapped between the two looks is refused), and it
//! is read with the cap enforced while reading. Every file the engine or a tool reads from a
//! path it was given goes through [`read`] or [`read_text`]; [`write`] and [`append`] are the
//! same checks for a file the engine writes where it is told to.
//!
//! The errors are [`std::io::Error`]s, so a missing file is still [`ErrorKind::NotFound`];
//! a file that is not regular is [`ErrorKind::InvalidInput`] (a directory
//! [`ErrorKind::IsADirectory`]), and one over the cap [`ErrorKind::FileTooLarge`].

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, ErrorKind, Read, Write};
use std::path::Path;

/// Cap for one SGF game record (`loadsgf`, `tengen review`, `tengen score`, `tengen bench
/// search --sgf`, match openings): a long game is tens of kilobytes and a large commented
/// dictionary a few megabytes; 16 MiB leaves room and stays small beside the search.
pub const SGF: u64 = 16 << 20;

/// Cap for one file of network weights, a training checkpoint (weights and the optimiser's two
/// moments, three times the weights) or a pattern model: the built-in ones are 1.8, 5.5 and
/// 4.8 MB; 512 MiB holds the checkpoint of a 20-block, 256-filter network.
pub const WEIGHTS: u64 = 512 << 20;

/// Cap for one file of training data (game records in Tom's lines, positions, an index, a
/// match's `games.jsonl`): the largest of tom-9d is 3.7 MB and the whole collection in one
/// file 64 MB; 256 MiB is four times that.
pub const RECORDS: u64 = 256 << 20;

/// Cap for a small text a tool is given or writes and reads back (a tuning state, a match's
/// `match.json` and `summary.json`, a list of openings): kilobytes in practice.
pub const TEXT: u64 = 16 << 20;

/// What a file that is not regular is, for an error message.
fn what(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

/// `Ok` for a regular file; otherwise an error saying what the path names instead.
fn check_regular(meta: &Metadata) -> io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    let kind = if meta.is_dir() {
        ErrorKind::IsADirectory
    } else {
        ErrorKind::InvalidInput
    };
    Err(io::Error::new(
        kind,
        format!("{}, not a regular file", what(meta)),
    ))
}

/// The error for a file over `cap` bytes.
fn too_large(cap: u64) -> io::Error {
    io::Error::new(
        ErrorKind::FileTooLarge,
        format!("larger than the {} allowed", size(cap)),
    )
}

/// A size in words: `16 MiB`, `300 KiB`, `12 bytes`.
fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// Opens with `options` without waiting on a FIFO's other end, then checks the opened file
/// is regular.
fn open_checked(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let f = options.open(path)?;
    check_regular(&f.metadata()?)?;
    Ok(f)
}

/// The bytes of the regular file at `path`, at most `cap` of them: a FIFO, device, socket
/// or directory is refused before it is opened, and a file over `cap` (before or while it is
/// read) is an error.
pub fn read(path: impl AsRef<Path>, cap: u64) -> io::Result<Vec<u8>> {
    let path = path.as_ref();
    let meta = std::fs::metadata(path)?;
    check_regular(&meta)?;
    if meta.len() > cap {
        return Err(too_large(cap));
    }
    let f = open_checked(path, OpenOptions::new().read(true))?;
    read_capped(f, cap, meta.len())
}

/// Everything `r` gives, at most `cap` bytes: more is an error (a file that grew after its
/// size was looked at, a device that never ends). `expected` is the size to make room for.
fn read_capped(r: impl Read, cap: u64, expected: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(usize::try_from(expected.min(cap)).unwrap_or(0));
    r.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(too_large(cap));
    }
    Ok(bytes)
}

/// [`read`] as UTF-8 text; text that is not UTF-8 is an error ([`ErrorKind::InvalidData`]),
/// as with [`std::fs::read_to_string`].
pub fn read_text(path: impl AsRef<Path>, cap: u64) -> io::Result<String> {
    String::from_utf8(read(path, cap)?)
        .map_err(|_| io::Error::new(ErrorKind::InvalidData, "stream did not contain valid UTF-8"))
}

/// The path's metadata when something is there: an error when it is not a regular file.
fn check_existing(path: &Path) -> io::Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) => check_regular(&meta),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Writes `bytes` to the file at `path`, created or replaced; a FIFO, device, socket or
/// directory there is refused before it is opened (writing to a FIFO with no reader waits
/// forever).
pub fn write(path: impl AsRef<Path>, bytes: &[u8]) -> io::Result<()> {
    let path = path.as_ref();
    check_existing(path)?;
    let mut f = open_checked(path, OpenOptions::new().write(true).create(true))?;
    f.set_len(0)?;
    f.write_all(bytes)
}

/// Opens the file at `path` for appending, created if absent; anything there but a regular
/// file is refused before it is opened.
pub fn append(path: impl AsRef<Path>) -> io::Result<File> {
    let path = path.as_ref();
    check_existing(path)?;
    open_checked(path, OpenOptions::new().append(true).create(true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use std::process::Command;

    /// A fresh folder for one test.
    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tengen-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("temp dir");
        d
    }

    /// A FIFO at `dir/f` (with `mkfifo`, no writer).
    fn fifo(dir: &Path) -> PathBuf {
        let f = dir.join("f");
        let ok = Command::new("mkfifo")
            .arg(&f)
            .status()
            .expect("mkfifo")
            .success();
        assert!(ok, "mkfifo failed");
        f
    }

    #[test]
    fn a_regular_file_is_read_whole() {
        let d = tmp("regular");
        let p = d.join("a.sgf");
        std::fs::write(&p, b"(;SZ[9])").expect("write");
        assert_eq!(read(&p, SGF).expect("read"), b"(;SZ[9])");
        assert_eq!(read_text(&p, 8).expect("read"), "(;SZ[9])");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_fifo_is_refused_at_once() {
        let d = tmp("fifo");
        let f = fifo(&d);
        // no writer ever comes: a plain open would wait forever
        let e = read(&f, SGF).expect_err("a FIFO");
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert_eq!(e.to_string(), "a FIFO, not a regular file");
        let e = write(&f, b"x").expect_err("a FIFO");
        assert_eq!(e.to_string(), "a FIFO, not a regular file");
        assert!(append(&f).is_err());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_fifo_opened_after_the_check_is_refused_without_waiting() {
        let d = tmp("fifo-open");
        let f = fifo(&d);
        let e = open_checked(&f, OpenOptions::new().read(true)).expect_err("a FIFO");
        assert_eq!(e.to_string(), "a FIFO, not a regular file");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_directory_is_refused() {
        let d = tmp("dir");
        let e = read(&d, SGF).expect_err("a directory");
        assert_eq!(e.kind(), ErrorKind::IsADirectory);
        assert_eq!(e.to_string(), "a directory, not a regular file");
        assert!(write(&d, b"x").is_err());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn dev_zero_is_refused_before_a_byte_is_read() {
        let e = read("/dev/zero", WEIGHTS).expect_err("a device");
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert_eq!(e.to_string(), "a character device, not a regular file");
        let e = write("/dev/null", b"x").expect_err("a device");
        assert_eq!(e.to_string(), "a character device, not a regular file");
    }

    #[test]
    fn a_file_over_the_cap_is_refused() {
        let d = tmp("cap");
        let p = d.join("big");
        std::fs::write(&p, vec![b'x'; 1025]).expect("write");
        let e = read(&p, 1024).expect_err("over the cap");
        assert_eq!(e.kind(), ErrorKind::FileTooLarge);
        assert_eq!(e.to_string(), "larger than the 1 KiB allowed");
        assert_eq!(read(&p, 1025).expect("at the cap").len(), 1025);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn reading_stops_at_the_cap_whatever_the_size_looked_at() {
        // a file that grew after its size was checked, or a source that never ends
        let e = read_capped(io::repeat(0), 4096, 10).expect_err("endless");
        assert_eq!(e.kind(), ErrorKind::FileTooLarge);
        let e = read_capped(&[7u8; 9][..], 8, 0).expect_err("one byte over");
        assert_eq!(e.kind(), ErrorKind::FileTooLarge);
        assert_eq!(
            read_capped(&[7u8; 8][..], 8, 100)
                .expect("at the cap")
                .len(),
            8
        );
    }

    #[test]
    fn a_missing_file_is_not_found() {
        let d = tmp("missing");
        let e = read(d.join("none"), SGF).expect_err("missing");
        assert_eq!(e.kind(), ErrorKind::NotFound);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn text_must_be_utf8() {
        let d = tmp("utf8");
        let p = d.join("bad");
        std::fs::write(&p, [0xff, 0xfe]).expect("write");
        assert_eq!(
            read_text(&p, TEXT).expect_err("not UTF-8").kind(),
            ErrorKind::InvalidData
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn write_replaces_and_append_adds() {
        let d = tmp("write");
        let p = d.join("out.sgf");
        write(&p, b"a longer first text").expect("write");
        write(&p, b"short").expect("write");
        assert_eq!(std::fs::read(&p).expect("read"), b"short");
        append(&p).expect("append").write_all(b"+").expect("write");
        assert_eq!(std::fs::read(&p).expect("read"), b"short+");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn sizes_read_as_words() {
        assert_eq!(size(SGF), "16 MiB");
        assert_eq!(size(2048), "2 KiB");
        assert_eq!(size(1000), "1000 bytes");
    }
}
