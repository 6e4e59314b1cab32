"""Posts a contact enquiry every 50 ms for SECONDS on one kept-alive connection from
127.0.0.2, as one visitor's form would, and prints the answers' latency (p50, p99, max, in
ms) and their statuses. Used by bench/visits-flood.sh. Usage: python3 form-latency.py HOST PORT SECONDS"""
import http.client
import json
import sys
import time

host, port, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])


def connect():
    # Another visitor than the flood's client: from 127.0.0.2 (all of 127/8 is loopback), so
    # the per-client limits and connection caps count it apart, as they would a real visitor.
    return http.client.HTTPConnection(host, port, timeout=30, source_address=("127.0.0.2", 0))


conn = connect()
took, statuses = [], {}
end = time.monotonic() + seconds
n = 0
reconnects = 0
while time.monotonic() < end:
    n += 1
    body = json.dumps({
        "name": f"Flood bench {n}", "mobile": "+91 98450 12345", "email": "bench@example.com",
        "requirment": "An enquiry beside the flood", "department_website": "Corp Team", "website": "",
    })
    start = time.monotonic()
    # The site's own page posts it: the same origin, as the form check wants.
    headers = {"Content-Type": "application/json", "Origin": f"http://{host}:{port}"}
    try:
        conn.request("POST", "/api/clients/create", body, headers)
        answer = conn.getresponse()
    except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
        # A kept-alive connection the server closed (as a browser does: again, on a new one).
        reconnects += 1
        conn.close()
        conn = connect()
        conn.request("POST", "/api/clients/create", body, headers)
        answer = conn.getresponse()
    answer.read()
    took.append((time.monotonic() - start) * 1000)
    statuses[answer.status] = statuses.get(answer.status, 0) + 1
    time.sleep(max(0.0, 0.05 - (time.monotonic() - start)))
took.sort()
pick = lambda q: took[min(len(took) - 1, int(q * len(took)))]
print(f"form: {len(took)} posts, p50 {pick(0.5):.1f} ms, p99 {pick(0.99):.1f} ms, max {took[-1]:.1f} ms, statuses {statuses}, reconnects {reconnects}")
