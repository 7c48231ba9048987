"""What ``--cluster ADDRESS`` may say, checked before anything is started (no Dask import).

Accepted, and nothing else (the table :data:`SCHEMES` is the one list):

- ``local`` or ``local:N`` (N from 1 to 256): a cluster of N processes on this
  machine, on loopback, TLS with credentials made for the run;
- ``tcp://HOST:PORT``: a running Dask scheduler, unencrypted (a private network);
- ``tls://HOST:PORT``: a running Dask scheduler over TLS, with the user's
  certificates (``--cluster-ca``, ``--cluster-cert``, ``--cluster-key``, or
  Dask's own ``distributed.comm.tls`` configuration).

HOST is a DNS name, an IPv4 address or an IPv6 address in brackets; PORT is 1
to 65535.  Dask's other transports (``ucx://``, ``ws://``, ``inproc://``) are
refused: they are not tested here, and ``ucx`` needs a package we do not install.
"""

from __future__ import annotations

import ipaddress
import os
import re
from dataclasses import dataclass
from typing import Literal

from nainjaune_rules.core.textsafe import terminal_safe

Scheme = Literal["local", "tcp", "tls"]
#: each accepted form and what it means, for the messages and ``--help``
SCHEMES: dict[Scheme, str] = {
    "local": "local:N for N processes on this machine (1 to 256)",
    "tcp": "tcp://HOST:PORT for a running dask scheduler on a private network",
    "tls": "tls://HOST:PORT for a running dask scheduler over TLS, with your certificates",
}
LOCAL_MAX = 256
#: longer than any host name (253) with its scheme and port
LONGEST = 300
_LOCAL = re.compile(r"local(?::([0-9]{1,6}))?")
_REMOTE = re.compile(r"([a-z]{2,8})://(\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9.\-]{1,253}):([0-9]{1,6})")
_REMOTE_SCHEMES: dict[str, Scheme] = {"tcp": "tcp", "tls": "tls"}
_LABEL = re.compile(r"(?!-)[A-Za-z0-9\-]{1,63}(?<!-)")


INSTALL_HINT = "pip install 'nainjaune-rules[cluster]'"


class ClusterError(RuntimeError):
    """The cluster cannot be used: a bad address or options (exit 2), no Dask, no scheduler,
    a result that is not a chunk's record (exit 1)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


class AddressError(ClusterError):
    """``--cluster``'s value is not one of :data:`SCHEMES` (a usage error, one line)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, 2)


@dataclass(frozen=True)
class Address:
    """A checked ``--cluster`` value: ``size`` for ``local``, ``host`` and ``port`` otherwise."""

    scheme: Scheme
    text: str  # as Dask wants it: ``tcp://host:port``, or ``local:N``
    size: int = 0
    host: str = ""
    port: int = 0


def accepted() -> str:
    """The accepted forms, in one line, for an error message."""
    return "; ".join(SCHEMES.values())


def _shown(text: str) -> str:
    return terminal_safe(text if len(text) <= 60 else text[:60] + "…")


def parse_address(text: str) -> Address:
    """The :class:`Address` that ``text`` names, or :class:`AddressError`."""
    if len(text) > LONGEST:
        raise AddressError(f"a scheduler address of {len(text)} characters is too long: "
                           f"give {accepted()}")
    local = _LOCAL.fullmatch(text)
    if local is not None:
        size = int(local.group(1)) if local.group(1) else (os.cpu_count() or 1)
        if not 1 <= size <= LOCAL_MAX:
            raise AddressError(f"'{_shown(text)}': a local cluster has 1 to {LOCAL_MAX} "
                               "processes")
        return Address("local", f"local:{size}", size=size)
    remote = _REMOTE.fullmatch(text)
    if remote is None:
        raise AddressError(f"'{_shown(text)}' is not a scheduler address: give {accepted()}")
    scheme, host, port = _REMOTE_SCHEMES.get(remote.group(1)), remote.group(2), int(remote.group(3))
    if scheme is None:
        raise AddressError(f"'{_shown(remote.group(1))}://' is not supported: give {accepted()}")
    if not _valid_host(host):
        raise AddressError(f"'{_shown(host)}' is not a host name or an IP address "
                           "(an IPv6 address goes in brackets: tcp://[::1]:8786)")
    if not 1 <= port <= 65535:
        raise AddressError(f"port {port} is out of range: give 1 to 65535")
    return Address(scheme, text, host=host, port=port)


def _valid_host(host: str) -> bool:
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return False
        return True
    return len(host) <= 253 and all(_LABEL.fullmatch(label) for label in host.split("."))
