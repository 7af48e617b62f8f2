//! The stream under every IO object: an open file with CRuby's buffering (object-model.md §7,
//! CRuby Bug #13085), independent of the VM so it can be unit-tested.
//!
//! Writing: each stream has an 8 KiB write buffer, allocated on first use. A write that fits is
//! copied into it (no system call). One that does not goes out at once, together with the
//! pending bytes in one `writev`, looping on partial writes. Sync streams (`$stderr`, `sync =
//! true`) and terminals write straight out. When the bytes come from a mutable String they are
//! first copied into a hidden buffer that the stream keeps and reuses for the next such write:
//! the String itself is never frozen, shared or made a root, so mutating it later costs nothing.
//!
//! Reading: an 8 KiB read buffer serves `gets`, `getc`, `read(n)` and friends; reads flush the
//! write buffer first (files opened "r+"), and seeks drop whatever was read ahead.

use std::fs::File;
use std::io::{self, IoSlice, Read, Seek, SeekFrom, Write};

/// Capacity of a stream's write buffer, and the read-ahead size.
pub const BUF_CAPA: usize = 8192;

/// I/O counters, per interpreter (`RubyVM.stat`, `--stats`).
#[derive(Default, Debug, Clone, Copy)]
pub struct IoStats {
    /// write(2) and writev(2) calls.
    pub write_syscalls: u64,
    /// Bytes copied into write buffers.
    pub wbuf_bytes: u64,
    /// Direct writes of mutable strings, copied into the hidden buffer first.
    pub hidden_writes: u64,
    /// Hidden-buffer writes that reused the buffer's storage (no allocation).
    pub hidden_reuses: u64,
    /// Objects allocated while writing (always 0 for String arguments).
    pub write_objects: u64,
    /// read(2) calls.
    pub read_syscalls: u64,
}

/// How a stream was opened.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Mode {
    pub read: bool,
    pub write: bool,
    pub append: bool,
    pub binary: bool,
    /// The external encoding given at open (`"r:ISO-8859-1"`, `encoding:`), when not BINARY:
    /// strings read are in it, strings written are converted to it.
    pub ext: Option<crate::object::string::Encoding>,
    /// The internal encoding given at open (`"r:EXT:INT"`): strings read are converted to it.
    pub int: Option<crate::object::string::Encoding>,
}

/// An open stream (or a closed one: `file` is None).
pub struct Stream {
    /// The descriptor number Ruby sees (`fileno`); the standard streams keep 0, 1 and 2 even
    /// though `file` holds a duplicate.
    pub fd: i32,
    file: Option<File>,
    pub path: Option<String>,
    pub mode: Mode,
    pub sync: bool,
    pub tty: bool,
    pub lineno: i64,
    wbuf: Vec<u8>,
    rbuf: Vec<u8>,
    rpos: usize,
    hidden: Vec<u8>,
    /// The write side when it is a descriptor of its own (`IO.popen(cmd, "r+")`: a pipe to the
    /// child's stdin beside `file`, the pipe from its stdout).
    wfile: Option<File>,
    /// The child process an `IO.popen` stream talks to, waited for when the stream closes.
    pub pid: Option<i32>,
}

impl Stream {
    pub fn new(file: File, fd: i32, mode: Mode, path: Option<String>) -> Stream {
        use std::io::IsTerminal;
        let tty = file.is_terminal();
        Stream {
            fd,
            file: Some(file),
            path,
            mode,
            sync: false,
            tty,
            lineno: 0,
            wbuf: Vec::new(),
            rbuf: Vec::new(),
            rpos: 0,
            hidden: Vec::new(),
            wfile: None,
            pid: None,
        }
    }

    /// A stream on a duplicate of one of the process's standard descriptors (None if closed).
    pub fn standard(fd: i32) -> Stream {
        use std::os::fd::AsFd;
        let dup = match fd {
            0 => io::stdin().as_fd().try_clone_to_owned(),
            1 => io::stdout().as_fd().try_clone_to_owned(),
            _ => io::stderr().as_fd().try_clone_to_owned(),
        };
        let mode = Mode {
            read: fd == 0,
            write: fd != 0,
            ..Mode::default()
        };
        let mut s = match dup {
            Ok(o) => Stream::new(File::from(o), fd, mode, None),
            Err(_) => Stream {
                fd,
                file: None,
                path: None,
                mode,
                sync: false,
                tty: false,
                lineno: 0,
                wbuf: Vec::new(),
                rbuf: Vec::new(),
                rpos: 0,
                hidden: Vec::new(),
                wfile: None,
                pid: None,
            },
        };
        s.sync = fd == 2;
        s
    }

