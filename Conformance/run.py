#!/usr/bin/env python3
"""Differential conformance run: every scene rendered by headless Chromium
(through scene2html) and by our renderer (`oqc render`), compared per pixel.

    python3 Conformance/run.py [--build | --oqc PATH | --chromium-only] [--seeds 200]
                               [--out out/conformance] [--filter SUBSTR]

--build runs `swift build -c release --product oqc` first and uses
.build/release/oqc (one build instead of `swift run` per scene).

Writes OUT/index.html (ours, Chromium's, a difference heat map per scene),
OUT/results.json, and the PNGs. Exits 1 when a scene exceeds its class
threshold (thresholds.json), 2 on a setup error.
"""
import argparse
import concurrent.futures as cf
import fnmatch
import html
import io
import json
import math
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

import chromium  # noqa: E402
import generate  # noqa: E402
import scene2html  # noqa: E402
import scene_model as sm  # noqa: E402


# ------------------------------------------------------------------ metrics
def load_premultiplied(path_or_bytes, size):
    im = Image.open(io.BytesIO(path_or_bytes) if isinstance(path_or_bytes, bytes) else path_or_bytes)
    im = im.convert("RGBA")
    if im.size != size:
        raise ValueError("image is %dx%d, expected %dx%d" % (im.size + size))
    a = np.asarray(im).astype(np.float32)
    a[..., :3] *= a[..., 3:4] / 255.0
    return a


def edge_map(img, step=24.0):
    """Pixels within one pixel of an edge (a jump of more than `step` to a
    neighbour) in the image."""
    e = np.zeros(img.shape[:2], dtype=bool)
    dx = np.abs(img[:, 1:] - img[:, :-1]).max(axis=2) > step
    dy = np.abs(img[1:, :] - img[:-1, :]).max(axis=2) > step
    e[:, 1:] |= dx
    e[:, :-1] |= dx
    e[1:, :] |= dy
    e[:-1, :] |= dy
    grown = e.copy()
    grown[1:, :] |= e[:-1, :]
    grown[:-1, :] |= e[1:, :]
    grown[:, 1:] |= e[:, :-1]
    grown[:, :-1] |= e[:, 1:]
    return grown


def compare(ours, theirs, edge_step=24.0):
    """Per-scene metrics on premultiplied RGBA, 0..255 scale. `interior16`
    counts only the pixels off by more than 16 that are not next to an edge
    in either image: how an edge is anti-aliased, or a one-pixel shift of
    it, does not count there, a missing shadow or a wrong colour does."""
    d = np.abs(ours - theirs)
    per_px = d.max(axis=2)
    n = per_px.size
    mse = float((d ** 2).mean())
    edges = edge_map(ours, edge_step) | edge_map(theirs, edge_step)
    return {
        "max": float(per_px.max()),
        "mean": float(d.mean()),
        "over16": float((per_px > 16).sum()) / n,
        "over48": float((per_px > 48).sum()) / n,
        "interior16": float(((per_px > 16) & ~edges).sum()) / n,
        "psnr": 99.0 if mse == 0 else min(99.0, 10 * math.log10(255.0 ** 2 / mse)),
    }, per_px


def heat_map(per_px):
    """Black = equal; blue -> yellow -> red as the difference grows (a
    difference of 1 is already visible, 64 and up is full red)."""
    t = np.clip(per_px / 64.0, 0, 1)
    nz = per_px > 0
    r = np.where(nz, np.clip(0.25 + 1.5 * t, 0, 1), 0)
    g = np.where(nz, np.clip(1.6 * t * (1 - t) * 2.2, 0, 1), 0)
    b = np.where(nz, np.clip(0.7 - 1.4 * t, 0, 1) + 0.1, 0)
    img = (np.stack([r, g, b], axis=2) * 255).astype(np.uint8)
    return Image.fromarray(img, "RGB")


