"""`tableau serve [--host 127.0.0.1] [--port 8000]`: the app in a web browser, by textual-serve.

Every browser tab that opens the page starts its own ``python -m tableau`` (this Python's
tableau, in this working folder, with this environment, TABLEAU_HOME included), so each tab
is its own app with its own screens; the saves and statistics are the one player's, as when
tableau is started twice in a terminal.

Only the address it prints, with its secret token, opens the page, and only that page may
drive a tab (tableau.cli.serve_web). Each tab's app runs with TABLEAU_SERVED=1, so its file
commands keep inside one folder. It listens on the loopback address unless ``--host`` names
another; any other address gets a warning, since the token crosses the network unencrypted.
A bad host or port, or a port already taken, is refused with one sentence and exit status 2
before textual-serve starts. Ctrl-C stops the server and every tab's app.
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import re
import shlex
import socket
import sys
from typing import Any

from tableau.cli.args import Parser
from tableau.cli.args import read_arguments
from tableau.cli.args import refuse
from tableau.cli.args import say
from tableau.cli.args import shown
from tableau.storage.home import SERVED_VARIABLE

PROG = "tableau serve"
LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8000
PORTS = range(1, 65536)

Address = tuple[int, Any]
"""A socket family and the address to bind, as getaddrinfo gives them."""


def port(text: str) -> int:
    """An argparse type: a port from 1 to 65535."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit() or len(digits) > 5 or int(digits) not in PORTS:
        raise argparse.ArgumentTypeError(
            f"'{shown(text)}' is not a port; give a whole number from 1 to 65535."
        )
    return int(digits)


def _parser() -> Parser:
    parser = Parser(prog=PROG, description="Play tableau in a web browser: each tab its own app.")
    parser.add_argument("--host", default=LOOPBACK,
                        help="the address or host name to listen on (default %(default)s: this "
                             "computer only; 0.0.0.0 lets anyone who can reach the port and has "
                             "the address with its token play)")
    parser.add_argument("--port", type=port, default=DEFAULT_PORT,
                        help="the port to listen on, 1 to 65535 (default %(default)s)")
    return parser


_NUMERIC = re.compile(r"[\d.]+|.*:.*")
"""What can only be meant as an IPv4 or IPv6 address, not as a host name."""


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def addresses(host: str, number: int) -> list[Address]:
    """Where listening on ``host`` binds: one address per family it resolves to. ValueError
    with the sentence when it names no address."""
    problem = ValueError(f"argument --host: '{shown(host)}' is not an address or a known host "
                         "name; give one such as 127.0.0.1 or localhost.")
    if not host.strip() or (_NUMERIC.fullmatch(host) and not _is_address(host)):
        raise problem  # "300.1.1.1" is no address: not worth a name look-up
    try:
        found = socket.getaddrinfo(host, number, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):  # gaierror is an OSError; an over-long name a UnicodeError
        raise problem from None
    return list(dict.fromkeys((family, address) for family, _, _, _, address in found))


def is_private(address: Address) -> bool:
    """Whether only this computer can reach ``address`` (a loopback one)."""
    return ipaddress.ip_address(address[1][0].split("%")[0]).is_loopback


def taken(address: Address, number: int) -> str | None:
    """Why textual-serve could not listen on ``address``, or None when it can.

    A socket is bound and closed at once, with SO_REUSEADDR as aiohttp sets it, so a port left
    in TIME_WAIT by the last run counts as free, as it will be."""
    family, where = address
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(where)
        except OSError as failure:
            if failure.errno == errno.EADDRINUSE:
                return (f"port {number} on {where[0]} is already in use; "
                        "choose another with --port.")
            reason = (failure.strerror or type(failure).__name__).lower()
            return f"cannot listen on {where[0]} port {number}: {reason}."
    return None


def served_command() -> str:
    """The shell command textual-serve runs for each tab: this Python's tableau, told it is
    served (so its file commands keep inside one folder). ``exec``: the app is the process
    that textual-serve started, so it is the one ended when its tab closes. (The rest of the
    environment, and so TABLEAU_HOME, is passed on as it is.)"""
    return f"{SERVED_VARIABLE}=1 exec {shlex.quote(sys.executable)} -m tableau"


def _serve(host: str, number: int) -> None:
    """Run textual-serve until Ctrl-C (imported here: the other commands do not need it)."""
    from tableau.cli.serve_web import TableauServer
    from tableau.cli.serve_web import new_token

    if _is_address(host) and ipaddress.ip_address(host).is_unspecified:
        shown_host = "localhost"  # 0.0.0.0 listens here too, and a browser may refuse it
    else:
        shown_host = f"[{host}]" if ":" in host else host  # an IPv6 address in a URL
    TableauServer(served_command(), host=host, port=number,
                  public_url=f"http://{shown_host}:{number}", token=new_token()).serve()


def main(argv: list[str]) -> int:
    arguments = read_arguments(PROG, argv, _parser(), lambda parsed: parsed)
    if isinstance(arguments, int):
        return arguments
    host, number = arguments.host, arguments.port
    try:
        found = addresses(host, number)
    except ValueError as problem:
        return refuse(PROG, problem)
    for address in found:
        if (busy := taken(address, number)) is not None:
            return refuse(PROG, busy)
    if not all(is_private(address) for address in found):
        # The token keeps out whoever does not have the address; over plain HTTP, anyone who
        # can watch the network can read it.
        say(f"{PROG}: warning: listening on {shown(host)}, so anyone who can reach port "
            f"{number} and has the address with its token (sent unencrypted) can play as you.")
    try:
        _serve(host, number)
    except OSError as failure:  # taken in the moment between the check and textual-serve
        return refuse(PROG, f"cannot listen on {shown(host)} port {number}: "
                            f"{(failure.strerror or type(failure).__name__).lower()}.")
    say(f"{PROG}: stopped.")
    return 0