    pub fn is_closed(&self) -> bool {
        self.file.is_none()
    }

    pub fn file(&mut self) -> io::Result<&mut File> {
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::from_raw_os_error(libc::EBADF))
    }

    /// Bytes held outside the object (for the malloc counters).
    pub fn buffer_bytes(&self) -> usize {
        self.wbuf.capacity() + self.rbuf.capacity() + self.hidden.capacity()
    }

    pub fn pending(&self) -> usize {
        self.wbuf.len()
    }

    // ---- writing ----

    /// Writes `data`; `mutable` says it is the bytes of a String that may change afterwards,
    /// so a direct write goes through the hidden buffer.
    pub fn write(&mut self, data: &[u8], mutable: bool, st: &mut IoStats) -> io::Result<()> {
        if data.is_empty() {
            return Ok(());
        }
        if self.wfile.is_none() {
            // one file read and written: the write goes where the reading stopped
            self.drop_read_ahead()?;
        }
        let direct = self.sync || self.tty;
        let pending = self.wbuf.len();
        if !direct && pending + data.len() < BUF_CAPA
            || direct && pending > 0 && pending + data.len() <= BUF_CAPA
        {
            if self.wbuf.capacity() == 0 {
                self.wbuf.reserve_exact(BUF_CAPA);
            }
            self.wbuf.extend_from_slice(data);
            st.wbuf_bytes += data.len() as u64;
            return if direct { self.flush(st) } else { Ok(()) };
        }
        if !mutable {
            return self.write_through(data, st);
        }
        let mut hidden = std::mem::take(&mut self.hidden);
        st.hidden_writes += 1;
        if hidden.capacity() >= data.len() {
            st.hidden_reuses += 1;
        }
        hidden.clear();
        hidden.extend_from_slice(data);
        let r = self.write_through(&hidden, st);
        self.hidden = hidden;
        r
    }

    /// Sends the pending buffer and then `data` to the file, with writev while both remain,
    /// looping on partial writes. The buffer is empty afterwards, also on error.
    fn write_through(&mut self, data: &[u8], st: &mut IoStats) -> io::Result<()> {
        let wbuf = std::mem::take(&mut self.wbuf);
        let r = self.write_both(&wbuf, data, st);
        self.wbuf = wbuf;
        self.wbuf.clear();
        r
    }

    fn write_both(&mut self, head: &[u8], data: &[u8], st: &mut IoStats) -> io::Result<()> {
        match self.wfile.as_mut() {
            Some(w) => write_both_to(w, head, data, st),
            None => write_both_to(self.file()?, head, data, st),
        }
    }

    /// Gives the stream a separate descriptor for writing (a duplex `IO.popen`).
    pub fn set_write_file(&mut self, w: File) {
        self.wfile = Some(w);
        self.mode.write = true;
    }

    /// Whether writing goes to a descriptor of its own (`close_write` can close it alone).
    pub fn has_write_file(&self) -> bool {
        self.wfile.is_some()
    }

    /// Flushes and closes the separate write descriptor (`close_write` of a duplex stream).
    pub fn close_write(&mut self, st: &mut IoStats) -> io::Result<()> {
        let r = self.flush(st);
        self.wfile = None;
        self.mode.write = false;
        self.wbuf = Vec::new();
        r
    }

    /// Closes the read descriptor of a duplex stream; writing goes on through the other.
    pub fn close_read(&mut self) {
        self.file = self.wfile.take();
        self.mode.read = false;
        self.rbuf = Vec::new();
        self.rpos = 0;
    }

    /// Bytes read ahead and not yet consumed (`IO.select` counts such a stream readable).
    pub fn buffered_unread(&self) -> usize {
        self.rbuf.len() - self.rpos
    }

    /// The descriptor writes go to, for `IO.select`.
    pub fn write_file(&mut self) -> io::Result<&mut File> {
        if self.wfile.is_some() {
            return self
                .wfile
                .as_mut()
                .ok_or_else(|| io::Error::from_raw_os_error(libc::EBADF));
        }
        self.file()
    }

    /// Writes out the pending buffer.
    pub fn flush(&mut self, st: &mut IoStats) -> io::Result<()> {
        if self.wbuf.is_empty() {
            return Ok(());
        }
        self.write_through(&[], st)
    }

    /// Forgets the pending bytes.
    pub fn discard(&mut self) {
        self.wbuf.clear();
    }

    /// Flushes and closes; the stream stays closed even when the flush fails.
    pub fn close(&mut self, st: &mut IoStats) -> io::Result<()> {
        let r = self.flush(st);
        self.file = None;
        self.wfile = None;
        self.rbuf = Vec::new();
        self.rpos = 0;
        self.wbuf = Vec::new();
        self.hidden = Vec::new();
        r
    }

    // ---- reading ----

    /// Unread bytes in the read buffer, refilled with one read(2) when it is empty; an empty
    /// slice at end of file.
    pub fn fill(&mut self, st: &mut IoStats) -> io::Result<&[u8]> {
        if self.rpos == self.rbuf.len() {
            self.rbuf.clear();
            self.rpos = 0;
            if self.rbuf.capacity() == 0 {
                self.rbuf.reserve_exact(BUF_CAPA);
            }
            self.fill_more(st)?;
        }
        Ok(&self.rbuf[self.rpos..])
    }

    /// The bytes read ahead and not consumed yet.
    pub fn buffered(&self) -> &[u8] {
        &self.rbuf[self.rpos..]
    }

    /// One more read(2), appended to the bytes read ahead (which stay); 0 at end of file.
    pub fn fill_more(&mut self, st: &mut IoStats) -> io::Result<usize> {
        self.flush(st)?;
        self.rbuf.drain(..self.rpos);
        self.rpos = 0;
        let old = self.rbuf.len();
        self.rbuf.resize(old + BUF_CAPA, 0);
        let Some(f) = self.file.as_mut() else {
            self.rbuf.truncate(old);
            return Err(io::Error::from_raw_os_error(libc::EBADF));
        };
        loop {
            st.read_syscalls += 1;
            match f.read(&mut self.rbuf[old..]) {
                Ok(n) => {
                    self.rbuf.truncate(old + n);
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.rbuf.truncate(old);
                    return Err(e);
                }
            }
        }
    }

    pub fn consume(&mut self, n: usize) {
        self.rpos += n;
    }

    /// Reads to the end of the file, appending to `out`.
    pub fn read_all(&mut self, out: &mut Vec<u8>, st: &mut IoStats) -> io::Result<()> {
        self.flush(st)?;
        out.extend_from_slice(&self.rbuf[self.rpos..]);
        self.rpos = self.rbuf.len();
        st.read_syscalls += 1;
        self.file()?.read_to_end(out)?;
        Ok(())
    }

    /// Reads up to `n` bytes into `out` (cleared first), stopping early only at end of file;
    /// with `partial`, returns after the first read that yields anything.
    pub fn read_n(
        &mut self,
        n: usize,
        out: &mut Vec<u8>,
        partial: bool,
        st: &mut IoStats,
    ) -> io::Result<()> {
        out.clear();
        self.read_into(n, out, partial, st)
    }

    /// Reads up to `n` bytes into `out`, overwriting what it held (a caller's reused buffer: its
    /// old bytes are overwritten in place, not cleared, so a steady loop touches no new memory).
    /// `out` grows by doubling only as data arrives, so a large `n` on a short file costs
    /// nothing. Large reads with nothing read ahead go from the file straight into `out`.
    pub fn read_into(
        &mut self,
        n: usize,
        out: &mut Vec<u8>,
        partial: bool,
        st: &mut IoStats,
    ) -> io::Result<()> {
        let mut got = 0;
        let r = self.read_into_at(n, out, &mut got, partial, st);
        out.truncate(got);
        r
    }

    fn read_into_at(
        &mut self,
        n: usize,
        out: &mut Vec<u8>,
        got: &mut usize,
        partial: bool,
        st: &mut IoStats,
    ) -> io::Result<()> {
        while *got < n {
            if *got == out.len() {
                let grow = (n - *got).min(out.len().max(BUF_CAPA));
                out.resize(*got + grow, 0);
            }
            let end = n.min(out.len());
            if self.rpos == self.rbuf.len() && end - *got >= BUF_CAPA {
                self.flush(st)?;
                st.read_syscalls += 1;
                let k = match self.file()?.read(&mut out[*got..end]) {
                    Ok(k) => k,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                if k == 0 {
                    break;
                }
                *got += k;
            } else {
                let avail = self.fill(st)?;
                if avail.is_empty() {
                    break;
                }
                let k = avail.len().min(end - *got);
                out[*got..*got + k].copy_from_slice(&avail[..k]);
                self.rpos += k;
                *got += k;
            }
            if partial {
                break;
            }
        }
        Ok(())
    }

    /// Reads one line into `out` (cleared first): up to and including `sep` (`None`: to the end;
    /// empty: paragraph mode), at most `limit` bytes extended to a whole UTF-8 character.
    /// Returns false at end of file.
    pub fn gets(
        &mut self,
        sep: Option<&[u8]>,
        limit: Option<usize>,
        out: &mut Vec<u8>,
        st: &mut IoStats,
    ) -> io::Result<bool> {
        out.clear();
        let para = sep == Some(b"");
        if para {
            self.skip_newlines(st)?;
        }
        let sep: Option<&[u8]> = if para { Some(b"\n\n") } else { sep };
        loop {
            let room = match limit {
                Some(l) if out.len() >= l => {
                    if utf8_complete(out) {
                        break;
                    }
                    1
                }
                Some(l) => l - out.len(),
                None => usize::MAX,
            };
            let avail = self.fill(st)?;
            if avail.is_empty() {
                break;
            }
            let take = avail.len().min(room);
            let found = match sep {
                Some(s) if !s.is_empty() => find_sep(out, &avail[..take], s),
                _ => None,
            };
            if let Some(end) = found {
                out.extend_from_slice(&avail[..end]);
                self.rpos += end;
                break;
            }
            out.extend_from_slice(&avail[..take]);
            self.rpos += take;
        }
        if para && !out.is_empty() {
            self.skip_newlines(st)?;
        }
        Ok(!out.is_empty())
    }

    fn skip_newlines(&mut self, st: &mut IoStats) -> io::Result<()> {
        loop {
            let avail = self.fill(st)?;
            if avail.first() != Some(&b'\n') {
                return Ok(());
            }
            self.rpos += 1;
        }
    }

    /// Reads one character (one UTF-8 sequence, or one byte when it is not valid UTF-8, or any
    /// byte with `binary`) into `out`; false at end of file.
    pub fn getc(&mut self, binary: bool, out: &mut Vec<u8>, st: &mut IoStats) -> io::Result<bool> {
        out.clear();
        let Some(&b) = self.fill(st)?.first() else {
            return Ok(false);
        };
        out.push(b);
        self.rpos += 1;
        let want = if binary { 1 } else { lead_len(b) };
        while out.len() < want {
            match self.fill(st)?.first() {
                Some(&c) if c & 0xc0 == 0x80 => {
                    out.push(c);
                    self.rpos += 1;
                }
                _ => break,
            }
        }
        Ok(true)
    }

    /// Reads one character of encoding `enc` (a multibyte one other than UTF-8): the bytes
    /// while they start a valid character, an invalid byte alone.
    pub fn getc_in(
        &mut self,
        enc: crate::object::string::Encoding,
        out: &mut Vec<u8>,
        st: &mut IoStats,
    ) -> io::Result<bool> {
        out.clear();
        let Some(&b) = self.fill(st)?.first() else {
            return Ok(false);
        };
        out.push(b);
        self.rpos += 1;
        while enc.incomplete(out) {
            let Some(&c) = self.fill(st)?.first() else {
                break;
            };
            out.push(c);
            if enc.precise_len(out).is_none() && !enc.incomplete(out) {
                out.pop();
                break;
            }
            self.rpos += 1;
        }
        Ok(true)
    }

    pub fn eof(&mut self, st: &mut IoStats) -> io::Result<bool> {
        Ok(self.fill(st)?.is_empty())
    }

    /// Pushes bytes back in front of the read buffer (`ungetc`, `ungetbyte`).
    pub fn unread(&mut self, bytes: &[u8]) {
        let rest = self.rbuf.split_off(self.rpos);
        self.rbuf.clear();
        self.rbuf.extend_from_slice(bytes);
        self.rbuf.extend_from_slice(&rest);
        self.rpos = 0;
    }

    // ---- positioning ----

    /// Throws away read-ahead, moving the file position back to what the program has read.
    fn drop_read_ahead(&mut self) -> io::Result<()> {
        let unread = self.rbuf.len() - self.rpos;
        self.rbuf.clear();
        self.rpos = 0;
        if unread > 0 {
            self.file()?.seek(SeekFrom::Current(-(unread as i64)))?;
        }
        Ok(())
    }

    pub fn seek(&mut self, to: SeekFrom, st: &mut IoStats) -> io::Result<u64> {
        self.flush(st)?;
        self.drop_read_ahead()?;
        self.file()?.seek(to)
    }

    /// The position as Ruby sees it: bytes pushed back with ungetc at the start of the file make it
    /// negative (CRuby's `pos` is then -2 after `ungetc("zz")` at 0).
    pub fn pos(&mut self) -> io::Result<i64> {
        let unread = (self.rbuf.len() - self.rpos) as i64;
        let pending = self.wbuf.len() as i64;
        let at = self.file()?.stream_position()? as i64;
        Ok(at + pending - unread)
    }
}

