#!/usr/bin/env python3
"""Peak memory of the server under what anyone can send in parallel.

    python3 bench/abuse.py [BIN]        (default target/release/corpsite)

Starts BIN on a free loopback port with a fresh data dir (behind a "trusted proxy" on
loopback, so each try can come from its own address, and without the form rate limit), then:

  - 64 and 256 sign-ins at once, each from its own address for its own unknown email: the
    statuses, the server's peak resident memory (VmHWM) and its resident memory 5 s after;
  - 20 staff uploads at once of a PNG that decodes to 40 megapixels (8000 x 5000): the
    statuses and the peak;
  - 20 job applications at once against a quota with room for 5 resumes: how many were
    stored, and the bytes the uploads folder holds against the quota;
  - 200 new and 200 repeated subscriptions, interleaved: the median and p90 answer times of
    each (they must not tell a new address from one on file).

Each scenario runs on a fresh server. Standard library only.
"""

import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/corpsite")


class Server:
    def __init__(self, extra=()):
        self.dir = tempfile.TemporaryDirectory()
        self.data = os.path.join(self.dir.name, "data")
        self.proc = subprocess.Popen(
            [BIN, "serve", "--addr", "127.0.0.1:0", "--admin-addr", "off", "--data-dir", self.data,
             "--trusted-proxy", "127.0.0.1", "--rate-limit", "0", "--form-proof", "off", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env={**os.environ, "RUST_LOG": "warn"})
        line = self.proc.stdout.readline().decode()
        self.port = int(line.split("http://")[1].split("/")[0].rsplit(":", 1)[1])
        time.sleep(2)  # the engines' warm-up

    def status(self, key):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) // 1024
        return 0

    def stop(self):
        self.proc.kill()
        self.proc.wait()
        self.dir.cleanup()


def request(port, method, path, headers, body=b""):
    head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
            f"Content-Length: {len(body)}"] + [f"{k}: {v}" for k, v in headers.items()]
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(120)
    s.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and lines[0] else 0
    headers = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        headers.setdefault(k.strip().lower(), []).append(v.strip())
    return status, headers, rest


def at_once(count, one):
    results = [None] * count
    def run(i):
        try:
            results[i] = one(i)
        except OSError:
            results[i] = 0
    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return Counter(results)


def sign_ins(count):
    server = Server()
    before = server.status("VmHWM")
    origin = f"http://127.0.0.1:{server.port}"
    def one(i):
        body = json.dumps({"email": f"x{i}@corp.example", "password": "a wrong password, long"}).encode()
        return request(server.port, "POST", "/api/staff/login",
                       {"Origin": origin, "Content-Type": "application/json",
                        "X-Forwarded-For": f"10.9.{i // 200}.{i % 200 + 1}"}, body)[0]
    statuses = at_once(count, one)
    peak = server.status("VmHWM")
    time.sleep(5)
    after = server.status("VmRSS")
    server.stop()
    print(f"{count} sign-ins at once: {dict(statuses)}; peak {peak} MB (at start {before} MB), "
          f"resident 5 s later {after} MB")