# ------------------------------------------------------------------ thresholds
class Thresholds:
    def __init__(self, path):
        with open(path) as fh:
            d = json.load(fh)
        self.classes = d["classes"]
        self.rules = d["rules"]
        self.skip = d.get("skip", {})
        self.known_bugs = d.get("known_bugs", {})

    def class_of(self, name):
        for pattern, cls in self.rules:
            if fnmatch.fnmatch(name, pattern):
                return cls
        return "default"

    def check(self, cls, m):
        lim = self.classes[cls]
        bad = []
        if m["max"] > lim.get("max", 255):
            bad.append("max %.0f > %s" % (m["max"], lim["max"]))
        if m["mean"] > lim["mean"]:
            bad.append("mean %.3f > %s" % (m["mean"], lim["mean"]))
        if m["over16"] > lim["over16"]:
            bad.append("over16 %.4f > %s" % (m["over16"], lim["over16"]))
        if m["over48"] > lim["over48"]:
            bad.append("over48 %.4f > %s" % (m["over48"], lim["over48"]))
        if m["interior16"] > lim["interior16"]:
            bad.append("interior16 %.4f > %s" % (m["interior16"], lim["interior16"]))
        if m["psnr"] < lim["psnr"]:
            bad.append("psnr %.1f < %s" % (m["psnr"], lim["psnr"]))
        return bad


# ------------------------------------------------------------------ chromium side
class ChromiumSide:
    """Two browsers at most: Chromium's edge antialiasing is a process-wide
    switch, so scenes are served by the one that matches."""

    def __init__(self, tmpdir, attempts=3, timeout=30.0):
        self.tmpdir = tmpdir
        self.browsers = {}
        self.attempts = attempts
        self.timeout = timeout

    def browser(self, aa):
        b = self.browsers.get(aa)
        if b is None:
            b = chromium.Browser(edge_antialiasing=aa, timeout=self.timeout)
            b.start()
            self.browsers[aa] = b
        return b

    def shot(self, aa, page, w, h, scale):
        last = None
        for _ in range(self.attempts):
            b = self.browser(aa)
            try:
                return scene2html.render_page(b, page, w, h, scale, self.tmpdir)
            except chromium.BrowserError as e:
                last = e
                # A hung or dead headless Chromium: start over with a fresh
                # profile (a browser that fails to start is dropped, and the
                # next attempt launches a new one).
                try:
                    b.restart()
                except chromium.BrowserError:
                    b.close()
                    self.browsers.pop(aa, None)
        raise last

    def render(self, scene_path, html_out):
        scene = sm.load(scene_path)
        aa = scene2html.scene_edge_aa(scene)
        t = scene2html.Translator(scene, lambda page, w, h, s: self.shot(aa, page, w, h, s))
        page = t.page()
        with open(html_out, "w") as fh:
            fh.write(page)
        png = self.shot(aa, page, scene.width, scene.height, scene.scale)
        return png, scene, t.notes

    def close(self):
        for b in self.browsers.values():
            b.close()


# ------------------------------------------------------------------ our side
def render_ours(cmd, scene_path, out_png, timeout):
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd + ["render", scene_path, "-o", out_png], capture_output=True,
                           timeout=timeout, text=True)
    except subprocess.TimeoutExpired:
        return "timed out after %ds" % timeout, time.monotonic() - t0
    except OSError as e:
        return "cannot run %s: %s" % (cmd[0], e), 0.0
    if p.returncode != 0:
        return ("exit %d: %s" % (p.returncode, (p.stderr or p.stdout).strip().splitlines()[-1:]),
                time.monotonic() - t0)
    return None, time.monotonic() - t0


def find_oqc(arg):
    if arg:
        return [arg]
    exe = os.path.join(ROOT, ".build", "release", "oqc")
    if os.path.isfile(exe):
        return [exe]
    return None


def judge(row, out, th, scene):
    """Compare row's two pictures (paths relative to out): metrics, heat map
    and pass or fail under the row's class; a scene listed as a known bug is
    reported as one."""
    try:
        theirs = load_premultiplied(os.path.join(out, row["chromium"]), tuple(row["size"]))
        mine = load_premultiplied(os.path.join(out, row["ours"]), tuple(row["size"]))
    except (ValueError, OSError) as e:
        row["status"] = "ours failed"
        row["error"] = str(e)
        return
    m, per_px = compare(mine, theirs, th.classes[row["class"]].get("edge_step", 24.0))
    row["metrics"] = m
    heat_map(per_px).save(os.path.join(out, "diff", row["name"] + ".png"))
    row["diff"] = "diff/%s.png" % row["name"]
    bad = th.check(row["class"], m)
    row["status"] = "pass" if not bad else "fail"
    if bad:
        row["why"] = "; ".join(bad)
    if scene in th.known_bugs:
        # A disagreement already traced to our renderer: reported, not
        # failing the run; when it starts to pass, say so.
        row["bug"] = th.known_bugs[scene]
        row["status"] = "known bug" if bad else "known bug passes"


