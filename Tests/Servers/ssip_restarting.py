#!/usr/bin/env python3
"""An SSIP peer that "restarts" while a message is being spoken, for the
speech-dispatcher target's tests.

    python3 Tests/Servers/ssip_restarting.py SOCKET_PATH RECORD_FILE

Listens on SOCKET_PATH and prints "READY" once it does. The first connection is set up
as a daemon would (every command "200 OK", the client id "240-1 / 240 OK"), its message
is queued ("225-7 / 225 OK") and then, with no END event, the connection is closed: a
daemon that died mid-utterance. The next connection is served the same way, but its
message gets its END event at once. Each message text received is appended to
RECORD_FILE as a line "TEXT <text>" before it is answered. Exits when the second client
leaves.
"""
import os
import socket
import sys


def serve(connection: socket.socket, message_id: int, finish: bool, record: str) -> None:
    buffer = b""
    receiving = False
    while True:
        data = connection.recv(4096)
        if not data:
            return
        buffer += data
        while True:
            if receiving:
                if b"\r\n.\r\n" not in buffer:
                    break
                text, buffer = buffer.split(b"\r\n.\r\n", 1)
                receiving = False
                with open(record, "a", encoding="utf-8") as f:
                    f.write("TEXT " + text.decode("utf-8", "replace") + "\n")
                connection.sendall(b"225-%d\r\n225 OK MESSAGE QUEUED\r\n" % message_id)
                if not finish:
                    connection.close()
                    return
                connection.sendall(b"702-%d\r\n702-1\r\n702 END\r\n" % message_id)
                continue
            if b"\r\n" not in buffer:
                break
            line, buffer = buffer.split(b"\r\n", 1)
            command = line.decode("utf-8", "replace").strip().upper()
            if command.startswith("HISTORY GET CLIENT_ID"):
                connection.sendall(b"240-1\r\n240 OK CLIENT ID SENT\r\n")
            elif command == "SPEAK":
                receiving = True
                connection.sendall(b"230 OK RECEIVING DATA\r\n")
            elif command == "QUIT":
                connection.sendall(b"231 HAPPY HACKING\r\n")
                return
            else:
                connection.sendall(b"200 OK\r\n")


def main() -> None:
    path = sys.argv[1]
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    # Bound and listening under a temporary name, then renamed: the tests wait for the
    # socket file to appear, and a file that exists before listen() refuses connections.
    server.bind(path + ".new")
    server.listen(2)
    os.rename(path + ".new", path)
    server.settimeout(60)
    print("READY", flush=True)
    for message_id, finish in ((7, False), (8, True)):
        connection, _ = server.accept()
        connection.settimeout(60)
        try:
            serve(connection, message_id, finish, sys.argv[2])
        except OSError:
            pass
        finally:
            connection.close()


if __name__ == "__main__":
    main()
