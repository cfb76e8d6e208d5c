#!/usr/bin/env python3
"""The time witness: random animated scenes sampled at several media times by
`oqc render --time T` and by Chromium's Web Animations, compared frame by
frame (README "Animated scenes").

    python3 Conformance/run_animated.py [--oqc PATH] [--seeds N] [--times K]

Report: out/conformance-animated/index.html and results.json. Exit 1 when a
frame exceeds its class threshold, 2 when nothing could be compared.
"""
import argparse
import base64
import concurrent.futures as cf
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import anim2html  # noqa: E402
import chromium  # noqa: E402
import generate_animated  # noqa: E402
import run  # noqa: E402
import scene2html  # noqa: E402


def render_ours(oqc, scene_path, t, out_png, timeout):
    try:
        p = subprocess.run(oqc + ["render", "--time", "%.6f" % t, scene_path, "-o", out_png],
                           capture_output=True, timeout=timeout, text=True)
    except subprocess.TimeoutExpired:
        return "timed out after %ds" % timeout
    except OSError as e:
        return "cannot run %s: %s" % (oqc[0], e)
    if p.returncode != 0:
        return "exit %d: %s" % (p.returncode, (p.stderr or p.stdout).strip().splitlines()[-1:])
    return None


class Witness:
    """One headless Chromium (edge antialiasing off: Core Animation's default,
    which every generated scene keeps) with its document timeline frozen, so
    that a frame is exactly the media time asked for."""

    def __init__(self, tmpdir, timeout):
        self.tmpdir = tmpdir
        self.timeout = timeout
        self.browser = None

    def _start(self):
        if self.browser is None:
            self.browser = chromium.Browser(edge_antialiasing=False, timeout=self.timeout)
            self.browser.start()
        return self.browser

    def frames(self, page, w, h, scale, times, margin):
        last = None
        for _ in range(3):
            b = self._start()
            try:
                return self._frames(b, page, w, h, scale, times, margin)
            except chromium.BrowserError as e:
                last = e
                # A hung headless Chromium: start over with a fresh profile.
                self.close()
        raise last

    def _frames(self, b, page, w, h, scale, times, margin):
        path = os.path.join(self.tmpdir, "page.html")
        with open(path, "w") as fh:
            fh.write(page)
        vw = max(chromium.MIN_WINDOW[0], int(w + 2 * margin + 0.999))
        vh = max(chromium.MIN_WINDOW[1], int(h + 2 * margin + 0.999))
        if b.viewport != (vw, vh, scale):
            b.call("Emulation.setDeviceMetricsOverride",
                   {"width": vw, "height": vh, "deviceScaleFactor": scale, "mobile": False}, session=True)
            b.viewport = (vw, vh, scale)
        b.events = [e for e in b.events if e["method"] != "Page.loadEventFired"]
        b.call("Page.navigate", {"url": "file://" + path}, session=True)
        b.wait_event("Page.loadEventFired")
        # The DevTools animation domain's playback rate 0 stops the document
        # timeline: start times set against it hold still while frames draw.
        b.call("Animation.enable", session=True)
        b.call("Animation.setPlaybackRate", {"playbackRate": 0}, session=True)
        shots = []
        for t in times:
            b.call("Runtime.evaluate", {"expression": "oqcSetTime(%r)" % t, "awaitPromise": True},
                   session=True)
            r = b.call("Page.captureScreenshot", {
                "format": "png", "fromSurface": True,
                "clip": {"x": margin, "y": margin, "width": w, "height": h, "scale": 1}}, session=True)
            shots.append(base64.b64decode(r["data"]))
        return shots

    def close(self):
        if self.browser is not None:
            self.browser.close()
            self.browser = None