def status_counts(rows):
    counts = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    return ", ".join("%s %d" % kv for kv in sorted(counts.items()))


# ------------------------------------------------------------------ report
def write_report(out, rows, summary):
    def img(p):
        return "<img src=\"%s\" loading=\"lazy\">" % html.escape(p) if p else "<div class=\"none\">—</div>"
    parts = ["<!doctype html><meta charset=\"utf-8\"><title>Conformance</title><style>"
             "body{font:13px system-ui,sans-serif;margin:16px}table{border-collapse:collapse}"
             "td{border-top:1px solid #ccc;padding:6px;vertical-align:top}td:first-child{min-width:280px}"
             "img{max-width:300px;max-height:300px;image-rendering:pixelated;background:"
             "repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}"
             ".fail{color:#b00;font-weight:bold}.pass{color:#070}.none{color:#999}"
             "</style><h1>OpenQuartzCore vs Chromium</h1><p>%s</p><table>"
             "<tr><th>scene</th><th>ours</th><th>Chromium</th><th>difference</th></tr>"
             .replace("%s", html.escape(summary))]
    rank = {"fail": 0, "ours failed": 0, "chromium error": 0, "untranslatable": 0, "known bug passes": 1,
            "known bug": 2, "ours missing": 3, "skipped": 4, "pass": 5}
    order = sorted(rows, key=lambda r: (rank.get(r["status"], 0), r["name"]))
    for r in order:
        m = r.get("metrics")
        info = [("<b>%s</b>" % html.escape(r["name"])), "class: %s" % r["class"],
                "<span class=\"%s\">%s</span>" % ("pass" if r["status"] == "pass" else "fail", r["status"])]
        if m:
            info.append("max %.0f, mean %.3f<br>&gt;16: %.3f%%, &gt;48: %.3f%%<br>"
                        "&gt;16 off edges: %.3f%%<br>PSNR %.1f dB" % (
                            m["max"], m["mean"], 100 * m["over16"], 100 * m["over48"], 100 * m["interior16"],
                            m["psnr"]))
        for k in ("why", "error", "bug"):
            if r.get(k):
                info.append(html.escape(str(r[k])))
        for n in r.get("notes", []):
            info.append("<i>%s</i>" % html.escape(n))
        info.append("<a href=\"%s\">html</a>" % html.escape(r["html"]))
        parts.append("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
            "<br>".join(info), img(r.get("ours")), img(r.get("chromium")), img(r.get("diff"))))
    parts.append("</table>")
    with open(os.path.join(out, "index.html"), "w") as fh:
        fh.write("".join(parts))


