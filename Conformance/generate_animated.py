#!/usr/bin/env python3
"""Seeded random animated scenes for the time witness (README "Animated scenes"):
valid docs/scene-format.md scenes whose top-level layers carry basic and
keyframe animations of what CSS animates identically, and the media times to
sample each at.

    python3 Conformance/generate_animated.py SEED [-o FILE]   # one scene as JSON

A seed always gives the same scene and times (only `random.Random(seed)`).
"""
import math
import random
import sys

import anim2html
import generate
from generate import rnd

TIMING = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
FILLS = ["removed", "forwards", "backwards", "both"]
# Key path -> kind of value. Colours stay opaque: how CA and CSS interpolate
# colours of different alpha (premultiplied or not) is left out.
PATHS = ["opacity", "position", "position.x", "position.y", "backgroundColor", "cornerRadius",
         "borderWidth", "borderColor", "bounds.size.width", "bounds.size.height", "bounds.size",
         "transform.rotation.z", "transform.rotation.x", "transform.rotation.y", "transform.scale",
         "transform.scale.x", "transform.scale.y", "transform.translation.x", "transform.translation.y"]
# Values that must stay in range whatever the easing: CSS clamps opacity,
# sizes, radii and colours, so their timing functions do not overshoot.
CLAMPED = {"opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
           "bounds.size.width", "bounds.size.height", "bounds.size"}
# Jumps closer than this to a sampled time (seconds) move the sample: at a
# discontinuity either side may be right (half-open vs closed intervals).
MARGIN = 0.006


def opaque(r):
    return "#%02x%02x%02x" % (r.randrange(256), r.randrange(256), r.randrange(256))


def value(r, kp, w, h, cw, ch):
    if kp == "opacity":
        return rnd(r, 0.1, 1, 0.05)
    if kp == "position":
        return [rnd(r, 0.15 * cw, 0.85 * cw), rnd(r, 0.15 * ch, 0.85 * ch)]
    if kp == "position.x":
        return rnd(r, 0.15 * cw, 0.85 * cw)
    if kp == "position.y":
        return rnd(r, 0.15 * ch, 0.85 * ch)
    if kp in ("backgroundColor", "borderColor"):
        return opaque(r)
    if kp == "cornerRadius":
        # At most half the smallest size the bounds take (CSS would scale
        # radii that overlap, CA clamps them).
        return rnd(r, 0, min(w, h) / 2 * 0.5)
    if kp == "borderWidth":
        return rnd(r, 0, min(w, h) / 4, 0.5)
    if kp == "bounds.size.width":
        return rnd(r, w * 0.5, w * 1.5, 2)
    if kp == "bounds.size.height":
        return rnd(r, h * 0.5, h * 1.5, 2)
    if kp == "bounds.size":
        return [rnd(r, w * 0.5, w * 1.5, 2), rnd(r, h * 0.5, h * 1.5, 2)]
    if kp.startswith("transform.rotation"):
        lim = 170 if kp.endswith("z") else 75
        return {"degrees": rnd(r, -lim, lim)}
    if kp.startswith("transform.scale"):
        return rnd(r, 0.4, 1.6, 0.05)
    return rnd(r, -30, 30)


def timing_function(r, overshoot):
    k = r.random()
    if k < 0.5:
        return r.choice(TIMING)
    lo, hi = (-0.5, 1.5) if overshoot else (0.0, 1.0)
    return [rnd(r, 0, 1, 0.01), rnd(r, lo, hi, 0.01), rnd(r, 0, 1, 0.01), rnd(r, lo, hi, 0.01)]


