#!/usr/bin/env python3
"""Shrink a scene on which our renderer and Chromium disagree to a small
scene that still disagrees: greedy delta debugging over layers and keys.

    python3 Conformance/minimize.py SCENE.json --oqc PATH [-o MIN.json]
    python3 Conformance/minimize.py SCENE.json --oqc PATH --probe

--probe instead re-runs the scene with one family of features removed at a
time (3D transforms, allowsGroupOpacity = false, shadows, masks, contents)
and prints the disagreement left: the family whose removal makes it vanish
is the cause to look at.

A candidate "still disagrees" when the share of pixels off by more than
16/255 away from edges (run.py's interior16) stays above half of the
original's (and above 0.1 %), so that edge antialiasing alone never keeps a
layer in. Removing a
layer, a sublayer, a mask or one property is tried in turn until nothing
more can go. The result is the triage starting point: one feature, one scene.
"""
import argparse
import copy
import io
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import run  # noqa: E402
import scene_model as sm  # noqa: E402

KEEP = {"bounds", "position", "type"}


def measure(d, folder, side, oqc):
    p = os.path.join(folder, "candidate.json")
    with open(p, "w") as fh:
        json.dump(d, fh)
    try:
        png, scene, _ = side.render(p, os.path.join(folder, "candidate.html"))
    except Exception:
        return None
    out = os.path.join(folder, "candidate.png")
    err, _ = run.render_ours(oqc, p, out, 60)
    if err:
        return None
    size = scene.pixel_size
    m, _ = run.compare(run.load_premultiplied(out, size), run.load_premultiplied(png, size))
    return m["interior16"]


def layer_slots(d):
    """Every (container list, index) holding a layer, and every layer dict."""
    slots, layers = [], []

    def walk(lst):
        for i, L in enumerate(lst):
            slots.append((lst, i))
            layers.append(L)
            if isinstance(L.get("mask"), dict):
                layers.append(L["mask"])
            walk(L.get("sublayers", []))
    walk(d["layers"])
    return slots, layers


def candidates(d):
    """Yield smaller variants of d, biggest cuts first."""
    n = len(layer_slots(d)[0])
    for k in range(n):
        c = copy.deepcopy(d)
        lst, i = layer_slots(c)[0][k]
        del lst[i]
        yield c
    n = len(layer_slots(d)[1])
    for k in range(n):
        keys = sorted(layer_slots(d)[1][k].keys())
        for key in keys:
            if key in KEEP:
                continue
            c = copy.deepcopy(d)
            L = layer_slots(c)[1][k]
            if key == "sublayers" and L[key]:
                # Hoisting is not meaningful; drop them all at once.
                pass
            del L[key]
            yield c


def _walk(layers, f):
    for L in layers:
        f(L)
        if isinstance(L.get("mask"), dict):
            f(L["mask"])
        _walk(L.get("sublayers", []), f)


def _no_3d(L):
    t = L.get("transform")
    if isinstance(t, list) and any(isinstance(s, dict) and (
            "perspective" in s or "matrix" in s
            or ("rotate" in s and list(s["rotate"].get("axis", [0, 0, 1]))[:2] != [0, 0])) for s in t):
        del L["transform"]


PROBES = [
    ("3D transforms", _no_3d),
    ("allowsGroupOpacity=false", lambda L: L.pop("allowsGroupOpacity", None)),
    ("shadows", lambda L: L.pop("shadowOpacity", None)),
    ("masks", lambda L: L.pop("mask", None)),
    ("contents", lambda L: L.pop("contents", None)),
]


def probe(d, folder, side, oqc):
    print("as given: interior16 %.4f" % measure(d, folder, side, oqc))
    for name, f in PROBES:
        c = copy.deepcopy(d)
        _walk(c["layers"], f)
        v = measure(c, folder, side, oqc)
        print("without %-26s interior16 %s" % (name + ":", "error" if v is None else "%.4f" % v))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scene")
    ap.add_argument("--oqc", required=True)
    ap.add_argument("-o", "--output")
    ap.add_argument("--probe", action="store_true", help="remove one feature family at a time instead")
    a = ap.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="oqc-min-")
    src = os.path.dirname(os.path.abspath(a.scene))
    if os.path.isdir(os.path.join(src, "images")):
        shutil.copytree(os.path.join(src, "images"), os.path.join(folder, "images"))
    with open(a.scene) as fh:
        d = json.load(fh)
    side = run.ChromiumSide(folder)
    if a.probe:
        try:
            probe(d, folder, side, [a.oqc])
        finally:
            side.close()
            shutil.rmtree(folder, ignore_errors=True)
        return 0
    try:
        base = measure(d, folder, side, [a.oqc])
        if base is None or base < 0.001:
            print("the scene does not disagree (interior16 = %s)" % base, file=sys.stderr)
            return 1
        goal = max(0.001, base / 2)
        changed = True
        while changed:
            changed = False
            for c in candidates(d):
                v = measure(c, folder, side, [a.oqc])
                if v is not None and v >= goal:
                    d = c
                    changed = True
                    break
        final = measure(d, folder, side, [a.oqc])
    finally:
        side.close()
        shutil.rmtree(folder, ignore_errors=True)
    text = json.dumps(d, indent=1) + "\n"
    print("interior16: %.4f -> %.4f" % (base, final), file=sys.stderr)
    if a.output:
        with open(a.output, "w") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
