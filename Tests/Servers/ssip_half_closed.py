#!/usr/bin/env python3
"""An SSIP peer that stops reading mid-message, for the speech-dispatcher target's tests.

    python3 Tests/Servers/ssip_half_closed.py SOCKET_PATH

Listens on SOCKET_PATH and prints "READY" once it does. It answers the commands a
client sends when it connects and sets itself up (every one with "200 OK", the client
id with "240-1 / 240 OK"), and on SPEAK it shuts its reading side
(shutdown(SHUT_RD)) before answering "230 OK RECEIVING DATA": the client's next write,
the message text, then fails with EPIPE, which raises SIGPIPE in the writing process.
Half a second later it closes the connection and stops listening, so the client's
reconnect is refused. It serves one connection and exits.
"""
import os
import socket
import sys
import time


def main() -> None:
    path = sys.argv[1]
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    # Bound and listening under a temporary name, then renamed: the tests wait for the
    # socket file to appear, and a file that exists before listen() refuses connections.
    server.bind(path + ".new")
    server.listen(1)
    os.rename(path + ".new", path)
    print("READY", flush=True)
    server.settimeout(60)
    connection, _ = server.accept()
    connection.settimeout(60)
    buffer = b""
    while True:
        data = connection.recv(4096)
        if not data:
            break
        buffer += data
        while b"\r\n" in buffer:
            line, buffer = buffer.split(b"\r\n", 1)
            command = line.decode("utf-8", "replace").strip().upper()
            if command.startswith("HISTORY GET CLIENT_ID"):
                connection.sendall(b"240-1\r\n240 OK CLIENT ID SENT\r\n")
            elif command == "SPEAK":
                connection.shutdown(socket.SHUT_RD)
                connection.sendall(b"230 OK RECEIVING DATA\r\n")
                time.sleep(0.5)
                connection.close()
                server.close()
                os.unlink(path)
                return
            else:
                connection.sendall(b"200 OK\r\n")


if __name__ == "__main__":
    main()