def animation(r, kp, w, h, cw, ch):
    a = {"keyPath": kp}
    over = kp not in CLAMPED
    if r.random() < 0.35:
        a["type"] = "keyframe"
        n = r.randint(2, 5)
        a["values"] = [value(r, kp, w, h, cw, ch) for _ in range(n)]
        mode = "discrete" if r.random() < 0.3 else "linear"
        if mode == "discrete":
            a["calculationMode"] = "discrete"
        if r.random() < 0.6:
            ts = sorted(rnd(r, 0, 1, 0.05) for _ in range(n))
            if mode == "discrete" or r.random() < 0.5:
                ts[0] = 0
            # Distinct key times: two at one time are a jump either side of
            # which may be right.
            if len(set(ts)) == n:
                a["keyTimes"] = ts
        if mode == "linear" and r.random() < 0.4:
            a["timingFunctions"] = [timing_function(r, False) for _ in range(n - 1)]
    else:
        k = r.random()
        if k < 0.7:
            a["fromValue"], a["toValue"] = value(r, kp, w, h, cw, ch), value(r, kp, w, h, cw, ch)
        elif k < 0.85 or kp in ("backgroundColor", "borderColor"):
            a["toValue"] = value(r, kp, w, h, cw, ch)
        else:
            v = value(r, kp, w, h, cw, ch)
            # A small step from the model value keeps sizes positive.
            a["byValue"] = [x * 0.3 for x in v] if isinstance(v, list) else (
                {"degrees": v["degrees"]} if isinstance(v, dict) else round(v * 0.3, 3))
            if kp in CLAMPED:
                a.pop("byValue")
                a["toValue"] = v
    a["duration"] = rnd(r, 0.3, 2, 0.05)
    if r.random() < 0.5:
        a["beginTime"] = rnd(r, 0, 1.5, 0.05)
    if r.random() < 0.6:
        a["timingFunction"] = timing_function(r, over and a.get("type") != "keyframe")
    if r.random() < 0.5:
        a["repeatCount"] = r.choice([2, 3, 1.5, 2.25, 0.5, "infinity"])
    elif r.random() < 0.15:
        a["repeatDuration"] = rnd(r, 0.5, 3, 0.05)
    if r.random() < 0.35:
        a["autoreverses"] = True
    if r.random() < 0.6:
        a["fillMode"] = r.choice(FILLS)
        if r.random() < 0.75:
            a["isRemovedOnCompletion"] = False
    if r.random() < 0.3:
        a["speed"] = r.choice([0.5, 2, 1.5, 0.75, -1, -0.5])
        if a["speed"] < 0 and a.get("repeatCount") == "infinity":
            a["repeatCount"] = 2
    if r.random() < 0.2:
        a["timeOffset"] = rnd(r, 0.05, a["duration"] * 1.5, 0.05)
    return a


def layer(r, cw, ch):
    w, h = rnd(r, 16, cw * 0.45, 4), rnd(r, 16, ch * 0.45, 4)
    d = {"bounds": [0, 0, w, h], "position": [rnd(r, 0.2 * cw, 0.8 * cw), rnd(r, 0.2 * ch, 0.8 * ch)],
         "backgroundColor": opaque(r)}
    if r.random() < 0.3:
        d["anchorPoint"] = [r.choice([0, 0.25, 0.5, 1]), r.choice([0, 0.5, 0.75, 1])]
    if r.random() < 0.4:
        d["cornerRadius"] = rnd(r, 2, min(w, h) / 4)
    if r.random() < 0.4:
        d["borderWidth"] = rnd(r, 1, 5)
        d["borderColor"] = opaque(r)
    if r.random() < 0.2:
        d["opacity"] = rnd(r, 0.4, 0.9, 0.05)
    paths = list(PATHS)
    r.shuffle(paths)
    anims, css = [], set()
    for kp in paths[:r.randint(1, 3)]:
        # One animation per CSS property: position.x and position.y are one
        # `translate`, width and height of bounds.size clash with each alone.
        group = {"position": "p", "position.x": "p", "position.y": "p", "bounds.size": "wh",
                 "bounds.size.width": "wh", "bounds.size.height": "wh", "borderWidth": "bw",
                 "borderColor": "bw"}.get(kp, "t" if kp.startswith("transform") else kp)
        if group in css:
            continue
        css.add(group)
        anims.append(animation(r, kp, w, h, cw, ch))
    d["animations"] = anims
    return d


