"""The one way the package writes a file a user named (``--out``, ``--svg``, any output).

What a command writes goes to a *regular file*, all or nothing:

- the text goes to a temporary file in the target's folder, flushed to the disk, then
  renamed over the target (:func:`os.replace`): a full disk, a size limit or Ctrl-C
  leave the old file as it was, and no temporary file behind;
- the target must be a regular file or not exist yet: a folder, a device
  (``/dev/null``, ``/dev/full``), a named pipe (FIFO) or a socket is refused, since a
  rename would *replace* the device node (run as root, ``/dev/full`` itself) and writing
  in place would not be atomic (nor end, for a FIFO nobody reads);
- a final symbolic link is refused unless the caller asks to follow it
  (``follow_links``, the commands' ``--follow-links``): then the file it points to is
  written (created when the link dangles), and the link stays a link; a loop of links is
  refused either way;
- ``-`` names standard output, explicitly (written as it is, not renamed over; on a
  terminal, control and bidi characters are shown as escapes, as everywhere else).

Every refusal or failure is an :class:`OutputError` whose message is one line,
``NAME: cannot write the file: REASON``, with the file name made terminal-safe.
:func:`check_output` makes the same checks (and tries a file in the folder) without
writing, for a command to refuse a bad path *before* minutes of work.

It sits in ``core`` (it imports nothing above it) so that any layer's output may use it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from typing import IO, Protocol

from nainjaune_rules.core.textsafe import terminal_safe

#: the name that means standard output
STDOUT = "-"

_FOLLOW_HINT = ("(name the file itself, or give --follow-links to write the file it "
                "points to)")


class TextOutput(Protocol):
    """What :func:`open_output` yields: a text stream to write to."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class OutputError(Exception):
    """A file that cannot or must not be written; ``message`` is one line for the user."""

    def __init__(self, path: str, reason: str):
        self.message = f"{terminal_safe(path)}: cannot write the file: {reason}"
        super().__init__(self.message)


