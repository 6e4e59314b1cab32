#!/usr/bin/env python3
"""One client holds many idle sockets and trickles bodies; do real visitors still get answers?

Starts the release binary on a free loopback port, opens HOLD (default 1500) idle connections
from 127.0.0.1, TRICKLE (default 20) form posts from 127.0.0.3 sending one byte a second, then sends
PROBES (default 20) page requests from 127.0.0.2 (another client address) and counts how many
are answered within 5 s. Prints the figures, the server's open connections and RSS.

    python3 bench/slow-clients.py        (after cargo build --release)
"""
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

HOLD = int(os.environ.get("HOLD", 1500))
TRICKLE = int(os.environ.get("TRICKLE", 20))
PROBES = int(os.environ.get("PROBES", 20))
BIN = os.environ.get("BIN", "target/release/corpsite")


def start_server(data_dir):
    proc = subprocess.Popen(
        [BIN, "serve", "--addr", "127.0.0.1:0", "--data-dir", data_dir, "--rate-limit", "0", "--form-proof", "off"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "RUST_LOG": "error", "CORPSITE_ADMIN_ADDR": "off"},
        text=True,
    )
    line = proc.stdout.readline()
    match = re.search(r"http://([\d.]+):(\d+)/", line)
    if not match:
        sys.exit(f"no address in: {line!r}")
    return proc, int(match.group(2))


def probe(port, results):
    started = time.monotonic()
    try:
        s = socket.socket()
        s.settimeout(5)
        s.bind(("127.0.0.2", 0))
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET /contact HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = s.recv(64)
        results.append((answer.startswith(b"HTTP/1.1 200"), time.monotonic() - started))
    except OSError:
        results.append((False, time.monotonic() - started))


def trickle(port, stop, outcome):
    try:
        # From a third address: the idle sockets' client is at its connection cap.
        s = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=("127.0.0.3", 0))
        s.sendall(
            b"POST /api/clients/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 5000\r\n\r\n"
        )
        started = time.monotonic()
        while not stop.is_set():
            s.sendall(b" ")
            s.settimeout(1)
            try:
                answer = s.recv(64)
                outcome.append((answer[:12].decode(errors="replace"), time.monotonic() - started))
                return
            except socket.timeout:
                pass
    except OSError as err:
        outcome.append((f"closed ({err.__class__.__name__})", 0))


def main():
    with tempfile.TemporaryDirectory() as data_dir:
        proc, port = start_server(data_dir)
        try:
            held = []
            for _ in range(HOLD):
                try:
                    held.append(socket.create_connection(("127.0.0.1", port), timeout=2))
                except OSError:
                    break
            stop = threading.Event()
            trickled = []
            threads = [threading.Thread(target=trickle, args=(port, stop, trickled)) for _ in range(TRICKLE)]
            for t in threads:
                t.start()
            time.sleep(1)
            results = []
            probes = [threading.Thread(target=probe, args=(port, results)) for _ in range(PROBES)]
            for t in probes:
                t.start()
            for t in probes:
                t.join()
            answered = [elapsed for ok, elapsed in results if ok]
            for t in threads:
                t.join(timeout=15)
            stop.set()
            rss = open(f"/proc/{proc.pid}/status").read()
            rss_mb = int(re.search(r"VmRSS:\s+(\d+)", rss).group(1)) // 1024
            open_fds = len(os.listdir(f"/proc/{proc.pid}/fd"))
            print(f"idle sockets opened by one client: {len(held)}")
            print(f"probes from another client answered: {len(answered)} of {PROBES}"
                  + (f", slowest {max(answered) * 1000:.0f} ms" if answered else ""))
            cut = [f"{what.strip()} after {after:.1f} s" for what, after in trickled]
            print(f"1 byte/s form bodies ({TRICKLE}): {sorted(set(c.split(' after')[0] for c in cut))}, "
                  f"latest {max((a for _, a in trickled), default=0):.1f} s")
            print(f"server: {open_fds} open descriptors, RSS {rss_mb} MB")
            for s in held:
                s.close()
        finally:
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()
