#!/usr/bin/python3
"""Writes the sound clips `make bench` listens to, and the demo's sample.

    make-sound-clips.py OUT_DIR [--seed N]     every clip and OUT_DIR/manifest.json
    make-sound-clips.py --sample OUT.wav       the demo's ~18 s sample

Every file is a 16 kHz mono signed 16-bit WAV. Deterministic: the same seed (35 by
default) and the same espeak-ng give the same bytes on every run. Run it with
/usr/bin/python3 (Debian's python3-numpy); speech comes from espeak-ng.

Alarm clips: a background alone for 3-5 s, then the alarm for two whole periods, then
2 s of background. The alarms are the standardised signals (ISO 8201, NFPA 72/720):

  T3    0.5 s on, 0.5 s off, three times, the last off 1.5 s: a period of 4.0 s
  T4    0.1 s on, 0.1 s off, four times, the last off 5.0 s: a period of 5.7 s

T3 and T4 sound a piezo-like tone (a fundamental between 3.0 and 3.2 kHz, its second
harmonic 18 dB down and a slight 8 Hz warble); `520hz` is T3 sounded as a band-limited
520 Hz square wave, the low-frequency alarm for sleeping areas and people hard of
hearing. Each is mixed over each background (speech, music-like, noise) at 20, 10, 5 and
0 dB SNR.

SNR, as measured: 10 log10(Pa / Pb), where Pa is the alarm's mean square over its
on-periods only (the samples where it sounds) and Pb the background's mean square over
every sample from the alarm's onset to its end. The background keeps one level
(-30 dBFS RMS over the whole clip) and the alarm is scaled. An alarm heard only half the
time is therefore no louder than its SNR says while it sounds.

Non-alarm clips: speech, beeps in other rhythms (a microwave's three beeps, an alarm
clock's rapid beeps, reversing beeps at 1 Hz alone and over a truck's engine, a smoke
alarm's low-battery chirp), ringtones (dual tones, an electromechanical bell, a melody),
a doorbell, music and noise. None of them should raise an urgent alert; the manifest
sums their duration so false alerts per hour are counted on measured hours.

manifest.json: {"schema": "sensebridge.sound-clips/1", "sampleRate", "seed",
"alarmSeconds", "nonAlarmSeconds", "clips": [...]}; each clip has "file", "kind"
("alarm" or "non-alarm"), "background" (its category for a non-alarm clip),
"description", "duration", and for an alarm "pattern" (T3, T4, 520hz), "snr" (dB),
"onset" and "end" (seconds into the file), "period" (s), "frequency" (Hz) and
"expected" (the SenseBridge identifier: smoke_alarm or carbon_monoxide_alarm); a
non-alarm clip's "expected" is null.

The demo's sample (--sample): kitchen-like noise throughout, someone speaking from
0.8 s, a doorbell's ding-dong at 4.4 s, then a T3 smoke alarm from 7.5 s (two whole
periods, 10 dB over the kitchen: a pattern is confirmed once the next cycle begins),
then the kitchen alone to the end at 18.0 s.
"""
import json
import os
import subprocess
import sys
import tempfile
import wave

import numpy as np

RATE = 16000
SEED = 35
BACKGROUND_RMS = 10 ** (-30 / 20)
SNRS = (20, 10, 5, 0)

# (on, off) steps of one period; the last off is the pattern's long pause.
T3 = [(0.5, 0.5), (0.5, 0.5), (0.5, 1.5)]
T4 = [(0.1, 0.1), (0.1, 0.1), (0.1, 0.1), (0.1, 5.0)]
ALARMS = {
    "T3": {"steps": T3, "tone": "piezo", "expected": "smoke_alarm",
           "description": "temporal-three smoke alarm, piezo tone"},
    "T4": {"steps": T4, "tone": "piezo", "expected": "carbon_monoxide_alarm",
           "description": "temporal-four carbon-monoxide alarm, piezo tone"},
    "520hz": {"steps": T3, "tone": "square520", "expected": "smoke_alarm",
              "description": "temporal-three low-frequency (520 Hz square wave) smoke alarm"},
}

