#!/usr/bin/env python3
"""Writes a WAV file's samples into a test sound server's microphone FIFO.

    scripts/test-daemons/feed-mic.py FIFO WAV [--realtime]

The FIFO is the one scripts/test-daemons/pulseaudio.sh made (module-pipe-source: raw
s16le, 16 kHz, mono), so the WAV must be 16-bit mono 16 kHz; anything else is refused
(exit 65) rather than heard as noise. PulseAudio reads a FIFO as fast as it is written:
--realtime paces the writes (20 ms at a time, on the monotonic clock, never drifting) so
the microphone hears the sound at its own speed; without it the whole file goes at once.
A FIFO blocks without a reader, so run this under `timeout`. Just before each write it
prints "<first frame> <ns>" (the index of the chunk's first sample, and CLOCK_MONOTONIC,
the clock SenseBridge stamps sound with), so a test knows when the microphone heard each
sample even when a busy machine held the writer up. Exit 0 once all was written, 74 when
the reader went away (the server stopped) before the end.
"""
import os
import sys
import time
import wave

RATE, WIDTH, CHANNELS = 16000, 2, 1
CHUNK_FRAMES = RATE // 50  # 20 ms


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2 or set(a for a in argv if a.startswith("--")) - {"--realtime"}:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 64
    fifo, path = args
    realtime = "--realtime" in argv
    try:
        with wave.open(path, "rb") as wav:
            shape = (wav.getframerate(), wav.getsampwidth(), wav.getnchannels())
            if shape != (RATE, WIDTH, CHANNELS):
                print(f"feed-mic: {path} is {shape[0]} Hz, {shape[1] * 8}-bit, {shape[2]} channel(s); "
                      f"the test microphone takes {RATE} Hz 16-bit mono.", file=sys.stderr)
                return 65
            frames = wav.readframes(wav.getnframes())
    except (OSError, wave.Error) as error:
        print(f"feed-mic: cannot read {path}: {error}", file=sys.stderr)
        return 66
    step = CHUNK_FRAMES * WIDTH * CHANNELS
    try:
        with open(fifo, "wb", buffering=0) as out:
            start = time.monotonic()
            for index, offset in enumerate(range(0, len(frames), step)):
                if realtime:
                    due = start + index * CHUNK_FRAMES / RATE
                    delay = due - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                print(f"{offset // (WIDTH * CHANNELS)} {time.monotonic_ns()}", flush=True)
                out.write(frames[offset:offset + step])
    except BrokenPipeError:
        print("feed-mic: the microphone's reader went away before the end.", file=sys.stderr)
        return 74
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
