"""The port `make run` serves on: `python -m verifier_site.free_port HOST PORT [--exact]`.

Prints "PORT URL" on stdout. Without --exact (the Makefile's default PORT), a port that is taken
gives way to the next free one, said on stderr; with --exact (a PORT the user set) a taken port
is an error naming PORT, exit status 1. The check and runserver's bind are a few seconds apart:
a server started in between makes runserver stop with "That port is already in use".
"""

import argparse
import errno
import socket
import sys

TRIES = 20


def bind_host(host: str) -> str:
    return host.removeprefix("[").removesuffix("]")


def is_free(host: str, port: int) -> bool:
    """Whether runserver could bind HOST:PORT now (it sets SO_REUSEADDR too, so a port left in
    TIME_WAIT by a stopped server counts as free, as it is for runserver)."""
    # IPv6 only for an IPv6 address, as runserver decides (it binds "localhost" over IPv4).
    family = socket.AF_INET6 if ":" in bind_host(host) else socket.AF_INET
    try:
        infos = socket.getaddrinfo(bind_host(host), port, family, socket.SOCK_STREAM)
    except socket.gaierror:
        return True  # an unknown host is runserver's error to report, not a busy port
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except PermissionError as error:
            raise SystemExit(
                f"PORT={port} needs privileges this user lacks on {host}: "
                f"choose one above 1023, e.g. make run PORT=8000"
            ) from error
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return False
            raise
    return True


def url(host: str, port: int) -> str:
    """Where a browser on this machine finds the server (a wildcard address is not one)."""
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(bind_host(host), bind_host(host))
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/"


def pick(host: str, port: int, *, exact: bool) -> int:
    """The port to serve on; SystemExit with a message when there is none."""
    if is_free(host, port):
        return port
    if exact:
        raise SystemExit(
            f"PORT={port} is already in use on {host}. Stop the server on it, or choose "
            f"another port: make run PORT={port + 1}"
        )
    for candidate in range(port + 1, min(port + TRIES, 65535) + 1):
        if is_free(host, candidate):
            print(f"Port {port} is in use on {host}; serving on {candidate}.", file=sys.stderr)
            return candidate
    raise SystemExit(
        f"PORT {port} and the {TRIES} ports after it are in use on {host}: "
        f"make run PORT=N picks another."
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("--exact", action="store_true", help="fail rather than use another port")
    args = parser.parse_args(argv)
    port = pick(args.host, args.port, exact=args.exact)
    print(port, url(args.host, port))


if __name__ == "__main__":
    main()
