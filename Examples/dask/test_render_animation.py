"""Examples/dask/render_animation.py on a local Dask cluster gives the animation one
`oqc animate` run gives: the same frames (pixels, as Pillow decodes both files), delays and
loop count. Run by .ci/run after the builds:

    OQC=.build/release/oqc python3 -m unittest Examples/dask/test_render_animation.py

It needs dask[distributed] (PyPI) in this Python and Pillow in Debian's (/usr/bin/python3,
Scripts/apng_frames.py); without them it fails, it does not skip.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import render_animation  # noqa: E402


def oqc():
    """The oqc to test: $OQC, else the repository's release or debug build."""
    for path in [os.environ.get("OQC"), ROOT / ".build/release/oqc", ROOT / ".build/debug/oqc"]:
        if path and Path(path).is_file():
            return str(path)
    raise AssertionError("no oqc: build it (swift build) or set OQC to its path")


def pillow_frames(path, out):
    """Scripts/apng_frames.py's reading of an animation: its JSON, frames written to `out`."""
    python = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else "python3"
    r = subprocess.run([python, str(ROOT / "Scripts/apng_frames.py"), str(path), str(out)],
                       check=True, capture_output=True, text=True)
    return json.loads(r.stdout)


class RenderAnimationTests(unittest.TestCase):
    def check(self, scene, fps, duration, extra):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            whole, joined = tmp / "whole.png", tmp / "joined.png"
            subprocess.run([oqc(), "animate", scene, "-o", str(whole), "--fps", fps, "--duration", duration],
                           check=True, capture_output=True)
            self.assertEqual(render_animation.main([scene, "-o", str(joined), "--fps", fps, "--duration", duration,
                                                    "--oqc", oqc()] + extra), 0)
            (tmp / "a").mkdir()
            (tmp / "b").mkdir()
            a, b = pillow_frames(whole, tmp / "a"), pillow_frames(joined, tmp / "b")
            self.assertEqual(a["frames"], b["frames"])
            self.assertGreater(a["frames"], 8)
            self.assertEqual(a["delays"], b["delays"])
            self.assertEqual(a.get("loop"), b.get("loop"))
            for i in range(a["frames"]):
                name = f"{i:04d}.png"
                self.assertEqual((tmp / "a" / name).read_bytes(), (tmp / "b" / name).read_bytes(), f"frame {i}")

    def test_threads_cluster_matches_one_run(self):
        # 15 frames in chunks of 4 (the last chunk short), on threads in this process.
        self.check(str(ROOT / "Examples/animated/transitions.json"), "10", "1.5", ["--chunk", "4", "--threads"])

    def test_two_worker_processes_match_one_run(self):
        # A repeating animation (loops for ever), 12 frames in chunks of 5, on two processes.
        self.check(str(ROOT / "Examples/animated/spinner.json"), "8", "1.5", ["--chunk", "5", "--workers", "2"])

    def test_frame_count_and_delay_follow_oqc(self):
        from fractions import Fraction
        self.assertEqual(render_animation.frame_count(Fraction(6), "2.5"), 15)
        self.assertEqual(render_animation.frame_count(Fraction(2997, 100), "0.5"), 15)
        self.assertEqual(render_animation.frame_delay(Fraction(30)), (1, 30))
        self.assertEqual(render_animation.frame_delay(Fraction(2997, 100)), (100, 2997))


if __name__ == "__main__":
    unittest.main()