def discontinuities(a):
    """Media times where animation a jumps: its begin and end, the start of
    each cycle (a repeat jumps back), and discrete key times, over the first
    ten seconds."""
    begin, end = anim2html.active_interval(a)
    out = [begin, end]
    opts, _, speed = anim2html.timing(a)
    d = opts["duration"] / 1000
    off = opts["iterationStart"] * d
    s = abs(speed)
    # Local time (T - begin) * s + offset crosses a multiple of d.
    k = math.floor(off / d) + 1
    while True:
        t = begin + (k * d - off) / s
        if t > min(end, begin + 10):
            break
        out.append(t)
        if speed < 0:
            out.append(end - (t - begin))
        k += 1
    return out


def bezier(tf, x):
    """CAMediaTimingFunction tf at x (x of the control points in 0...1, so
    x(s) is monotone and bisection finds s)."""
    if tf is None:
        return x
    p = anim2html.NAMED_TIMING[tf] if isinstance(tf, str) else tf
    lo, hi = 0.0, 1.0
    for _ in range(60):
        s = (lo + hi) / 2
        xs = 3 * (1 - s) ** 2 * s * p[0] + 3 * (1 - s) * s * s * p[2] + s ** 3
        lo, hi = (s, hi) if xs < x else (lo, s)
    s = (lo + hi) / 2
    return 3 * (1 - s) ** 2 * s * p[1] + 3 * (1 - s) * s * s * p[3] + s ** 3


def discrete_step(a, t):
    """Which value of discrete keyframe animation a shows at media time t
    (None outside its active interval): CA's timing, for finding the
    instants where the value jumps."""
    opts, start, rate = anim2html.timing(a)
    d = opts["duration"] / 1000
    local = (t - start) * rate
    if local < 0 or local > d * opts["iterations"]:
        return None
    overall = opts["iterationStart"] + local / d
    k = math.floor(overall)
    p = overall - k
    if opts["direction"] == "alternate" and k % 2 == 1:
        p = 1 - p
    eased = bezier(a.get("timingFunction"), p)
    times = a.get("keyTimes") or [i / len(a["values"]) for i in range(len(a["values"]))]
    return sum(1 for kt in times if kt <= eased)


def near_jump(anims, jumps, t):
    if any(abs(j - t) < MARGIN for j in jumps):
        return True
    return any(discrete_step(a, t - MARGIN) != discrete_step(a, t + MARGIN) for a in anims
               if a.get("calculationMode") == "discrete")


def sample_times(r, scene):
    anims = [a for L in scene["layers"] for a in L["animations"]]
    spans = [anim2html.active_interval(a) for a in anims]
    cands = []
    for b, e in spans:
        e2 = min(e, b + 6)
        cands += [b + 0.02, b + (e2 - b) * r.uniform(0.2, 0.45), b + (e2 - b) * r.uniform(0.55, 0.8)]
        if e < math.inf:
            cands += [e - 0.02, e + r.uniform(0.1, 0.5)]
        else:
            cands += [b + r.uniform(0.1, 6) for _ in range(3)]
        if b > 0.1:
            cands.append(b * r.uniform(0.2, 0.8))
    r.shuffle(cands)
    jumps = [t for a in anims for t in discontinuities(a)]
    times = []
    for t in cands:
        t = round(t, 3)
        for _ in range(20):
            if not near_jump(anims, jumps, t):
                break
            t = round(t + 2 * MARGIN, 3)
        if t >= 0 and not near_jump(anims, jumps, t) and all(abs(t - u) > 0.01 for u in times):
            times.append(t)
        if len(times) == 5:
            break
    return sorted(times)


def scene(seed):
    r = random.Random(seed)
    cw, ch = rnd(r, 120, 220), rnd(r, 100, 180)
    canvas = {"width": cw, "height": ch, "scale": r.choice([1, 2]), "background": r.choice(["#ffffff", "#263238", opaque(r)])}
    layers = [layer(r, cw, ch) for _ in range(r.randint(1, 3))]
    s = {"canvas": canvas, "layers": layers}
    return s, sample_times(r, s)


def main(argv=None):
    def make(seed):
        s, times = scene(seed)
        print("sample times: %s" % " ".join("%g" % t for t in times), file=sys.stderr)
        return s
    return generate.cli(make, __doc__.split("\n\n")[0], argv)


if __name__ == "__main__":
    sys.exit(main())