def kind_of(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    kinds = ((stat.S_ISDIR, "it is a folder"), (stat.S_ISLNK, "it is a symbolic link"),
             (stat.S_ISFIFO, "it is a named pipe (FIFO)"),
             (stat.S_ISCHR, "it is a device"), (stat.S_ISBLK, "it is a device"),
             (stat.S_ISSOCK, "it is a socket"))
    return next((said for test, said in kinds if test(mode)), "it is not a regular file")


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "a loop of symbolic links"
    return exc.strerror or str(exc)


def _lstat(name: str, shown: str) -> os.stat_result | None:
    try:
        return os.lstat(name)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise OutputError(shown, _reason(exc) if isinstance(exc, OSError) else str(exc)
                          ) from None


def target_of(path: str, *, follow_links: bool = False) -> str:
    """The regular file (existing or not) that writing ``path`` would replace.

    An :class:`OutputError` for an empty name, a folder, a device, a FIFO, a socket,
    a final symbolic link (unless ``follow_links``), a loop of links, or a missing folder.
    """
    if not path.strip():
        raise OutputError(path, "the file name is empty")
    info = _lstat(path, path)
    target = path
    if info is not None and stat.S_ISLNK(info.st_mode):
        if not follow_links:
            raise OutputError(path, f"it is a symbolic link {_FOLLOW_HINT}")
        target = os.path.realpath(path)  # where a dangling link points, too
        info = _lstat(target, path)
        if info is not None and stat.S_ISLNK(info.st_mode):  # realpath stops in a loop
            raise OutputError(path, "a loop of symbolic links")
    if info is not None:
        said = kind_of(info.st_mode)
        if said is not None:
            raise OutputError(path, said)
    folder = os.path.dirname(target) or "."
    try:
        folder_info = os.stat(folder)
    except FileNotFoundError:
        raise OutputError(path, f"the folder {terminal_safe(folder)} does not exist") from None
    except OSError as exc:
        raise OutputError(path, _reason(exc)) from None
    if not stat.S_ISDIR(folder_info.st_mode):
        raise OutputError(path, f"{terminal_safe(folder)} is not a folder")
    return target


def check_output(path: str, *, follow_links: bool = False) -> None:
    """Refuse now what :func:`write_output` would refuse later: a path that is not a
    regular file, a missing folder, or a folder where no file can be made (read-only,
    not ours).  Writes nothing that stays: a probe file is made and removed."""
    if path == STDOUT:
        return
    target = target_of(path, follow_links=follow_links)
    _writable_file(path, target)
    try:
        handle, probe = tempfile.mkstemp(dir=os.path.dirname(target) or ".",
                                         prefix=".nainjaune-probe-", suffix=".tmp")
    except OSError as exc:
        raise OutputError(path, _reason(exc)) from None
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(probe)


def _writable_file(path: str, target: str) -> None:
    """An existing file we may not write (read-only, or someone else's in a folder we
    share) is not replaced behind its owner's back, though the folder would allow it."""
    if os.path.lexists(target) and not os.access(target, os.W_OK):
        raise OutputError(path, "Permission denied (the file is not writable)")


def write_output(path: str, text: str, *, follow_links: bool = False) -> None:
    """Write ``text`` (UTF-8) to the regular file ``path`` all or nothing, or to standard
    output for ``-``; an :class:`OutputError` when refused or failed."""
    with open_output(path, follow_links=follow_links) as stream:
        stream.write(text)


@contextlib.contextmanager
def open_output(path: str, *, follow_links: bool = False) -> Iterator[TextOutput]:
    """A text stream (UTF-8, newlines as written) whose content replaces ``path``
    atomically when the ``with`` block ends without an exception; for streaming output::

        with open_output(args.out) as out:
            for line in lines:
                out.write(line)

    On an exception (Ctrl-C included) the temporary file is removed and the old file is
    untouched; a failed write or commit is an :class:`OutputError`.  ``-`` yields
    standard output (flushed at the end, never closed).
    """
    if path == STDOUT:
        stdout = sys.stdout
        # the file's text is data: on a terminal its controls are shown, not obeyed
        yield _TerminalSafe(stdout) if stdout.isatty() else stdout
        stdout.flush()
        return
    target = target_of(path, follow_links=follow_links)
    _writable_file(path, target)
    mode = _mode_for(target)
    folder, name = os.path.split(target)
    try:
        handle, temporary = tempfile.mkstemp(dir=folder or ".", prefix=f".{name[:80]}.",
                                             suffix=".tmp")
    except OSError as exc:
        raise OutputError(path, _reason(exc)) from None
    raw = os.fdopen(handle, "w", encoding="utf-8", newline="")
    try:
        yield _GuardedFile(raw, path)
        _commit(raw, temporary, target, mode, path)
    except BaseException:
        with contextlib.suppress(OSError):
            raw.close()
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _commit(raw: IO[str], temporary: str, target: str, mode: int, path: str) -> None:
    try:
        raw.flush()
        os.fsync(raw.fileno())
        raw.close()
        os.chmod(temporary, mode)
        # what was checked may have changed while the text was made: check again, since a
        # rename onto a device or a FIFO would replace it
        info = _lstat(target, path)
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise OutputError(path, kind_of(info.st_mode) or "it is not a regular file")
        os.replace(temporary, target)
    except OSError as exc:
        raise OutputError(path, _reason(exc)) from None


def _mode_for(target: str) -> int:
    """The old file's permissions, or those a new file would get (mkstemp's are 0600)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


class _GuardedFile:
    """The temporary file's stream: a failed write (full disk, size limit) is an
    :class:`OutputError` naming the file the user gave."""

    def __init__(self, raw: IO[str], path: str):
        self._raw = raw
        self._path = path

    def write(self, text: str) -> int:
        try:
            return self._raw.write(text)
        except OSError as exc:
            raise OutputError(self._path, _reason(exc)) from None

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._raw.flush()
        except OSError as exc:
            raise OutputError(self._path, _reason(exc)) from None

    def isatty(self) -> bool:
        return False


class _TerminalSafe:
    """Standard output on a terminal: what is written is shown, its controls escaped
    (tabs and newlines kept); character by character, so chunks may end anywhere."""

    def __init__(self, stream: TextOutput):
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(terminal_safe(text, keep_layout=True))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()