/// Writes `head` then `data` to `w`: one writev while both remain, then plain writes, looping
/// until every byte is accepted (a write may take only part of what it is given).
fn write_both_to(w: &mut impl Write, head: &[u8], data: &[u8], st: &mut IoStats) -> io::Result<()> {
    let (mut h, mut d) = (0, 0);
    while h < head.len() || d < data.len() {
        st.write_syscalls += 1;
        let r = if h < head.len() && d < data.len() {
            w.write_vectored(&[IoSlice::new(&head[h..]), IoSlice::new(&data[d..])])
        } else if h < head.len() {
            w.write(&head[h..])
        } else {
            w.write(&data[d..])
        };
        match r {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => {
                let from_head = n.min(head.len() - h);
                h += from_head;
                d += n - from_head;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Where `sep` ends in `out ++ chunk`, as an index into `chunk`, if it ends inside `chunk`.
fn find_sep(out: &[u8], chunk: &[u8], sep: &[u8]) -> Option<usize> {
    if sep.len() == 1 {
        return memchr::memchr(sep[0], chunk).map(|i| i + 1);
    }
    // a separator may straddle the end of `out` and the start of `chunk`
    let keep = (sep.len() - 1).min(out.len());
    let mut joined = out[out.len() - keep..].to_vec();
    joined.extend_from_slice(chunk);
    memchr::memmem::find(&joined, sep).map(|i| i + sep.len() - keep)
}

/// The length of the UTF-8 sequence that starts with byte `b` (1 for anything else).
fn lead_len(b: u8) -> usize {
    match b {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => 1,
    }
}

/// Whether `b` does not end in the middle of a UTF-8 character.
fn utf8_complete(b: &[u8]) -> bool {
    let n = b.len();
    for back in 1..=n.min(4) {
        let c = b[n - back];
        if c & 0xc0 != 0x80 {
            let need = lead_len(c);
            return need <= back || c < 0xc0;
        }
    }
    true
}

impl Drop for Stream {
    /// A stream that is collected or outlives the program still writes its pending bytes.
    fn drop(&mut self) {
        let mut st = IoStats::default();
        let _ = self.flush(&mut st);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("rubra-stream-{name}-{}", std::process::id()))
    }

    fn open_rw(p: &std::path::Path) -> Stream {
        let f = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(p)
            .unwrap();
        let mode = Mode {
            read: true,
            write: true,
            ..Mode::default()
        };
        Stream::new(f, 3, mode, None)
    }

    #[test]
    fn small_writes_are_buffered_and_large_ones_go_out_with_the_pending_bytes() {
        let p = temp("w");
        let mut s = open_rw(&p);
        let mut st = IoStats::default();
        for _ in 0..100 {
            s.write(b"0123456789", false, &mut st).unwrap();
        }
        assert_eq!(st.write_syscalls, 0);
        assert_eq!(st.wbuf_bytes, 1000);
        let big = vec![b'x'; 16384];
        s.write(&big, true, &mut st).unwrap();
        // one writev carries the 1,000 pending bytes and the 16 KB (a regular file takes all)
        assert_eq!(st.write_syscalls, 1);
        assert_eq!((st.hidden_writes, st.hidden_reuses), (1, 0));
        s.write(&big, true, &mut st).unwrap();
        assert_eq!((st.hidden_writes, st.hidden_reuses), (2, 1));
        s.flush(&mut st).unwrap();
        assert_eq!(std::fs::metadata(&p).unwrap().len(), 1000 + 2 * 16384);
        std::fs::remove_file(&p).unwrap();
    }

    #[test]
    fn lines_paragraphs_limits_and_characters() {
        let p = temp("r");
        std::fs::write(&p, "a\nbb\n\n\n\ncc\ndd\n\nzé€\n".as_bytes()).unwrap();
        let f = std::fs::File::open(&p).unwrap();
        let mode = Mode {
            read: true,
            ..Mode::default()
        };
        let mut s = Stream::new(f, 3, mode, None);
        let mut st = IoStats::default();
        let mut out = Vec::new();
        assert!(s.gets(Some(b"\n"), None, &mut out, &mut st).unwrap());
        assert_eq!(out, b"a\n");
        assert!(s.gets(Some(b""), None, &mut out, &mut st).unwrap());
        assert_eq!(out, b"bb\n\n");
        assert!(s.gets(Some(b""), None, &mut out, &mut st).unwrap());
        assert_eq!(out, b"cc\ndd\n\n");
        assert!(s.gets(Some(b"\n"), Some(2), &mut out, &mut st).unwrap());
        assert_eq!(out, "zé".as_bytes()); // the limit is extended to a whole character
        assert!(s.getc(false, &mut out, &mut st).unwrap());
        assert_eq!(out, "€".as_bytes());
        assert!(s.gets(Some(b"\n"), None, &mut out, &mut st).unwrap());
        assert_eq!(out, b"\n");
        assert!(!s.gets(Some(b"\n"), None, &mut out, &mut st).unwrap());
        assert_eq!(st.read_syscalls, 2);
        std::fs::remove_file(&p).unwrap();
    }

    /// A writer that accepts at most 1,000 bytes per call and is interrupted every third call.
    struct Trickle {
        got: Vec<u8>,
        calls: usize,
    }

    impl Write for Trickle {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.calls += 1;
            if self.calls.is_multiple_of(3) {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = b.len().min(1000);
            self.got.extend_from_slice(&b[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn partial_and_interrupted_writes_are_finished_in_order() {
        let mut w = Trickle {
            got: Vec::new(),
            calls: 0,
        };
        let head = vec![b'h'; 2500];
        let data: Vec<u8> = (0..10_000).map(|i| (i % 251) as u8).collect();
        let mut st = IoStats::default();
        write_both_to(&mut w, &head, &data, &mut st).unwrap();
        assert_eq!(w.got.len(), 12_500);
        assert_eq!(&w.got[..2500], head.as_slice());
        assert_eq!(&w.got[2500..], data.as_slice());
        // 13 accepted pieces of at most 1,000 bytes (the default write_vectored takes one
        // slice at a time), plus 6 interrupted calls
        assert_eq!(st.write_syscalls, 19);
    }

    #[test]
    fn a_large_write_through_a_pipe_arrives_whole() {
        let (mut r, w) = std::io::pipe().unwrap();
        let f = File::from(std::os::fd::OwnedFd::from(w));
        let mode = Mode {
            write: true,
            ..Mode::default()
        };
        let mut s = Stream::new(f, 9, mode, None);
        let reader = std::thread::spawn(move || {
            let mut all = Vec::new();
            r.read_to_end(&mut all).unwrap();
            all
        });
        let mut st = IoStats::default();
        s.write(&[b'h'; 100], false, &mut st).unwrap();
        let big: Vec<u8> = (0..1 << 20).map(|i| (i % 251) as u8).collect();
        s.write(&big, true, &mut st).unwrap();
        s.close(&mut st).unwrap();
        drop(s);
        let all = reader.join().unwrap();
        assert_eq!(all.len(), 100 + (1 << 20));
        assert!(all[..100].iter().all(|&b| b == b'h'));
        assert_eq!(&all[100..], big.as_slice());
    }

    #[test]
    fn a_separator_split_across_reads_is_found() {
        assert_eq!(find_sep(b"ab\r", b"\nx", b"\r\n"), Some(1));
        assert_eq!(find_sep(b"", b"x\r\ny", b"\r\n"), Some(3));
        assert_eq!(find_sep(b"x", b"y", b"\r\n"), None);
    }
}