# ------------------------------------------------------------------ main
def collect_scenes(a, out):
    scenes = []
    for name in sorted(os.listdir(a.scenes)):
        if name.endswith(".json"):
            scenes.append((name[:-5], os.path.join(a.scenes, name)))
    if a.seeds > 0:
        gdir = os.path.join(out, "generated")
        shutil.rmtree(gdir, ignore_errors=True)
        # Generated scenes name their images as the corpus does.
        shutil.copytree(os.path.join(a.scenes, "images"), os.path.join(gdir, "images"))
        for seed in range(a.seeds):
            name = "random-%03d" % seed
            p = os.path.join(gdir, name + ".json")
            with open(p, "w") as fh:
                json.dump(generate.scene(seed), fh)
            scenes.append((name, p))
    if a.filter:
        scenes = [s for s in scenes if any(f in s[0] for f in a.filter)]
    return scenes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenes", default=os.path.join(HERE, "scenes"))
    ap.add_argument("--seeds", type=int, default=200, help="generated scenes: seeds 0..N-1")
    ap.add_argument("--out", default=os.path.join(ROOT, "out", "conformance"))
    ap.add_argument("--oqc", help="our renderer binary (default: .build/release/oqc)")
    ap.add_argument("--build", action="store_true", help="build oqc (release) first")
    ap.add_argument("--chromium-only", action="store_true", help="do not run our renderer")
    ap.add_argument("--thresholds", default=os.path.join(HERE, "thresholds.json"))
    ap.add_argument("--filter", action="append", help="only scenes whose name contains this")
    ap.add_argument("--jobs", type=int, default=2, help="parallel `oqc render` processes")
    ap.add_argument("--timeout", type=int, default=60, help="seconds per render")
    a = ap.parse_args(argv)

    out = os.path.abspath(a.out)
    for sub in ("chromium", "ours", "diff", "html", "tmp"):
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
        os.makedirs(os.path.join(out, sub))
    th = Thresholds(a.thresholds)
    scenes = collect_scenes(a, out)

    oqc = None
    if a.build and not a.chromium_only:
        print("swift build -c release --product oqc", file=sys.stderr)
        if subprocess.run(["swift", "build", "-c", "release", "--product", "oqc"], cwd=ROOT).returncode != 0:
            print("building oqc failed", file=sys.stderr)
            return 2
    if not a.chromium_only:
        oqc = find_oqc(a.oqc)
        if oqc is None:
            print("ours missing: no --oqc and no .build/release/oqc (build with "
                  "`swift build -c release --product oqc`); comparing nothing", file=sys.stderr)
    t_start = time.monotonic()
    pool = cf.ThreadPoolExecutor(max_workers=max(1, a.jobs))
    ours_jobs = {}
    if oqc:
        for name, path in scenes:
            if name in th.skip:
                continue
            ours_jobs[name] = pool.submit(render_ours, oqc, path, os.path.join(out, "ours", name + ".png"),
                                          a.timeout)
    side = ChromiumSide(os.path.join(out, "tmp"), timeout=a.timeout)
    rows = []
    try:
        for name, path in scenes:
            row = {"name": name, "scene": os.path.relpath(path, out), "class": th.class_of(name),
                   "html": "html/%s.html" % name}
            rows.append(row)
            if name in th.skip:
                row["status"] = "skipped"
                row["why"] = th.skip[name]
                continue
            try:
                png, scene, notes = side.render(path, os.path.join(out, "html", name + ".html"))
            except scene2html.Unsupported as e:
                row["status"] = "untranslatable"
                row["error"] = str(e)
                continue
            except (sm.SceneError, chromium.BrowserError) as e:
                row["status"] = "chromium error"
                row["error"] = str(e)
                continue
            row["notes"] = sorted(set(notes))
            with open(os.path.join(out, "chromium", name + ".png"), "wb") as fh:
                fh.write(png)
            row["chromium"] = "chromium/%s.png" % name
            row["size"] = scene.pixel_size
        side.close()
        t_chromium = time.monotonic() - t_start
        for row in rows:
            if "chromium" not in row:
                continue
            name = row["name"]
            job = ours_jobs.get(name)
            if job is None:
                row["status"] = "ours missing"
                continue
            err, secs = job.result()
            row["ours_seconds"] = round(secs, 3)
            if err:
                row["status"] = "ours failed"
                row["error"] = err
                continue
            row["ours"] = "ours/%s.png" % name
            judge(row, out, th, name)
    finally:
        side.close()
        pool.shutdown(wait=True)
    t_total = time.monotonic() - t_start

    summary = "%d scenes: %s. Chromium %.0f s, total %.0f s." % (
        len(rows), status_counts(rows), t_chromium, t_total)
    write_report(out, rows, summary)
    with open(os.path.join(out, "results.json"), "w") as fh:
        json.dump({"summary": summary, "scenes": rows}, fh, indent=1)
    print(summary)
    for r in rows:
        if r["status"] not in ("pass", "skipped", "known bug"):
            print("  %-48s %-16s %s" % (r["name"], r["status"], r.get("why") or r.get("error") or ""))
    if any(r["status"] == "known bug passes" for r in rows):
        print("known bugs that now pass: remove them from known_bugs in %s" % a.thresholds)
    print("report: " + os.path.join(out, "index.html"))
    compared = [r for r in rows if r["status"] in ("pass", "fail", "ours failed")]
    failing = [r for r in rows if r["status"] in ("fail", "ours failed", "chromium error", "untranslatable")]
    if a.chromium_only:
        return 1 if any(r["status"] in ("chromium error", "untranslatable") for r in rows) else 0
    if not compared:
        return 2
    return 1 if failing or any(r["status"] == "ours missing" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
