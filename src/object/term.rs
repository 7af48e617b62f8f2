//! Terminal control for io/console (core/io_console.rs): the window size (TIOCGWINSZ and
//! TIOCSWINSZ) and the termios modes (tcgetattr/tcsetattr) of a descriptor. These are C
//! calls through pointers, so they live here, in the one part of rubra allowed `unsafe`.
//! A descriptor that is not a terminal gives the C library's error (ENOTTY), a closed one
//! EBADF: the calls never touch memory other than the structure passed.

use std::io;

/// A terminal's modes (`struct termios`).
pub type Termios = libc::termios;

/// The window size of the terminal on `fd`: (rows, columns, x pixels, y pixels).
pub fn winsize(fd: i32) -> io::Result<(u16, u16, u16, u16)> {
    let mut ws = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes one `struct winsize` through the pointer, which points at a
    // live local of exactly that type; a bad descriptor makes the call fail, writing nothing.
    let r = unsafe { libc::ioctl(fd, libc::TIOCGWINSZ, &mut ws as *mut libc::winsize) };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok((ws.ws_row, ws.ws_col, ws.ws_xpixel, ws.ws_ypixel))
}

/// Sets the window size of the terminal on `fd`.
pub fn set_winsize(fd: i32, rows: u16, cols: u16, xpixel: u16, ypixel: u16) -> io::Result<()> {
    let ws = libc::winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: xpixel,
        ws_ypixel: ypixel,
    };
    // SAFETY: TIOCSWINSZ reads one `struct winsize` through the pointer, which points at a
    // live local of that type.
    let r = unsafe { libc::ioctl(fd, libc::TIOCSWINSZ, &ws as *const libc::winsize) };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The modes of the terminal on `fd`.
pub fn get_attr(fd: i32) -> io::Result<Termios> {
    let mut t = std::mem::MaybeUninit::<Termios>::uninit();
    // SAFETY: tcgetattr fills the whole `struct termios` the pointer points at when it
    // succeeds, and the value is read only then.
    unsafe {
        if libc::tcgetattr(fd, t.as_mut_ptr()) < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(t.assume_init())
    }
}

/// Sets the modes of the terminal on `fd` now (TCSANOW).
pub fn set_attr(fd: i32, t: &Termios) -> io::Result<()> {
    // SAFETY: tcsetattr reads one `struct termios` through the pointer, a live reference.
    let r = unsafe { libc::tcsetattr(fd, libc::TCSANOW, t as *const Termios) };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Discards the terminal's pending input, output or both (`libc::TCIFLUSH`, `TCOFLUSH`,
/// `TCIOFLUSH`).
pub fn flush(fd: i32, queue: i32) -> io::Result<()> {
    // SAFETY: tcflush takes plain integers.
    let r = unsafe { libc::tcflush(fd, queue) };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}