# espeak-ng voices across languages and variants, so speech is never one voice.
VOICES = ["en-us", "en-gb+f3", "es+m3", "vi+f2", "fr+m1", "de+f4", "en-us+m7", "es-419+f1"]
SENTENCES = {
    "en": ["Could you pass me the salt, please?", "I think the bus comes at half past eight.",
           "Dinner is almost ready, come and sit down.", "Did you remember to call your sister yesterday?",
           "The weather will be cold and windy tomorrow morning.", "Let's go for a walk after lunch."],
    "es": ["¿Me pasas la sal, por favor?", "Creo que el autobús llega a las ocho y media.",
           "La cena está casi lista, ven a sentarte.", "Mañana hará frío y mucho viento."],
    "vi": ["Bạn có thể đưa giúp tôi lọ muối không?", "Tôi nghĩ xe buýt đến lúc tám giờ rưỡi.",
           "Bữa tối gần xong rồi, lại đây ngồi đi.", "Ngày mai trời sẽ lạnh và có gió."],
    "fr": ["Peux-tu me passer le sel, s'il te plaît?", "Le dîner est presque prêt, viens t'asseoir."],
    "de": ["Kannst du mir bitte das Salz geben?", "Das Abendessen ist fast fertig, setz dich."],
}


def seconds(count):
    return int(round(count * RATE))


def rms(signal):
    return float(np.sqrt(np.mean(np.square(signal, dtype=np.float64)))) if len(signal) else 0.0


