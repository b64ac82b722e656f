#!/usr/bin/python3
"""Writes the sound classifier's test clips: 16 kHz mono float32 (raw little-endian),
one file per clip, into DIR, and prints their names, one a line.

    make_sound_clips.py DIR

Generated, so every run has the same material and nothing recorded is kept: alarm
patterns (ISO 8201 temporal-three near 3 kHz, temporal-four, the 520 Hz square wave),
a siren's wail and yelp, beeps in other rhythms (a microwave's three, an alarm clock's
bursts), a phone's ring cadence, a two-tone doorbell, knocks, noise, a music-like
arpeggio, and speech from espeak-ng in en, es and vi (when espeak-ng is installed); and
one recording, a person reading speech-dispatcher's 29 s dummy message
(/usr/share/sounds/speech-dispatcher/dummy-message.wav, Debian's speech-dispatcher
package, 16 kHz mono), when it is there: the machine has no other recorded sound.
Levels are moderate (peaks near -10 dBFS), as a room microphone hears.

Run it with /usr/bin/python3 (Debian's numpy).
"""
import os
import subprocess
import sys
import tempfile
import wave

import numpy as np

RATE = 16000
rng = np.random.RandomState(35)


def seconds(duration):
    return np.arange(int(duration * RATE)) / RATE


def gate(t, pattern):
    """1 where `pattern` (a list of (on, off) seconds, repeating) is on."""
    period = sum(on + off for on, off in pattern)
    phase = t % period
    result = np.zeros_like(t)
    start = 0.0
    for on, off in pattern:
        result[(phase >= start) & (phase < start + on)] = 1
        start += on + off
    return result


def tone(t, hertz):
    return np.sin(2 * np.pi * hertz * t)


def square(t, hertz):
    return np.sign(np.sin(2 * np.pi * hertz * t))


def harmonics(hertz, count=8):
    """A sawtooth-like tone following `hertz` (one value per sample)."""
    phase = 2 * np.pi * np.cumsum(hertz) / RATE
    return sum(np.sin(n * phase) / n for n in range(1, count + 1))


def decaying(t, hertz, start, length, decay):
    local = t - start
    envelope = np.where((local >= 0) & (local < length), np.exp(-np.clip(local, 0, None) / decay), 0)
    return envelope * (tone(t, hertz) + 0.3 * tone(t, 2 * hertz) + 0.1 * tone(t, 3 * hertz))


def clips():
    t = seconds(8)
    yield "t3-3100hz", 0.3 * tone(t, 3100) * gate(t, [(0.5, 0.5), (0.5, 0.5), (0.5, 1.5)])
    yield "t4-3100hz", 0.3 * tone(t, 3100) * gate(t, [(0.1, 0.1), (0.1, 0.1), (0.1, 0.1), (0.1, 5.0)])
    yield "t3-520hz-square", 0.2 * square(t, 520) * gate(t, [(0.5, 0.5), (0.5, 0.5), (0.5, 1.5)])
    yield "steady-beep-3100hz-1s", 0.3 * tone(t, 3100) * gate(t, [(0.5, 0.5)])
    # A siren's horn driver is rich in harmonics; a pure sweeping sine is heard as a synthesizer.
    yield "siren-wail", 0.1 * harmonics(650 + 425 * (1 - np.cos(2 * np.pi * t / 5)))
    yield "siren-yelp", 0.1 * harmonics(650 + 425 * (1 - np.cos(2 * np.pi * t * 2.5)))
    yield "microwave-beeps", 0.3 * tone(t, 2000) * gate(t, [(0.25, 0.25), (0.25, 0.25), (0.25, 3.0)])
    yield "alarm-clock-bursts", 0.3 * square(t, 2500) * 0.5 * gate(t, [(0.07, 0.07)] * 4 + [(0.07, 0.5)])
    yield "phone-ring", 0.2 * (tone(t, 440) + tone(t, 480)) * gate(t, [(2.0, 4.0)])
    bell = sum(decaying(t, 659, start, 1.0, 0.4) + decaying(t, 523, start + 0.6, 1.5, 0.6) for start in (0.5, 4.5))
    yield "doorbell-ding-dong", 0.2 * bell
    knocks = np.zeros_like(t)
    for start in (1.0, 1.3, 1.6, 4.0, 4.3, 4.6):
        local = t - start
        knocks += np.where((local >= 0) & (local < 0.05), np.exp(-np.clip(local, 0, None) / 0.008), 0) * rng.randn(len(t))
    yield "knocks", 0.5 * knocks
    yield "white-noise", 0.1 * rng.randn(len(t))
    pink = np.cumsum(rng.randn(len(t)))
    pink -= np.convolve(pink, np.ones(400) / 400, mode="same")
    yield "brown-noise", 0.3 * pink / np.abs(pink).max()
    notes = [261.6, 329.6, 392.0, 523.3]
    arpeggio = sum(decaying(t, notes[i % 4], i * 0.25, 0.5, 0.2) for i in range(32))
    yield "arpeggio", 0.15 * arpeggio
    yield "silence", np.zeros_like(t)
    for locale, text in (("en", "Hello, the kettle is on the stove and the meeting starts at ten."),
                         ("es", "Hola, la tetera está en la cocina y la reunión empieza a las diez."),
                         ("vi", "Xin chào, ấm nước đang ở trên bếp và cuộc họp bắt đầu lúc mười giờ.")):
        speech = espeak(locale, text)
        if speech is not None:
            yield f"speech-{locale}", speech
    if os.path.exists(RECORDING):
        yield "recorded-speech", read_wav(RECORDING)


RECORDING = "/usr/share/sounds/speech-dispatcher/dummy-message.wav"


def read_wav(path):
    with wave.open(path) as file:
        if (file.getframerate(), file.getnchannels(), file.getsampwidth()) != (RATE, 1, 2):
            sys.exit(f"make_sound_clips: {path}: not a 16 kHz mono 16-bit WAV")
        return np.frombuffer(file.readframes(file.getnframes()), dtype="<i2").astype(np.float64) / 32768


def espeak(voice, text):
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "speech.wav")
        try:
            subprocess.run(["espeak-ng", "-v", voice, "-w", path, text], check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError):
            return None
        with wave.open(path) as file:
            rate, frames = file.getframerate(), file.readframes(file.getnframes())
    samples = np.frombuffer(frames, dtype="<i2").astype(np.float64) / 32768
    # espeak-ng speaks at 22050 Hz: linear interpolation to 16 kHz is plenty for speech.
    times = np.arange(int(len(samples) * RATE / rate)) / RATE
    return 0.5 * np.interp(times, np.arange(len(samples)) / rate, samples)


def main(arguments):
    if len(arguments) != 1:
        sys.exit(__doc__)
    os.makedirs(arguments[0], exist_ok=True)
    for name, samples in clips():
        samples.astype("<f4").tofile(os.path.join(arguments[0], name + ".f32"))
        print(name)


if __name__ == "__main__":
    main(sys.argv[1:])
