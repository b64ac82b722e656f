"""The listening bench's clips are what docs/LISTENING_BENCH.md says they are:
the SNR as defined there, the standard patterns' timing, the onset in the manifest,
the same bytes for the same seed.

Needs NumPy and espeak-ng, so run it with Debian's Python, from the repository root:

    /usr/bin/python3 -m unittest Tests/Scripts/test_make_sound_clips.py
"""

import importlib.util
import json
import os
import tempfile
import unittest
import wave

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = importlib.util.spec_from_file_location("make_sound_clips", os.path.join(ROOT, "scripts/make-sound-clips.py"))
clips = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(clips)

RATE = 16000


def runs(active):
    """(start, length) in samples of each run of True."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], active.astype(np.int8), [0]])))
    return [(int(start), int(end - start)) for start, end in zip(edges[::2], edges[1::2])]


class AlarmClipTests(unittest.TestCase):
    def test_snr_is_the_alarms_on_periods_against_the_background_over_the_alarm(self):
        with tempfile.TemporaryDirectory() as scratch:
            for name, kind, snr in [("T3", "noise", 10), ("T4", "speech", 0), ("520hz", "music", 20), ("T4", "noise", 5)]:
                mix, entry, alarm = clips.alarm_clip(name, snr, kind, np.random.default_rng(7), scratch, 1)
                background = mix - alarm
                span = slice(round(entry["onset"] * RATE), round(entry["end"] * RATE))
                sounding = np.abs(alarm) > 0
                measured = 10 * np.log10(np.mean(alarm[sounding] ** 2) / np.mean(background[span] ** 2))
                self.assertAlmostEqual(measured, snr, delta=0.05, msg=f"{name} over {kind}")

    def test_patterns_keep_the_standard_timing_from_the_onset(self):
        expected = {"T3": [0.5, 0.5, 0.5, 0.5, 0.5, 1.5], "T4": [0.1, 0.1] * 3 + [0.1, 5.0], "520hz": [0.5, 0.5, 0.5, 0.5, 0.5, 1.5]}
        with tempfile.TemporaryDirectory() as scratch:
            for name, steps in expected.items():
                _, entry, alarm = clips.alarm_clip(name, 10, "noise", np.random.default_rng(3), scratch, 0)
                sounding = runs(np.abs(alarm) > 0)
                self.assertAlmostEqual(sounding[0][0] / RATE, entry["onset"], delta=0.001, msg=name)
                self.assertAlmostEqual(entry["period"], sum(steps), delta=1e-9, msg=name)
                self.assertEqual(len(sounding), 2 * (len(steps) // 2), msg=name)   # two periods of len(steps) / 2 pulses
                for index, (start, length) in enumerate(sounding):
                    on, off = steps[(2 * index) % len(steps)], steps[(2 * index + 1) % len(steps)]
                    self.assertAlmostEqual(length / RATE, on, delta=0.001, msg=f"{name} pulse {index}")
                    if index + 1 < len(sounding):
                        gap = (sounding[index + 1][0] - start - length) / RATE
                        self.assertAlmostEqual(gap, off, delta=0.001, msg=f"{name} gap after pulse {index}")
                self.assertAlmostEqual(entry["end"], entry["onset"] + 2 * sum(steps), delta=0.001, msg=name)

    def test_the_piezo_tone_is_near_three_kilohertz_and_the_low_alarm_at_520(self):
        with tempfile.TemporaryDirectory() as scratch:
            for name, low, high in [("T3", 3000, 3200), ("520hz", 515, 525)]:
                _, entry, alarm = clips.alarm_clip(name, 10, "noise", np.random.default_rng(5), scratch, 0)
                pulse = alarm[round(entry["onset"] * RATE):round((entry["onset"] + 0.5) * RATE)]
                peak = np.fft.rfftfreq(len(pulse), 1 / RATE)[np.argmax(np.abs(np.fft.rfft(pulse)))]
                self.assertTrue(low <= peak <= high, f"{name}: strongest at {peak} Hz")


class GeneratedFilesTests(unittest.TestCase):
    def test_the_sample_is_the_same_bytes_for_the_same_seed_and_16_khz_mono(self):
        with tempfile.TemporaryDirectory() as scratch:
            first, second, other = (os.path.join(scratch, name) for name in ("a.wav", "b.wav", "c.wav"))
            clips.make_sample(first, 35)
            clips.make_sample(second, 35)
            clips.make_sample(other, 36)
            with open(first, "rb") as a, open(second, "rb") as b, open(other, "rb") as c:
                one, two, three = a.read(), b.read(), c.read()
            self.assertEqual(one, two)
            self.assertNotEqual(one, three)
            with wave.open(first, "rb") as handle:
                self.assertEqual((handle.getframerate(), handle.getnchannels(), handle.getsampwidth()), (16000, 1, 2))
                self.assertAlmostEqual(handle.getnframes() / 16000, 18.0, delta=0.01)

    def test_the_manifest_lists_every_file_and_sums_the_hours_it_reports(self):
        with tempfile.TemporaryDirectory() as scratch:
            clips.make_clips(scratch, 35)
            with open(os.path.join(scratch, "manifest.json")) as handle:
                manifest = json.load(handle)
            files = {name for name in os.listdir(scratch) if name.endswith(".wav")}
            self.assertEqual(files, {clip["file"] for clip in manifest["clips"]})
            alarms = [clip for clip in manifest["clips"] if clip["kind"] == "alarm"]
            self.assertEqual(len(alarms), 3 * 3 * 4)
            self.assertEqual({(c["pattern"], c["background"], c["snr"]) for c in alarms},
                             {(p, b, s) for p in ("T3", "T4", "520hz") for b in ("speech", "music", "noise") for s in (20, 10, 5, 0)})
            for clip in manifest["clips"]:
                with wave.open(os.path.join(scratch, clip["file"]), "rb") as handle:
                    self.assertAlmostEqual(handle.getnframes() / 16000, clip["duration"], delta=0.001, msg=clip["file"])
                if clip["kind"] == "alarm":
                    self.assertTrue(3 <= clip["onset"] <= 5 and clip["end"] + 2 <= clip["duration"] + 0.001, clip["file"])
                else:
                    self.assertIsNone(clip["expected"], clip["file"])
            others = sum(clip["duration"] for clip in manifest["clips"] if clip["kind"] == "non-alarm")
            self.assertAlmostEqual(manifest["nonAlarmSeconds"], others, delta=0.01)
            self.assertGreater(manifest["nonAlarmSeconds"], 600)


if __name__ == "__main__":
    unittest.main()