def resample(signal, rate):
    """Band-limited resampling to RATE through the spectrum (espeak-ng writes 22050 Hz)."""
    if rate == RATE:
        return signal
    count = int(round(len(signal) * RATE / rate))
    spectrum = np.fft.rfft(signal)
    kept = np.zeros(count // 2 + 1, dtype=complex)
    bins = min(len(kept), len(spectrum))
    kept[:bins] = spectrum[:bins]
    return np.fft.irfft(kept, n=count) * count / len(signal)


def read_wav(path):
    with wave.open(path, "rb") as handle:
        if handle.getsampwidth() != 2 or handle.getnchannels() != 1:
            sys.exit(f"make-sound-clips: {path}: espeak-ng wrote something other than 16-bit mono")
        data = np.frombuffer(handle.readframes(handle.getnframes()), dtype="<i2").astype(np.float64) / 32768
        return resample(data, handle.getframerate())


def write_wav(path, signal):
    peak = float(np.max(np.abs(signal))) if len(signal) else 0.0
    if peak >= 1.0:
        sys.exit(f"make-sound-clips: {path}: the mix clips (peak {peak:.2f}); lower the levels")
    samples = np.round(signal * 32767).astype("<i2")
    with wave.open(path, "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(samples.tobytes())


def level(signal, target):
    """`signal` at `target` RMS, or quieter where that would bring a peak past 0.9."""
    return signal * min(target / rms(signal), 0.9 / float(np.max(np.abs(signal))))


def ramp(signal, attack=0.005):
    """Raised-cosine edges, so a tone switches on and off without a click."""
    count = min(seconds(attack), len(signal) // 2)
    if count > 0:
        edge = 0.5 - 0.5 * np.cos(np.linspace(0, np.pi, count))
        signal[:count] *= edge
        signal[-count:] *= edge[::-1]
    return signal


def time_axis(duration):
    return np.arange(seconds(duration)) / RATE


# --- speech ---------------------------------------------------------------------------

def speak(text, voice, scratch):
    path = os.path.join(scratch, "speech.wav")
    try:
        subprocess.run(["espeak-ng", "-v", voice, "-s", "160", "-w", path, text], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    except FileNotFoundError:
        sys.exit("make-sound-clips: espeak-ng is not installed (Debian: espeak-ng; scripts/deps.sh installs it)")
    except subprocess.CalledProcessError as error:
        sys.exit(f"make-sound-clips: espeak-ng -v {voice} failed: {error.stderr.decode(errors='replace').strip()}")
    return read_wav(path)


def speech(duration, rng, scratch, voices=None):
    """Sentences in turn, with the pauses of a conversation, until `duration` is full."""
    voices = voices or VOICES
    parts, total = [], 0
    target = seconds(duration)
    while total < target:
        voice = voices[int(rng.integers(len(voices)))]
        language = voice.split("+")[0].split("-")[0]
        sentences = SENTENCES[language]
        spoken = speak(sentences[int(rng.integers(len(sentences)))], voice, scratch)
        pause = np.zeros(seconds(rng.uniform(0.2, 0.9)))
        parts += [spoken, pause]
        total += len(spoken) + len(pause)
    return np.concatenate(parts)[:target]


# --- music-like -----------------------------------------------------------------------

def note(frequency, duration, decay, harmonics=(1.0, 0.5, 0.3, 0.15, 0.08)):
    t = time_axis(duration)
    tone = sum(level * np.sin(2 * np.pi * frequency * (index + 1) * t)
               for index, level in enumerate(harmonics) if frequency * (index + 1) < RATE / 2 - 200)
    return ramp(tone * np.exp(-t / decay), 0.003)


def add(mix, part, start):
    begin = seconds(start)
    end = min(len(mix), begin + len(part))
    if end > begin:
        mix[begin:end] += part[:end - begin]


def music(duration, rng):
    """Chords, a bass line, a pentatonic melody and drums at a random key and tempo."""
    mix = np.zeros(seconds(duration))
    beat = 60 / rng.uniform(80, 132)
    root = 110 * 2 ** (int(rng.integers(12)) / 12)
    progression = [0, 7, 9, 5]                      # I V vi IV
    scale = [0, 2, 4, 7, 9, 12, 14, 16]             # major pentatonic over two octaves
    bar = 0
    while bar * 4 * beat < duration:
        degree = progression[bar % 4]
        chord_root = root * 2 ** (degree / 12)
        minor = degree == 9
        for interval in (0, 3 if minor else 4, 7):
            add(mix, 0.12 * note(2 * chord_root * 2 ** (interval / 12), 4 * beat, 1.2), bar * 4 * beat)
        for step in range(4):
            start = (bar * 4 + step) * beat
            add(mix, 0.25 * note(chord_root / 2, beat, 0.25, (1.0, 0.3)), start)
            # kick on 1 and 3, a noise snare on 2 and 4, hats on every half beat
            if step % 2 == 0:
                t = time_axis(0.2)
                add(mix, 0.5 * np.sin(2 * np.pi * (50 + 70 * np.exp(-t / 0.03)) * t) * np.exp(-t / 0.06), start)
            else:
                burst = rng.standard_normal(seconds(0.15)) * np.exp(-time_axis(0.15) / 0.04)
                add(mix, 0.15 * burst, start)
            for half in (0, 0.5):
                hat = np.diff(rng.standard_normal(seconds(0.05) + 1)) * np.exp(-time_axis(0.05) / 0.01)
                add(mix, 0.04 * hat, start + half * beat)
            if rng.uniform() < 0.7:
                pitch = root * 4 * 2 ** (scale[int(rng.integers(len(scale)))] / 12)
                add(mix, 0.1 * note(pitch, beat * 0.9, 0.4), start + (0.5 * beat if rng.uniform() < 0.3 else 0))
        bar += 1
    return mix


# --- noise ----------------------------------------------------------------------------

def coloured(count, rng, exponent):
    """White noise shaped to 1/f^exponent in power (1: pink, 2: brown), 20 Hz and up."""
    spectrum = np.fft.rfft(rng.standard_normal(count))
    frequencies = np.fft.rfftfreq(count, 1 / RATE)
    spectrum *= 1 / np.maximum(frequencies, 20) ** (exponent / 2)
    signal = np.fft.irfft(spectrum, n=count)
    return signal / rms(signal)


def fan(count, rng):
    """Brown and pink noise beating at the blade rate, over mains hum."""
    t = np.arange(count) / RATE
    blades = 1 + 0.3 * np.sin(2 * np.pi * rng.uniform(18, 30) * t)
    hum = sum(level * np.sin(2 * np.pi * 50 * harmonic * t) for harmonic, level in ((1, 0.5), (2, 0.3), (3, 0.1)))
    return (coloured(count, rng, 2) + 0.4 * coloured(count, rng, 1)) * blades + hum


def kitchen(count, rng):
    """A fan, running water (band noise) and now and then a clatter of dishes."""
    water = np.fft.irfft(np.fft.rfft(rng.standard_normal(count))
                         * ((np.fft.rfftfreq(count, 1 / RATE) > 800) & (np.fft.rfftfreq(count, 1 / RATE) < 5000)), n=count)
    mix = fan(count, rng) + 0.6 * water / rms(water)
    for start in rng.uniform(0, count / RATE - 0.3, size=max(1, count // seconds(4))):
        t = time_axis(0.25)
        clatter = sum(np.sin(2 * np.pi * rng.uniform(1500, 6000) * t) for _ in range(4)) * np.exp(-t / 0.03)
        add(mix, 3 * clatter, start)
    return mix


NOISES = {"pink": lambda count, rng: coloured(count, rng, 1),
          "brown": lambda count, rng: coloured(count, rng, 2),
          "fan": fan, "kitchen": kitchen}


# --- tones ----------------------------------------------------------------------------

def piezo(duration, frequency):
    t = time_axis(duration)
    warble = 1 + 0.002 * np.sin(2 * np.pi * 8 * t)
    phase = 2 * np.pi * frequency * np.cumsum(warble) / RATE
    return np.sin(phase) + 10 ** (-18 / 20) * np.sin(2 * phase)


def square(duration, frequency):
    """A square wave built from its odd harmonics below Nyquist (no aliasing)."""
    t = time_axis(duration)
    return sum(np.sin(2 * np.pi * frequency * k * t) / k for k in range(1, 64, 2) if frequency * k < RATE / 2 - 200)


def sine(duration, *frequencies):
    t = time_axis(duration)
    return sum(np.sin(2 * np.pi * frequency * t) for frequency in frequencies) / len(frequencies)


def pattern(steps, periods, make_tone):
    """`periods` repetitions of (on, off) steps: the signal and a mask of where it sounds."""
    parts, mask = [], []
    for _ in range(periods):
        for on, off in steps:
            tone = ramp(make_tone(on))
            parts += [tone, np.zeros(seconds(off))]
            mask += [np.ones(len(tone), dtype=bool), np.zeros(seconds(off), dtype=bool)]
    return np.concatenate(parts), np.concatenate(mask)


def bell(duration, frequency):
    """A struck bell: inharmonic partials, each decaying at its own rate."""
    t = time_axis(duration)
    partials = ((1.0, 1.0, 0.9), (2.0, 0.6, 0.5), (2.76, 0.4, 0.3), (5.4, 0.25, 0.15))
    return ramp(sum(level * np.sin(2 * np.pi * frequency * ratio * t) * np.exp(-t / decay)
                    for ratio, level, decay in partials if frequency * ratio < RATE / 2 - 200), 0.002)


def ding_dong(frequency=659.3):
    ding, dong = bell(1.2, frequency), bell(1.8, frequency * 0.794)  # a major third down
    mix = np.zeros(seconds(2.6))
    add(mix, ding, 0)
    add(mix, dong, 0.7)
    return mix


def repeat_pattern(total, steps, make_tone):
    """`steps` repeated to fill `total` seconds."""
    period = sum(on + off for on, off in steps)
    signal, _ = pattern(steps, int(np.ceil(total / period)), make_tone)
    return signal[:seconds(total)]


# --- clips ----------------------------------------------------------------------------

def background(kind, duration, rng, scratch, variant):
    count = seconds(duration)
    if kind == "speech":
        voices = [VOICES[variant % len(VOICES)], VOICES[(variant + 3) % len(VOICES)]]
        signal = speech(duration, rng, scratch, voices)
    elif kind == "music":
        signal = music(duration, rng)
    else:
        signal = NOISES[("pink", "brown", "fan", "kitchen")[variant % 4]](count, rng)
    return signal / rms(signal) * BACKGROUND_RMS


def alarm_clip(name, snr, kind, rng, scratch, variant):
    """The mix, its manifest entry, and the alarm alone where it sounds in the mix."""
    spec = ALARMS[name]
    frequency = 520.0 if spec["tone"] == "square520" else float(round(rng.uniform(3000, 3200)))
    make_tone = (lambda on: 0.5 * square(on, frequency)) if spec["tone"] == "square520" else (lambda on: piezo(on, frequency))
    period = sum(on + off for on, off in spec["steps"])
    onset = round(float(rng.uniform(3, 5)), 2)
    alarm, mask = pattern(spec["steps"], 2, make_tone)
    duration = onset + len(alarm) / RATE + 2
    bed = background(kind, duration, rng, scratch, variant)
    span = bed[seconds(onset):seconds(onset) + len(alarm)]
    alarm *= rms(span) * 10 ** (snr / 20) / rms(alarm[mask])
    track = np.zeros(len(bed))
    add(track, alarm, onset)
    entry = {"kind": "alarm", "pattern": name, "background": kind, "snr": snr, "onset": onset,
             "end": round(onset + len(alarm) / RATE, 3), "period": round(period, 3), "frequency": frequency,
             "expected": spec["expected"], "description": f"{spec['description']} over {kind}"}
    return bed + track, entry, track


def over_noise(signal, rng, snr=20, lead=1.5, tail=1.5):
    """A sound over quiet pink noise (`snr` dB over it while it sounds, or less where a
    peak would pass 0.8), with noise before and after."""
    bed = coloured(len(signal) + seconds(lead + tail), rng, 1) * BACKGROUND_RMS
    sounding = np.abs(signal) > 1e-4
    gain = min(BACKGROUND_RMS * 10 ** (snr / 20) / rms(signal[sounding]), 0.8 / float(np.max(np.abs(signal))))
    scaled = signal * gain
    add(bed, scaled, lead)
    return bed


def non_alarm_clips(rng, scratch):
    """(file stem, category, description, signal) for every non-alarm clip."""
    clips = []
    for index, voice in enumerate(VOICES[:6]):
        signal = speech(20, rng, scratch, [voice, VOICES[(index + 2) % len(VOICES)]])
        clips.append((f"speech-{index + 1}", "speech", f"conversation, espeak-ng {voice}", level(signal, BACKGROUND_RMS * 3)))
    beeps = [
        ("microwave", "a microwave's three end beeps, twice", 18,
         [(0.35, 0.25), (0.35, 0.25), (0.35, 8.0)], lambda on: sine(on, 2000)),
        ("alarm-clock", "an alarm clock's rapid beeps, four at 8 Hz every second", 15,
         [(0.06, 0.065), (0.06, 0.065), (0.06, 0.065), (0.06, 0.5)], lambda on: piezo(on, 2600)),
        ("reversing", "reversing beeps at 1 Hz (0.5 s on, 0.5 s off)", 20,
         [(0.5, 0.5)], lambda on: sine(on, 1200)),
        ("low-battery-chirp", "a smoke alarm's low-battery chirp every 10 s", 30,
         [(0.05, 9.95)], lambda on: piezo(on, 3100)),
        ("kitchen-timer", "a kitchen timer: beeps at 4 Hz for 3 s, every 8 s", 24,
         [(0.12, 0.13)] * 11 + [(0.12, 5.13)], lambda on: sine(on, 3400)),
        ("keypad", "keypad presses: short beeps at random", 15, None, None),
    ]
    for stem, description, duration, steps, make_tone in beeps:
        if steps is None:
            signal = np.zeros(seconds(duration))
            for start in np.sort(rng.uniform(0, duration - 0.2, size=18)):
                add(signal, ramp(sine(0.08, 1800)), start)
        else:
            signal = repeat_pattern(duration, steps, make_tone)
        clips.append((stem, "beeps", description, over_noise(signal, rng)))
    truck = repeat_pattern(20, [(0.5, 0.5)], lambda on: sine(on, 1100))
    engine = coloured(len(truck), rng, 2) * (1 + 0.2 * np.sin(2 * np.pi * 28 * np.arange(len(truck)) / RATE))
    engine *= 3 * BACKGROUND_RMS / rms(engine)
    clips.append(("truck-reversing", "beeps", "a truck reversing: 1 Hz beeps over its engine",
                  engine + truck * 3 * BACKGROUND_RMS * 10 ** (10 / 20) / rms(truck[np.abs(truck) > 1e-4])))
    rings = [
        ("ring-uk", "a UK telephone ring: 400+450 Hz, 0.4 on, 0.2 off, 0.4 on, 2 off", 18,
         [(0.4, 0.2), (0.4, 2.0)], lambda on: sine(on, 400, 450)),
        ("ring-us", "a US telephone ring: 440+480 Hz, 2 s on, 4 s off", 18,
         [(2.0, 4.0)], lambda on: sine(on, 440, 480)),
        ("ring-bell", "an electromechanical phone bell: strikes at 20 Hz, 2 s on, 4 s off", 18,
         [(2.0, 4.0)], lambda on: sum(np.roll(bell(on, 1200), seconds(0.05) * k) for k in range(int(on / 0.05))) / 8),
    ]
    for stem, description, duration, steps, make_tone in rings:
        clips.append((stem, "ringtones", description, over_noise(repeat_pattern(duration, steps, make_tone), rng)))
    melody = np.zeros(seconds(18))
    tune = [0, 4, 7, 12, 7, 4, 0, 4, 7, 12, 16, 12]
    for start in (0, 6, 12):
        for index, step in enumerate(tune):
            add(melody, 0.5 * note(880 * 2 ** (step / 12), 0.2, 0.15), start + 0.2 * index)
    clips.append(("ring-melody", "ringtones", "a mobile phone's melody, three times", over_noise(melody, rng)))
    doorbell = np.zeros(seconds(12))
    add(doorbell, ding_dong(), 1)
    add(doorbell, ding_dong(587.3), 7)
    clips.append(("doorbell", "doorbell", "a doorbell's ding-dong, twice", over_noise(doorbell, rng)))
    for index in range(4):
        signal = music(30, rng)
        clips.append((f"music-{index + 1}", "music", "music-like: chords, bass, melody, drums", level(signal, BACKGROUND_RMS * 3)))
    for kind in NOISES:
        signal = NOISES[kind](seconds(30), rng)
        clips.append((f"noise-{kind}", "noise", f"{kind} noise", level(signal, BACKGROUND_RMS * 3)))
    return clips


def make_clips(out, seed):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(seed)
    entries = []
    with tempfile.TemporaryDirectory(prefix="sensebridge-clips-") as scratch:
        variant = 0
        for name in ALARMS:
            for kind in ("speech", "music", "noise"):
                for snr in SNRS:
                    signal, entry, _ = alarm_clip(name, snr, kind, rng, scratch, variant)
                    variant += 1
                    entry["file"] = f"alarm-{name.lower()}-{kind}-{snr}db.wav"
                    write_wav(os.path.join(out, entry["file"]), signal)
                    entry["duration"] = round(len(signal) / RATE, 3)
                    entries.append(entry)
        for stem, category, description, signal in non_alarm_clips(rng, scratch):
            entry = {"file": f"other-{stem}.wav", "kind": "non-alarm", "background": category,
                     "description": description, "duration": round(len(signal) / RATE, 3), "expected": None}
            write_wav(os.path.join(out, entry["file"]), signal)
            entries.append(entry)
    manifest = {
        "schema": "sensebridge.sound-clips/1", "sampleRate": RATE, "seed": seed,
        "alarmSeconds": round(sum(e["duration"] for e in entries if e["kind"] == "alarm"), 3),
        "nonAlarmSeconds": round(sum(e["duration"] for e in entries if e["kind"] == "non-alarm"), 3),
        "clips": entries,
    }
    with open(os.path.join(out, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    print(f"make-sound-clips: {len(entries)} clips in {out}: {manifest['alarmSeconds']:.0f} s with an alarm, "
          f"{manifest['nonAlarmSeconds']:.0f} s without", file=sys.stderr)


def make_sample(out, seed):
    rng = np.random.default_rng(seed)
    duration = 18.0
    mix = kitchen(seconds(duration), rng)
    mix *= BACKGROUND_RMS / rms(mix)
    with tempfile.TemporaryDirectory(prefix="sensebridge-sample-") as scratch:
        talk = speak("Dinner is almost ready. Could you set the table?", "en-us+f3", scratch)
    add(mix, level(talk, BACKGROUND_RMS * 4), 0.8)
    add(mix, level(ding_dong(), BACKGROUND_RMS * 4), 4.4)
    # Two periods: a pattern is confirmed once its cycle is whole and the next one begins.
    alarm, mask = pattern(T3, 2, lambda on: piezo(on, 3100))
    onset = 7.5
    span = mix[seconds(onset):seconds(onset) + len(alarm)]
    add(mix, alarm * rms(span) * 10 ** (10 / 20) / rms(alarm[mask]), onset)
    write_wav(out, mix)


def main(arguments):
    seed = SEED
    if "--seed" in arguments:
        at = arguments.index("--seed")
        if at + 1 >= len(arguments) or not arguments[at + 1].isdigit():
            sys.exit("make-sound-clips: --seed needs a whole number")
        seed = int(arguments[at + 1])
        del arguments[at:at + 2]
    if len(arguments) == 2 and arguments[0] == "--sample":
        make_sample(arguments[1], seed)
    elif len(arguments) == 1 and not arguments[0].startswith("-"):
        make_clips(arguments[0], seed)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
