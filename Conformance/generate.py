#!/usr/bin/env python3
"""Seeded random scenes for the conformance run: valid docs/scene-format.md scenes that
mix the chapter 4 and 5 features with bounded sizes (canvas at most 240x200
points, at most 3 levels and about 16 layers).

    python3 Conformance/generate.py SEED [-o FILE]      # one scene as JSON

run.py renders seeds 0..N-1 (N = 200 by default). A seed always gives the
same scene: only `random.Random(seed)` is used, never global state. Images
are referenced as images/*.png, which run.py copies next to the scenes.
"""
import argparse
import json
import random
import sys

IMAGES = ["images/photo.png", "images/icon.png", "images/sprite.png"]
GRAVITIES = ["resize", "resizeAspect", "resizeAspectFill", "center", "topLeft", "bottomRight"]
CORNERS = ["minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"]


def rnd(r, lo, hi, q=1.0):
    """Uniform in [lo, hi] rounded to multiples of q (whole points by
    default, so that most edges sit on pixel boundaries)."""
    v = r.uniform(lo, hi)
    return round(round(v / q) * q, 4)


def colour(r, alpha=False):
    c = "#%02x%02x%02x" % (r.randrange(256), r.randrange(256), r.randrange(256))
    if alpha and r.random() < 0.3:
        c += "%02x" % r.choice([0x40, 0x80, 0xc0])
    return c


def transform(r, size):
    k = r.random()
    if k < 0.45:
        return None
    if k < 0.75:
        steps = [{"rotate": {"degrees": rnd(r, -60, 60)}}]
        if r.random() < 0.4:
            steps.append({"scale": [rnd(r, 0.6, 1.4, 0.05), rnd(r, 0.6, 1.4, 0.05)]})
        return ("affineTransform", steps)
    axis = r.choice([[0, 1, 0], [1, 0, 0], [1, 1, 0]])
    steps = [{"perspective": rnd(r, 250, 800, 10)},
             {"rotate": {"degrees": rnd(r, -70, 70), "axis": axis}}]
    return ("transform", steps)


def layer(r, depth, cw, ch, budget):
    budget[0] -= 1
    # Sizes in multiples of 4 points: with anchor points of 0, 1/4, 1/2,
    # 3/4 and 1 and whole-point positions, untransformed edges fall on pixel
    # boundaries. (Where CA puts an aliased edge that falls on a half pixel
    # is not known, research open question 12.)
    w, h = rnd(r, 20, min(140, cw * 0.8), 4), rnd(r, 20, min(110, ch * 0.8), 4)
    d = {"bounds": [0, 0, w, h], "position": [rnd(r, 0.2 * cw, 0.8 * cw), rnd(r, 0.2 * ch, 0.8 * ch)]}
    kind = r.random()
    if kind < 0.1:
        d["type"] = "shape"
        d["path"] = r.choice([{"ellipse": [0, 0, w, h]}, {"rect": [w * 0.1, h * 0.1, w * 0.8, h * 0.8]},
                              "M 0 %s L %s 0 L %s %s Z" % (h, w / 2, w, h)])
        d["fillColor"] = colour(r, alpha=True)
        if r.random() < 0.5:
            d["strokeColor"] = colour(r)
            d["lineWidth"] = rnd(r, 1, 6)
    elif kind < 0.2:
        d["type"] = "gradient"
        d["colors"] = [colour(r) for _ in range(r.choice([2, 3]))]
        d["startPoint"] = r.choice([[0.5, 0], [0, 0.5], [0, 0]])
        d["endPoint"] = r.choice([[0.5, 1], [1, 0.5], [1, 1]])
    elif r.random() < 0.9:
        d["backgroundColor"] = colour(r, alpha=True)
    if d.get("type") is None and r.random() < 0.12:
        d["contents"] = r.choice(IMAGES)
        d["contentsGravity"] = r.choice(GRAVITIES)
    if r.random() < 0.4:
        d["cornerRadius"] = rnd(r, 2, min(w, h) / 2)
        if r.random() < 0.2:
            d["maskedCorners"] = r.sample(CORNERS, r.randint(1, 3))
    if r.random() < 0.3:
        d["borderWidth"] = rnd(r, 1, 6)
        d["borderColor"] = colour(r, alpha=True)
    if r.random() < 0.15:
        d["anchorPoint"] = [r.choice([0, 0.25, 0.5, 1]), r.choice([0, 0.5, 0.75, 1])]
    t = transform(r, (w, h))
    if t:
        d[t[0]] = t[1]
        if t[0] == "transform" and r.random() < 0.25:
            d["doubleSided"] = False
    if r.random() < 0.1:
        d["zPosition"] = rnd(r, -20, 20)
    if r.random() < 0.2:
        d["opacity"] = rnd(r, 0.3, 0.9, 0.05)
        if r.random() < 0.3:
            d["allowsGroupOpacity"] = False
    if r.random() < 0.25:
        d["shadowOpacity"] = rnd(r, 0.3, 1, 0.05)
        d["shadowRadius"] = rnd(r, 0, 8)
        d["shadowOffset"] = [rnd(r, -6, 6), rnd(r, -6, 6)]
        if r.random() < 0.3:
            d["shadowPath"] = r.choice([{"rect": [0, 0, w, h]}, {"ellipse": [0, h * 0.8, w, h * 0.3]}])
    if r.random() < 0.2:
        d["masksToBounds"] = True
    if r.random() < 0.07:
        d["mask"] = {"type": "shape", "bounds": [0, 0, w, h], "position": [w / 2, h / 2],
                     "path": r.choice([{"ellipse": [0, 0, w, h]},
                                       {"roundedRect": [w * 0.1, h * 0.1, w * 0.8, h * 0.8],
                                        "cornerRadius": min(w, h) / 4}])}
    if depth < 2 and budget[0] > 0 and r.random() < 0.45:
        if r.random() < 0.15:
            d["sublayerTransform"] = [{"perspective": rnd(r, 300, 800, 10)}]
        d["sublayers"] = [layer(r, depth + 1, w, h, budget) for _ in range(r.randint(1, 3))
                          if budget[0] > 0]
    return d


def scene(seed):
    r = random.Random(seed)
    cw, ch = rnd(r, 120, 240), rnd(r, 100, 200)
    canvas = {"width": cw, "height": ch, "scale": r.choice([1, 2])}
    canvas["background"] = r.choice(["white", "#f0f0f0", "#263238", colour(r)])
    if r.random() < 0.1:
        canvas["allowsEdgeAntialiasing"] = True
    budget = [16]
    layers = [layer(r, 0, cw, ch, budget) for _ in range(r.randint(1, 4)) if budget[0] > 0]
    return {"canvas": canvas, "layers": layers}


def cli(make, description, argv=None):
    """SEED [-o FILE]: the scene make(SEED) as JSON."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    a = ap.parse_args(argv)
    emit(json.dumps(make(a.seed), indent=1) + "\n", a.output)
    return 0


def emit(text, output):
    """text to the file output, or to standard output without one."""
    if output:
        with open(output, "w") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)


def main(argv=None):
    return cli(scene, __doc__.split("\n\n")[0], argv)


if __name__ == "__main__":
    sys.exit(main())
