"""Where lark may keep the built parser tables between runs: a private user folder.

Lark's own ``cache=True`` writes a pickle under a predictable name in the shared
temp folder and unpickles it on the next start: whoever can write that file first
runs code in every later ``nainjaune``.  The tables are kept instead in the user's
cache folder (``$XDG_CACHE_HOME/nainjaune-rules`` or ``~/.cache/nainjaune-rules``),
mode 0700, and a file there is only used when it is a regular file owned by the
user that nobody else may write.  Otherwise there is no cache: the tables are built
again (about 0.1 s), never read from an unsafe place.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from pathlib import Path

FOLDER_NAME = "nainjaune-rules"


def cache_root() -> Path | None:
    """The user's cache folder (XDG), or None when there is no absolute one.

    ``$XDG_CACHE_HOME`` when absolute (the XDG rule: a relative value is ignored), else
    ``~/.cache``; it may not exist yet (see :func:`parser_cache_file`)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return Path(base)


def parser_cache_file(grammar: str) -> str | None:
    """A safe file for the tables of ``grammar``, or None when there is no safe place.

    At most the cache folder itself and ours in it are made (mode 0700, as XDG asks), and
    only in a folder that exists: a home that does not (``HOME=/nonexistent``, the home of
    service accounts) or a cache folder in a missing folder means no cache, never a home
    made up on the way.
    """
    root = cache_root()
    if root is None or not hasattr(os, "getuid"):
        return None
    folder = root / FOLDER_NAME
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    path = folder / f"lark-{digest}-py{sys.version_info[0]}{sys.version_info[1]}.pickle"
    try:
        if not root.parent.is_dir():
            return None
        root.mkdir(mode=0o700, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
        if not _private_folder(folder):
            return None
        if os.path.lexists(path) and not _private_file(path):
            return None
    except OSError:
        return None
    return str(path)


def _private_folder(folder: Path) -> bool:
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
        return False  # a symbolic link, or someone else's folder
    if stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(folder, 0o700)  # ours, but open to others: close it first
    return True


def _private_file(path: Path) -> bool:
    return _owned_regular(path) and not stat.S_IMODE(os.lstat(path).st_mode) & 0o022


def seal(name: str | None) -> None:
    """Make the table file lark has just written readable and writable by its owner only.

    Lark writes it with the user's umask; a group-writable file would be refused
    (and rebuilt) on every later run.
    """
    if name is None:
        return
    try:
        if _owned_regular(Path(name)):
            os.chmod(name, 0o600)
    except OSError:
        pass


def _owned_regular(path: Path) -> bool:
    info = os.lstat(path)
    return stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid()
