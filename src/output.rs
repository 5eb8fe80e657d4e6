//! Writing the output (`-o`): to stdout, or to a file replaced only once the new contents
//! are complete, without harming what it replaces (issue 19).
//!
//! * `-o -` (the default): stdout. A closed stdout is an error (exit 1 with a message); a
//!   closed pipe (EPIPE, `amanda-opt big.mlir | head`) ends the run quietly with exit 1.
//! * An existing non-regular file (`/dev/null`, a pipe, a terminal): written directly.
//! * A regular file: the text goes to a temporary file in the same folder, which is renamed
//!   over the target once complete, so a failed run leaves the target as it was. The new
//!   file gets the mode (and, where permitted, the owner and group) of the one it replaces;
//!   a new file gets `0666` less the umask, as `>` in a shell would.
//! * A symbolic link: followed, so the file it points to is replaced and the link stays (as
//!   rustfmt and `sed -i --follow-symlinks`).
//! * A file with several hard links: the complete text is written to a temporary file
//!   first, then copied into the file in place, so every link sees the new contents (as
//!   rustfmt, which writes in place; `sed -i` would break the link).
//! * The temporary file is removed on every error and on SIGINT, SIGTERM and SIGHUP (a
//!   handler installed with `sigaction` through the `libc` crate, see docs/decisions.md).

use std::ffi::CString;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::Once;

/// Why the output could not be written.
#[derive(Debug)]
pub enum OutputError {
    /// stdout is a closed pipe: the reader went away (`| head`). Reported by the exit code only.
    BrokenPipe,
    /// Anything else, with the message to print.
    Failed(String),
}

impl OutputError {
    /// Prints the error as the tool reports errors (nothing for a broken pipe).
    pub fn report(&self) {
        if let OutputError::Failed(msg) = self {
            eprintln!("amanda-opt: error: {}", msg);
        }
    }
}

/// Writes the output produced by `produce` to `path` (`-` for stdout), as the module doc says.
pub fn write_output(path: &str, produce: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), OutputError> {
    // A bar (bytes written) when the output takes long, on a terminal's stderr.
    // Not when the output itself goes to the terminal: the two would mix.
    let to_terminal = path == "-" && std::io::IsTerminal::is_terminal(&io::stdout());
    let phase = if to_terminal {
        crate::progress::Phase::silent()
    } else {
        crate::progress::Phase::start(&format!("writing {}", if path == "-" { "output" } else { path }), "bytes", None)
    };
    let produce = |w: &mut dyn Write| -> io::Result<()> {
        if !phase.is_live() {
            return produce(w);
        }
        let mut counting = crate::progress::Counting::new(w, &phase);
        produce(&mut counting)
    };
    if path == "-" {
        return write_stdout(produce);
    }
    let target = resolve_symlinks(Path::new(path));
    let shown = |e: io::Error| OutputError::Failed(format!("cannot write '{}': {}", path, e));
    let existing = std::fs::metadata(&target).ok();
    if let Some(meta) = &existing {
        if !meta.is_file() {
            let file = OpenOptions::new().write(true).open(&target).map_err(shown)?;
            let mut out = io::BufWriter::new(file);
            return produce(&mut out).and_then(|_| out.flush()).map_err(shown);
        }
    }
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let (guard, file) = create_temp(&dir, &target)
        .map_err(|e| OutputError::Failed(format!("cannot create a temporary file in '{}': {}", dir.display(), e)))?;
    let mut out = io::BufWriter::new(file);
    produce(&mut out).and_then(|_| out.flush()).map_err(shown)?;
    let file = out.into_inner().map_err(|e| shown(e.into_error()))?;
    match &existing {
        Some(meta) if meta.nlink() > 1 => {
            // Hard links: copy the complete text into the file itself.
            drop(file);
            copy_in_place(guard.path(), &target).map_err(shown)?;
            Ok(())
        }
        Some(meta) => {
            // Keep the mode, then (where permitted) the owner and group of the replaced file.
            file.set_permissions(std::fs::Permissions::from_mode(meta.mode() & 0o7777)).map_err(shown)?;
            let _ = std::os::unix::fs::fchown(&file, Some(meta.uid()), Some(meta.gid()));
            if meta.mode() & 0o7000 != 0 {
                // chown may clear set-id bits: set the mode again.
                let _ = file.set_permissions(std::fs::Permissions::from_mode(meta.mode() & 0o7777));
            }
            drop(file);
            guard.persist(&target).map_err(shown)
        }
        None => {
            drop(file);
            guard.persist(&target).map_err(shown)
        }
    }
}

