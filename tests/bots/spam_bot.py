#!/usr/bin/env python3
"""A spam bot that fills every field right, as a script that reads the forms would.

    python3 tests/bots/spam_bot.py http://127.0.0.1:PORT RESUME.pdf

Posts the contact enquiry, the blog subscription and a Join Us application with every field
valid: first without a proof of work, then with one solved for the other form, then with one
solved right (accepted), then that same answer again (replayed). Prints one JSON line per post:
{"post": ..., "status": ..., "proof": errors.proof, "message": ...}. Standard library only.
"""

import hashlib
import json
import sys
import urllib.error
import urllib.request

BASE = sys.argv[1].rstrip("/")
RESUME = open(sys.argv[2], "rb").read()


def send(path, body, content_type, proof=None):
    headers = {"Content-Type": content_type, "Origin": BASE}
    if proof:
        headers["Form-Proof"] = proof
    request = urllib.request.Request(BASE + path, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"{}")


def solved(form):
    """A challenge of the server for `form`, solved: the Form-Proof header's value."""
    with urllib.request.urlopen(f"{BASE}/api/form-proof?form={form}", timeout=30) as answer:
        challenge = json.loads(answer.read())
    token, bits = challenge["challenge"], challenge["bits"]
    nonce = 0
    while True:
        digest = hashlib.sha256(f"{token}.{nonce}".encode()).digest()
        if int.from_bytes(digest[:4], "big") >> (32 - bits) == 0:
            return f"{token}.{nonce}.42"
        nonce += 1


def enquiry():
    body = {"name": "Ravi Spam", "email": "ravi@example.com", "mobile": "9876543210",
            "requirment": "Cheap office space", "department_website": "Corp Team", "website": ""}
    return json.dumps(body).encode(), "application/json"


def subscription():
    body = {"name": "", "email": "stranger@example.com", "mobile": "", "requirment": "",
            "department_website": "Corp Team", "website": ""}
    return json.dumps(body).encode(), "application/json"


def application():
    boundary = "spambot0boundary"
    fields = {"name": "Ravi Spam", "mobile": "9876543210", "email": "ravi@example.com",
              "experience": "3", "previous_company": "Nowhere Ltd", "query": "Any job",
              "department_website": "Corp Team", "website": ""}
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
             for name, value in fields.items()]
    body = "".join(parts).encode()
    body += (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\n'
             "Content-Type: application/pdf\r\n\r\n").encode()
    body += RESUME + b"\r\n" + f"--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def report(post, status, answer):
    print(json.dumps({"post": post, "status": status,
                      "proof": (answer.get("errors") or {}).get("proof"),
                      "message": answer.get("message")}), flush=True)


FORMS = [
    ("enquiry", "/api/clients/create", enquiry, "enquiry", "application"),
    ("subscription", "/api/clients/create", subscription, "enquiry", "application"),
    ("application", "/api/applicant/create", application, "application", "enquiry"),
]

for name, path, make, form, other in FORMS:
    body, content_type = make()
    report(f"{name} without a proof", *send(path, body, content_type))
    report(f"{name} with another form's proof", *send(path, body, content_type, solved(other)))
    answer = solved(form)
    report(f"{name} with a proof", *send(path, body, content_type, answer))
    report(f"{name} with the same proof again", *send(path, body, content_type, answer))