def class_of(scene):
    """Frames of scenes with a layer turned about x or y: the orthographic
    foreshortening puts edges at fractional positions ('rotated'); any other
    rotation likewise; otherwise axis-aligned ('aligned')."""
    paths = {a["keyPath"] for L in scene["layers"] for a in L.get("animations", [])}
    return "animated-rotated" if any(p.startswith("transform.rotation") for p in paths) else "animated"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=200, help="generated scenes: seeds 0..N-1")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--times", type=int, default=5, help="sampled times per scene (at most 5)")
    ap.add_argument("--out", default=os.path.join(ROOT, "out", "conformance-animated"))
    ap.add_argument("--oqc", help="our renderer binary (default: .build/release/oqc)")
    ap.add_argument("--thresholds", default=os.path.join(HERE, "thresholds_animated.json"))
    ap.add_argument("--jobs", type=int, default=2, help="parallel `oqc render` processes")
    ap.add_argument("--timeout", type=int, default=60, help="seconds per render")
    a = ap.parse_args(argv)

    out = os.path.abspath(a.out)
    for sub in ("chromium", "ours", "diff", "html", "tmp", "scenes"):
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
        os.makedirs(os.path.join(out, sub))
    th = run.Thresholds(a.thresholds)
    oqc = run.find_oqc(a.oqc)
    if oqc is None:
        print("ours missing: no --oqc and no .build/release/oqc", file=sys.stderr)
        return 2
    t_start = time.monotonic()
    pool = cf.ThreadPoolExecutor(max_workers=max(1, a.jobs))
    witness = Witness(os.path.join(out, "tmp"), a.timeout)
    rows = []
    jobs = []
    try:
        for seed in range(a.first_seed, a.first_seed + a.seeds):
            scene, times = generate_animated.scene(seed)
            times = times[:a.times]
            name = "anim-%03d" % seed
            path = os.path.join(out, "scenes", name + ".json")
            with open(path, "w") as fh:
                json.dump(scene, fh, indent=1)
            cw, ch = scene["canvas"]["width"], scene["canvas"]["height"]
            scale = scene["canvas"].get("scale", 1)
            size = (round(cw * scale), round(ch * scale))
            frames = []
            for t in times:
                fname = "%s-t%.3f" % (name, t)
                row = {"name": fname, "scene": os.path.relpath(path, out), "time": t,
                       "class": class_of(scene), "html": "html/%s.html" % name, "size": size}
                frames.append(row)
                rows.append(row)
                jobs.append((row, pool.submit(render_ours, oqc, path, t,
                                              os.path.join(out, "ours", fname + ".png"), a.timeout)))
            try:
                page, _ = anim2html.translate(scene, margin=scene2html.page_margin(cw, ch))
            except anim2html.Unsupported as e:
                for row in frames:
                    row["status"], row["error"] = "untranslatable", str(e)
                continue
            with open(os.path.join(out, "html", name + ".html"), "w") as fh:
                fh.write(page)
            try:
                shots = witness.frames(page, cw, ch, scale, times, scene2html.page_margin(cw, ch))
            except chromium.BrowserError as e:
                for row in frames:
                    row["status"], row["error"] = "chromium error", str(e)
                continue
            for row, png in zip(frames, shots):
                with open(os.path.join(out, "chromium", row["name"] + ".png"), "wb") as fh:
                    fh.write(png)
                row["chromium"] = "chromium/%s.png" % row["name"]
        witness.close()
        t_chromium = time.monotonic() - t_start
        for row, job in jobs:
            err = job.result()
            if "chromium" not in row:
                continue
            if err:
                row["status"], row["error"] = "ours failed", err
                continue
            row["ours"] = "ours/%s.png" % row["name"]
            run.judge(row, out, th, row["name"].split("-t")[0])
    finally:
        witness.close()
        pool.shutdown(wait=True)
    t_total = time.monotonic() - t_start
    summary = "%d frames of %d scenes: %s. Chromium %.0f s, total %.0f s." % (
        len(rows), a.seeds, run.status_counts(rows), t_chromium, t_total)
    run.write_report(out, rows, summary)
    with open(os.path.join(out, "results.json"), "w") as fh:
        json.dump({"summary": summary, "frames": rows}, fh, indent=1)
    print(summary)
    for r in rows:
        if r["status"] not in ("pass", "known bug"):
            print("  %-28s %-16s %s" % (r["name"], r["status"], r.get("why") or r.get("error") or ""))
    print("report: " + os.path.join(out, "index.html"))
    if not any(r["status"] in ("pass", "fail") for r in rows):
        return 2
    return 1 if any(r["status"] not in ("pass", "known bug") for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