def png(width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + b"\x00" * (width * 3)
    raw = zlib.compress(row * height, 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def staff_session(server):
    email = "bench@corp.example"
    password = "a long bench passphrase"
    added = subprocess.run([BIN, "staff", "add", email, "--name", "Bench", "--password-stdin",
                            "--data-dir", server.data], input=password + "\n", text=True,
                           capture_output=True, env={**os.environ, "RUST_LOG": "warn"})
    assert added.returncode == 0, added.stderr
    origin = f"http://127.0.0.1:{server.port}"
    status, headers, body = request(server.port, "POST", "/api/staff/login",
                                    {"Origin": origin, "Content-Type": "application/json"},
                                    json.dumps({"email": email, "password": password}).encode())
    assert status == 200, (status, body)
    cookie = headers["set-cookie"][0].split(";")[0]
    csrf = json.loads(body)["csrf_token"]
    new = password + " changed"
    status, headers, body = request(server.port, "POST", "/api/staff/password",
                                    {"Origin": origin, "Content-Type": "application/json",
                                     "Cookie": cookie, "X-CSRF-Token": csrf},
                                    json.dumps({"current_password": password, "new_password": new}).encode())
    assert status == 200, (status, body)
    return headers["set-cookie"][0].split(";")[0], json.loads(body)["csrf_token"]


def uploads(count):
    server = Server()
    cookie, csrf = staff_session(server)
    image = png(8000, 5000)
    before = server.status("VmHWM")
    origin = f"http://127.0.0.1:{server.port}"
    def one(_):
        return request(server.port, "POST", "/api/staff/media?folder=blogs",
                       {"Origin": origin, "Cookie": cookie, "X-CSRF-Token": csrf,
                        "Content-Type": "image/png"}, image)[0]
    started = time.time()
    statuses = at_once(count, one)
    took = time.time() - started
    peak = server.status("VmHWM")
    time.sleep(5)
    after = server.status("VmRSS")
    server.stop()
    print(f"{count} uploads at once of a {len(image) // 1024} KB PNG of 40 megapixels: {dict(statuses)} "
          f"in {took:.1f} s; peak {peak} MB (at start {before} MB), resident 5 s later {after} MB")


def applications(count, room_for):
    resume = open(os.path.join(ROOT, "tests/fixtures/resume.jpg"), "rb").read()
    boundary = "----bench7MA4YWxkTrZu0gW"
    def body_of(i):
        fields = {"name": "Ravi Kumar", "mobile": "9845012345", "email": f"r{i}@example.com",
                  "experience": "4", "previous_company": "Acme", "query": "A role, please.",
                  "department_website": "Corp Careers", "website": ""}
        body = b"".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode()
                        for k, v in fields.items())
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cv.jpg\"\r\n"
                 "Content-Type: image/jpeg\r\n\r\n").encode() + resume + f"\r\n--{boundary}--\r\n".encode()
        return body
    # Room is reserved for the whole request (the most its resume can be) before it is
    # read: room for `room_for` requests, whatever arrives at once.
    quota = room_for * (len(body_of(10)) + 8)
    server = Server(["--uploads-quota", str(quota)])
    def one(i):
        body = body_of(i)
        return request(server.port, "POST", "/api/applicant/create",
                       {"Content-Type": f"multipart/form-data; boundary={boundary}",
                        "X-Forwarded-For": f"10.7.0.{i + 1}"}, body)[0]
    statuses = at_once(count, one)
    uploads_dir = os.path.join(server.data, "uploads")
    stored = sum(os.path.getsize(os.path.join(uploads_dir, f)) for f in os.listdir(uploads_dir)
                 if os.path.isfile(os.path.join(uploads_dir, f)))
    server.stop()
    print(f"{count} applications at once, quota {quota} bytes: {dict(statuses)}; "
          f"{stored} bytes stored ({stored / quota:.2f} of the quota)")


def subscription_timing(rounds):
    server = Server()
    def one(email):
        body = json.dumps({"name": "", "mobile": "", "email": email, "requirment": "",
                           "department_website": "Corp Blogs", "service": "", "website": ""}).encode()
        started = time.perf_counter()
        status = request(server.port, "POST", "/api/clients/create",
                         {"Content-Type": "application/json"}, body)[0]
        assert status == 201, status
        return (time.perf_counter() - started) * 1000
    one("on-file@example.com")
    new, repeated = [], []
    for i in range(rounds):
        new.append(one(f"new{i}@example.com"))
        repeated.append(one("on-file@example.com"))
    server.stop()
    def pct(values, p):
        values = sorted(values)
        return values[min(len(values) - 1, int(len(values) * p))]
    print(f"{rounds} new and {rounds} repeated subscriptions: new p50 {pct(new, 0.5):.2f} ms, "
          f"p90 {pct(new, 0.9):.2f} ms; repeated p50 {pct(repeated, 0.5):.2f} ms, "
          f"p90 {pct(repeated, 0.9):.2f} ms")


if __name__ == "__main__":
    print(f"binary: {BIN}")
    sign_ins(64)
    sign_ins(256)
    uploads(20)
    applications(20, 5)
    subscription_timing(200)
