"""Atomic file writes, so that a reader (or a re-run after a kill) sees the old file or the whole new one.

The text goes to a temporary file beside the target, is pushed to disk (fsync) and then renamed over the
target (``os.replace``, atomic on one file system). Outputs of runs and finished-cell records rely on it:
a file that exists is complete.

What sits at the output path decides how it is written:

* nothing, or a regular file: the atomic write above;
* a symbolic link (or a chain of them): followed, and the file it points to is written atomically — the
  link itself stays a link (a dangling link gets its target created, as a shell's ``>`` would);
* a named pipe (FIFO), a character device (``/dev/null``, a terminal) or the process's own streams
  (``/dev/stdout``, ``/dev/fd/N``): written straight into it, appending, never replaced or renamed — there
  is no "old file" to keep and a rename would destroy the special file; a FIFO waits for its reader;
* a folder, a block device, a socket, a looping link: refused in one line.

A writer killed between writing and renaming leaves its temporary file ``.<name>.<8 chars>.tmp``; the next
write to the same target removes such leftovers. Each writer holds an ``flock`` on its temporary file, so
a leftover is told from a live writer's file by trying that lock — only files of exactly that pattern
whose lock is free are removed, never anything else.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Iterable

from tagmt.errors import TagmtError
from tagmt.safeio import file_kind

_MAX_LINKS = 40  # as the kernel's own limit on a chain of symbolic links
_PROC_FD = re.compile(r"/proc/[^/]+/(?:task/[^/]+/)?fd")
_STREAM_FLAGS = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fail(path: Path, exc: OSError) -> TagmtError:
    return TagmtError(f"cannot write {path}: {exc.strerror or exc}")


def resolve_output(path: str | Path) -> tuple[Path, bool]:
    """Where writing to ``path`` really goes: ``(target, is_stream)``.

    Symbolic links are followed one by one; ``is_stream`` is true for a FIFO, a character device or a
    ``/proc/<pid>/fd/N`` link (what ``/dev/stdout`` is), which are written into directly. A folder, block
    device, socket or a loop of links is a one-line :class:`TagmtError`.
    """
    original = Path(path)
    current = Path(os.path.join(os.getcwd(), path))  # absolute, but '..' kept: it may follow a link
    followed = False
    for _ in range(_MAX_LINKS + 1):
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            return current, False
        except OSError as exc:
            raise _fail(original, exc) from None
        mode = info.st_mode
        if stat.S_ISLNK(mode):
            if _PROC_FD.fullmatch(os.path.realpath(current.parent)):
                return current, True  # the kernel's link to an open file: its text is no path
            current = current.parent / os.readlink(current)
            followed = True
            continue
        if stat.S_ISREG(mode):
            return current, False
        if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
            return current, True
        where = f" (the symbolic link leads to {current})" if followed else ""
        raise TagmtError(
            f"cannot write {original}: it is {file_kind(mode)}{where}; give a file name "
            "(tagmt writes files, and into FIFOs and character devices such as /dev/null)"
        )
    raise TagmtError(f"cannot write {original}: a symbolic link that loops (or a chain of more than {_MAX_LINKS})")


def write_atomic(path: str | Path, chunks: Iterable[str | bytes]) -> Path:
    """Write the concatenation of ``chunks`` (text as UTF-8, ``\\n`` line ends kept as they are; bytes
    as they are) to ``path``; see the module docstring for links and special files. Returns ``path``.

    A new file gets the usual permissions (0666 less the umask), not ``mkstemp``'s 0600; a file written
    over keeps its own permission bits (``rwx`` for user, group and others: a 0600 file stays 0600; the
    set-user-id, set-group-id and sticky bits are not carried over). An error while
    writing leaves the old file in place and no temporary file behind; an ``OSError`` becomes a one-line
    :class:`TagmtError`.
    """
    path = Path(path)
    target, is_stream = resolve_output(path)
    if is_stream:
        _write_stream(path, target, chunks)
    else:
        _write_file(path, target, chunks)
    return path


_BUFFER = 1 << 20


def _write_all(fd: int, chunks: Iterable[str | bytes]) -> None:
    """Write every chunk to ``fd``, gathered into writes of about a MiB (a chunk is often one line)."""
    buffer = bytearray()
    for chunk in chunks:
        buffer += chunk.encode("utf-8") if isinstance(chunk, str) else chunk
        if len(buffer) >= _BUFFER:
            _write_fully(fd, buffer)
            buffer.clear()
    _write_fully(fd, buffer)


def _write_fully(fd: int, data: bytes | bytearray) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _write_stream(path: Path, target: Path, chunks: Iterable[str | bytes]) -> None:
    """Append to a FIFO, a character device or an open stream; it is never replaced."""
    try:
        fd = os.open(target, _STREAM_FLAGS)
    except OSError as exc:
        raise _fail(path, exc) from None
    try:
        _write_all(fd, chunks)
    except OSError as exc:
        raise _fail(path, exc) from None
    finally:
        os.close(fd)


def temp_prefix(name: str) -> str:
    """The prefix of the temporary files for a target called ``name`` (a hash for very long names, so
    that the temporary name fits the file system's 255 bytes)."""
    if len(os.fsencode(name)) <= 200:
        return f".{name}."
    return f".tagmt-{hashlib.sha256(os.fsencode(name)).hexdigest()[:16]}."


_RANDOM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")  # mkstemp's 8 random characters


def _is_temporary_of(entry: str, prefix: str) -> bool:
    """Whether ``entry`` is ``<prefix><8 random characters>.tmp`` (a string test: a regex compiled per
    target would cost more than the write of a small file)."""
    middle = entry[len(prefix):-4]
    return entry.startswith(prefix) and entry.endswith(".tmp") and len(middle) == 8 and _RANDOM.issuperset(middle)


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Remove the temporary files that killed writers of ``target`` left beside it; returns them.

    Only regular files named exactly like this module's temporary files for ``target`` and whose
    ``flock`` is free (no live writer) are removed. Best effort: a file that cannot be removed stays.
    """
    prefix = temp_prefix(target.name)
    removed = []
    try:
        entries = [entry for entry in os.scandir(target.parent) if _is_temporary_of(entry.name, prefix)]
    except OSError:
        return removed
    for entry in entries:
        try:
            fd = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            continue
        try:
            held = os.fstat(fd)
            if not stat.S_ISREG(held.st_mode):
                continue
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            now = os.lstat(entry.path)
            if (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:  # a live writer holds the lock, or the file went away meanwhile
            continue
        finally:
            os.close(fd)
    return removed


def _locked_temporary(target: Path) -> tuple[int, str]:
    """A new temporary file beside ``target``, created and locked by this writer."""
    while True:
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target.name), suffix=".tmp", dir=target.parent)
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            now, held = os.stat(tmp), os.fstat(fd)
            if (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
                return fd, tmp
        except FileNotFoundError:
            pass
        os.close(fd)  # a cleaner took it for a leftover between mkstemp and flock: make another


def _mode_for(target: Path) -> int:
    """The permission bits of the file written to ``target``: those of the regular file there, else the usual
    0666 less the umask."""
    try:
        info = os.stat(target)
    except OSError:
        return 0o666 & ~_umask()
    return stat.S_IMODE(info.st_mode) & 0o777 if stat.S_ISREG(info.st_mode) else 0o666 & ~_umask()


def _write_file(path: Path, target: Path, chunks: Iterable[str | bytes]) -> None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(target)
        fd, tmp = _locked_temporary(target)
    except OSError as exc:
        if exc.errno == errno.EEXIST:  # mkdir met a file where a folder was needed
            exc = OSError(errno.ENOTDIR, "a folder on its way is a file")
        raise _fail(path, exc) from None
    try:
        try:
            os.fchmod(fd, _mode_for(target))
            _write_all(fd, chunks)
            os.fsync(fd)
            os.replace(tmp, target)
        finally:
            os.close(fd)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise _fail(path, exc) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