fn write_stdout(produce: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), OutputError> {
    if stdout_is_closed() {
        return Err(OutputError::Failed("cannot write output: stdout is closed".into()));
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    produce(&mut out).and_then(|_| out.flush()).map_err(|e| {
        if e.kind() == io::ErrorKind::BrokenPipe {
            OutputError::BrokenPipe
        } else {
            OutputError::Failed(format!("cannot write output: {}", e))
        }
    })
}

/// Whether the process was started with stdout closed. Rust's runtime reopens a closed
/// stdout as `/dev/null` before `main` (read-write, where a shell's `> /dev/null` opens it
/// write-only), so writes would vanish without an error; that is what this recognizes.
fn stdout_is_closed() -> bool {
    // SAFETY: fcntl and fstat on fd 1 only read its state.
    unsafe {
        let flags = libc::fcntl(1, libc::F_GETFL);
        if flags == -1 {
            return true;
        }
        if flags & libc::O_ACCMODE != libc::O_RDWR {
            return false;
        }
        let mut st: libc::stat = std::mem::zeroed();
        let mut null: libc::stat = std::mem::zeroed();
        let dev_null = c"/dev/null";
        libc::fstat(1, &mut st) == 0
            && libc::stat(dev_null.as_ptr(), &mut null) == 0
            && st.st_mode & libc::S_IFMT == libc::S_IFCHR
            && st.st_rdev == null.st_rdev
    }
}

/// `path` with symbolic links followed (also a dangling one: its target is created).
fn resolve_symlinks(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => match std::fs::read_link(&p) {
                Ok(next) => {
                    p = match p.parent() {
                        Some(dir) if next.is_relative() => dir.join(next),
                        _ => next,
                    }
                }
                Err(_) => return p,
            },
            _ => return p,
        }
    }
    p
}

/// Creates `.NAME.amanda-opt-PID-N.tmp` in `dir`, mode 0666 less the umask.
fn create_temp(dir: &Path, target: &Path) -> io::Result<(TempGuard, File)> {
    let base = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "output".into());
    let pid = std::process::id();
    let mut last = None;
    install_signal_handlers();
    for n in 0..100 {
        let candidate = dir.join(format!(".{}.amanda-opt-{}-{}.tmp", base, pid, n));
        // The name is registered before the file exists, so that no signal finds the file
        // created and not yet known (a signal in between unlinks a name not yet created, or
        // a stale temporary file of a process that had this pid: both harmless).
        let guard = TempGuard::new(candidate);
        match OpenOptions::new().write(true).create_new(true).mode(0o666).open(guard.path()) {
            Ok(f) => return Ok((guard, f)),
            Err(e) => {
                // Not ours: forget the name without removing the file.
                guard.forget();
                if e.kind() != io::ErrorKind::AlreadyExists {
                    return Err(e);
                }
                last = Some(e);
            }
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

/// Copies the file at `from` into `to` in place (same inode), then removes nothing.
fn copy_in_place(from: &Path, to: &Path) -> io::Result<()> {
    let mut src = File::open(from)?;
    let mut dst = OpenOptions::new().write(true).truncate(true).open(to)?;
    io::copy(&mut src, &mut dst)?;
    dst.flush()
}

/// The temporary file of the output being written, as a C string a signal handler can
/// unlink (null when there is none).
static TEMP_PATH: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

/// Owns the temporary file: removes it when dropped (every error path), and while it lives
/// a signal that ends the process removes it too.
struct TempGuard {
    path: PathBuf,
}

impl TempGuard {
    fn new(path: PathBuf) -> Self {
        if let Ok(c) = CString::new(path.as_os_str().as_bytes()) {
            let old = TEMP_PATH.swap(c.into_raw(), Ordering::SeqCst);
            free_c(old);
        }
        TempGuard { path }
    }

    fn path(&self) -> &Path {
        &self.path
    }

    /// Renames the temporary file over `target`.
    fn persist(self, target: &Path) -> io::Result<()> {
        std::fs::rename(&self.path, target)?;
        self.forget();
        Ok(())
    }

    /// Unregisters the name and leaves the file (if any) alone.
    fn forget(self) {
        free_c(TEMP_PATH.swap(std::ptr::null_mut(), Ordering::SeqCst));
        std::mem::forget(self);
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        free_c(TEMP_PATH.swap(std::ptr::null_mut(), Ordering::SeqCst));
        let _ = std::fs::remove_file(&self.path);
    }
}

fn free_c(p: *mut libc::c_char) {
    if !p.is_null() {
        // SAFETY: every non-null pointer stored in TEMP_PATH came from CString::into_raw and
        // is freed once, by whoever swapped it out.
        drop(unsafe { CString::from_raw(p) });
    }
}

/// SIGINT, SIGTERM and SIGHUP: remove the temporary file, then die of the signal as if
/// there were no handler (so the shell sees the usual status).
extern "C" fn on_signal(sig: libc::c_int) {
    let p = TEMP_PATH.swap(std::ptr::null_mut(), Ordering::SeqCst);
    // SAFETY: unlink, signal and raise are async-signal-safe; `p` is a valid C string
    // (leaked: the process is ending).
    unsafe {
        if !p.is_null() {
            libc::unlink(p);
        }
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

fn install_signal_handlers() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: a plain sigaction with a handler that only calls async-signal-safe
            // functions; a signal the parent set to be ignored stays ignored.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(sig, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN {
                    continue;
                }
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(sig, &action, std::ptr::null_mut());
            }
        }
    });
}
