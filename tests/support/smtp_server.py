"""A real SMTP server for the mail tests (aiosmtpd): every message it accepts is written to
DIR as NNNNNN.eml, with the envelope's recipients in an X-Envelope-To header on top.

How it answers is read from DIR/mode before each message, so a test can change it while
the server runs:
  accept     take every message (the default)
  tempfail   answer DATA with 451 (a temporary failure: the sender must retry)
  permfail   answer DATA with 550 (a permanent refusal: the mail is dead)
  drop       close the connection at DATA without an answer
  slow       take every message after half a second (to kill a sender mid-send)

Prints "listening PORT" once it listens.
  python smtp_server.py DIR
"""

import asyncio
import itertools
import os
import socket
import sys

from aiosmtpd.controller import Controller

counter = itertools.count(1)


class Handler:
    def __init__(self, directory):
        self.directory = directory

    def mode(self):
        try:
            with open(os.path.join(self.directory, "mode"), encoding="utf-8") as f:
                return f.read().strip() or "accept"
        except FileNotFoundError:
            return "accept"

    async def handle_DATA(self, server, session, envelope):
        mode = self.mode()
        if mode == "tempfail":
            return "451 4.3.0 Mailbox busy, try again later"
        if mode == "permfail":
            return "550 5.1.1 No such mailbox here"
        if mode == "drop":
            server.transport.abort()
            return "421 4.3.0 closing"
        if mode == "slow":
            await asyncio.sleep(0.5)
        number = next(counter)
        path = os.path.join(self.directory, f"{number:06d}.eml")
        temporary = path + ".part"
        with open(temporary, "wb") as f:
            f.write(b"X-Envelope-To: " + ", ".join(envelope.rcpt_tos).encode() + b"\r\n")
            f.write(envelope.original_content)
        os.replace(temporary, path)
        return "250 2.0.0 Message accepted"


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    # A free port: the controller checks it is up by connecting, so port 0 will not do.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(Handler(directory), hostname="127.0.0.1", port=port)
    controller.start()
    print(f"listening {port}", flush=True)
    try:
        sys.stdin.read()  # until the test closes our stdin (or dies)
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
