"""Posts contact enquiries for bench/litestream.sh until it is killed or the server stops
answering, and writes one line per acknowledged (201) enquiry: its unique name and the
monotonic second it was acknowledged at, flushed at once so the line exists before the
next request. Usage: python3 litestream-post.py URL RATE THREADS OUT"""

import http.client
import json
import sys
import threading
import time
import urllib.parse

url, rate, threads, out = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
parts = urllib.parse.urlsplit(url)
lock = threading.Lock()
log = open(out, "a", buffering=1)


def post(worker: int) -> None:
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
    interval = threads / rate
    due = time.monotonic()
    n = 0
    while True:
        n += 1
        name = f"Litestream {worker}-{n}"
        body = json.dumps({
            "name": name, "mobile": "+91 98450 12345", "email": "bench@example.com",
            "requirment": "Point-in-time recovery run", "department_website": "Corp Team",
            "website": "",
        })
        try:
            conn.request("POST", "/api/clients/create", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
        except OSError:
            return  # the server was killed: what is in flight was never acknowledged
        if response.status == 201:
            with lock:
                log.write(f"{name}\t{time.monotonic():.3f}\n")
        due += interval
        time.sleep(max(0.0, due - time.monotonic()))


workers = [threading.Thread(target=post, args=(i,), daemon=True) for i in range(threads)]
for worker in workers:
    worker.start()
for worker in workers:
    worker.join()
