#!/usr/bin/env python3
"""Builds the benchmark scenes of Benchmarks/scenes/ (docs/scene-format.md) from seeds: six
static scenes, five moving ones (every layer animated, so that `oqc bench --fps` moves it in
every frame) and four fill-rate scenes (anti-aliased rounded rectangles, one layer each).

    python3 Benchmarks/make_scenes.py            # rewrite Benchmarks/scenes/
    python3 Benchmarks/make_scenes.py --check    # rebuild into a temporary folder and compare
    python3 Benchmarks/make_scenes.py --out DIR  # write somewhere else

The scenes are committed, so that the tests and `oqc bench` need no Python; this script says
how they were made and remakes them. Each scene draws from its own `random.Random(seed)`, in a
fixed order, so a run gives byte-identical JSON. The cover images of coverflow are numpy
arithmetic, written by Pillow; their PNG bytes can vary with Pillow's zlib, so --check compares
their pixels.

The figures in README.md were measured on exactly these scenes: change
a scene only together with the figures.
"""
import argparse
import filecmp
import json
import math
import os
import random
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "scenes")
WIDTH, HEIGHT = 1920, 1080


# ---------------------------------------------------------------- value helpers

def short(x):
    """A coordinate rounded to hundredths, written as an integer when it is one."""
    v = round(float(x), 2)
    return int(v) if v == int(v) else v


def hex_color(r, g, b, alpha=None):
    text = "#%02X%02X%02X" % (int(r), int(g), int(b))
    return text if alpha is None else text + "%02X" % int(round(alpha * 255))


def from_hsv(hue, sat, val, alpha=None):
    """#RRGGBB(AA) of an HSV colour (hue wraps around; components 0...1)."""
    hue %= 1.0
    sector = int(hue * 6)
    f = hue * 6 - sector
    lo, falling, rising = val * (1 - sat), val * (1 - sat * f), val * (1 - sat * (1 - f))
    rgb = [(val, rising, lo), (falling, val, lo), (lo, val, rising),
           (lo, falling, val), (rising, lo, val), (val, lo, falling)][sector % 6]
    return hex_color(*(c * 255 for c in rgb), alpha)


def components(hex_text):
    return [int(hex_text[i:i + 2], 16) for i in (1, 3, 5)]


def canvas(background):
    return {"width": WIDTH, "height": HEIGHT, "scale": 1, "background": background}


# ---------------------------------------------------------------- cards-1080p

def card_decoration(rnd, k, w, h, hue):
    """One overflowing sublayer of a clipped card: a circle, a rotated ribbon or a wide band."""
    kind = rnd.choice(["blob", "ribbon", "band"])
    if kind == "blob":
        d = rnd.uniform(0.6, 1.1) * min(w, h)
        x = rnd.choice([0, w]) + rnd.uniform(-10, 10)
        y = rnd.choice([0, h]) + rnd.uniform(-10, 10)
        return {"name": "blob%d" % k, "bounds": [0, 0, short(d), short(d)],
                "position": [short(x), short(y)], "cornerRadius": short(d / 2),
                "backgroundColor": from_hsv(hue + 0.5, 0.5, 0.9, 0.55)}
    if kind == "ribbon":
        x, y = w * rnd.uniform(0.7, 1.0), h * rnd.uniform(0.1, 0.3)
        return {"name": "ribbon%d" % k, "bounds": [0, 0, short(w * 0.9), 16],
                "position": [short(x), short(y)],
                "affineTransform": [{"rotate": {"degrees": short(rnd.uniform(30, 50))}}],
                "backgroundColor": from_hsv(hue + 0.3, 0.8, 0.85)}
    band_height = rnd.uniform(12, 30)
    x, y = -rnd.uniform(10, 40), rnd.uniform(0.4, 0.8) * h
    return {"name": "band%d" % k, "frame": [short(x), short(y), short(w + 80), short(band_height)],
            "backgroundColor": from_hsv(hue + 0.1, 0.35, 0.8, 0.7)}


def one_card(rnd, i):
    w, h = rnd.uniform(90, 240), rnd.uniform(64, 170)
    x, y = rnd.uniform(-20, WIDTH + 20 - w), rnd.uniform(-10, HEIGHT + 10 - h)
    radius = min(rnd.uniform(8, 24), min(w, h) / 2)
    hue = rnd.random()
    glass = rnd.random() < 0.06
    background = from_hsv(hue, rnd.uniform(0.05, 0.25), rnd.uniform(0.93, 1.0), 0.85 if glass else None)
    card = {"name": "card%d" % i, "frame": [short(x), short(y), short(w), short(h)],
            "backgroundColor": background, "cornerRadius": short(radius),
            "borderWidth": rnd.choice([1, 1, 1.5, 2]), "borderColor": from_hsv(hue, 0.3, 0.55, 0.6),
            "shadowOpacity": short(rnd.uniform(0.3, 0.6)), "shadowRadius": short(rnd.uniform(3, 12)),
            "shadowOffset": [0, short(rnd.uniform(2, 6))]}
    sublayers = []
    clipped = rnd.random() < 0.3
    header_height = short(min(rnd.uniform(18, 30), h * 0.3))
    header = {"name": "header", "frame": [0, 0, short(w), header_height],
              "backgroundColor": from_hsv(hue, 0.55, 0.85)}
    if clipped:
        # The iOS idiom: masksToBounds would clip the card's own shadow, so an inner layer with
        # the same rounded bounds does the clipping of what overflows.
        clip = {"name": "clip", "frame": [0, 0, short(w), short(h)], "cornerRadius": short(radius),
                "masksToBounds": True, "sublayers": [header]}
        for k in range(rnd.randint(1, 3)):
            clip["sublayers"].append(card_decoration(rnd, k, w, h, hue))
        sublayers.append(clip)
    elif rnd.random() < 0.7:
        # Top corners only, and at least twice the radius tall, so the header's corners are the
        # card's (no clamping of the radius).
        radius = min(radius, 16)
        card["cornerRadius"] = short(radius)
        header_height = short(max(header_height, 2 * radius))
        header["frame"][3] = header_height
        header["cornerRadius"] = short(radius)
        header["maskedCorners"] = ["minXMinY", "maxXMinY"]
        sublayers.append(header)
    top = header_height + 8
    text_left = 10
    if rnd.random() < 0.5 and h - top > 36:
        sublayers.append({"name": "avatar", "frame": [10, short(top), 28, 28], "cornerRadius": 28 / 2,
                          "backgroundColor": from_hsv(hue + 0.2, 0.4, 0.8)})
        text_left = 10 + 28 + 8
    for k in range(rnd.randint(2, 3)):
        line_y = top + 4 + k * 12
        if line_y + 6 > h - 6:
            break
        line_width = (w - text_left - 12) * rnd.uniform(0.5, 1.0)
        if line_width > 8:
            sublayers.append({"name": "line%d" % k, "frame": [short(text_left), short(line_y), short(line_width), 6],
                              "cornerRadius": 3, "backgroundColor": {"white": 0.55, "alpha": 0.5}})
    card["sublayers"] = sublayers
    return card


def cards_1080p():
    rnd = random.Random(1001)
    return {"canvas": canvas("#E9ECF1"), "layers": [one_card(rnd, i) for i in range(400)]}


# ---------------------------------------------------------------- shadows-large

def curl_path(w, h, c=20):
    """The book's 'curled paper' shadow (chapter 2) as SVG path data."""
    numbers = map(short, (-c, 0, w + c, 0, w + c, h + c, w * 0.75, h - c, w * 0.25, h - c, -c, h + c,
                          -c * 0.5, h * 0.5, -c, 0))
    return "M %s %s L %s %s L %s %s C %s %s %s %s %s %s Q %s %s %s %s Z" % tuple(numbers)


def title_bar(w, hue):
    return {"name": "title", "frame": [24, 24, short(w * 0.5), 18], "cornerRadius": 9,
            "backgroundColor": from_hsv(hue, 0.6, 0.7)}


def shadows_large():
    rnd = random.Random(2002)
    panels = []
    for i in range(12):
        x = (i % 4 + 0.5) * WIDTH / 4 + rnd.uniform(-30, 30)
        y = (i // 4 + 0.5) * HEIGHT / 3 + rnd.uniform(-20, 20)
        w, h = rnd.uniform(300, 400), rnd.uniform(200, 270)
        radius = rnd.uniform(20, 40)
        hue = rnd.random()
        panel = {"name": "panel%d" % i, "bounds": [0, 0, short(w), short(h)], "position": [short(x), short(y)],
                 "cornerRadius": short(radius), "backgroundColor": from_hsv(hue, 0.25, 0.97),
                 "shadowOpacity": short(rnd.uniform(0.4, 0.7)),
                 "shadowRadius": short(40 + (i * 60 / 11)),          # 40 ... 100 across the panels
                 "shadowOffset": [0, short(rnd.uniform(10, 30))],
                 "shadowColor": from_hsv(hue, 0.6, 0.25)}
        if i < 6:
            # Panels 0-5 give the shadow's shape.
            shape = ["rect", "roundedRect", "ellipse", "curl", "roundedRect", "ellipse"][i]
            if shape == "rect":
                panel["shadowPath"] = {"rect": [0, 0, short(w), short(h)]}
            elif shape == "roundedRect":
                panel["shadowPath"] = {"roundedRect": [0, 0, short(w), short(h)], "cornerRadius": short(radius)}
            elif shape == "ellipse":   # a contact shadow under the panel
                panel["shadowPath"] = {"ellipse": [short(w * 0.1), short(h * 0.8), short(w * 0.8), short(h * 0.3)]}
            else:
                panel["shadowPath"] = curl_path(w, h)
            panel["sublayers"] = [title_bar(w, hue)]
        elif i % 3 == 0:
            # Opaque and rounded: the content's alpha is the rounded rectangle.
            panel["borderWidth"] = 1
            panel["borderColor"] = {"white": 0, "alpha": 0.15}
            panel["sublayers"] = [title_bar(w, hue)]
        elif i % 3 == 1:
            panel["backgroundColor"] = from_hsv(hue, 0.4, 0.95, 0.6)
            panel["borderWidth"] = 3
            panel["borderColor"] = from_hsv(hue, 0.7, 0.6)
        else:
            # No background: the shadow is the sublayers' (five circles).
            del panel["backgroundColor"]
            dots = []
            for k in range(5):
                d = rnd.uniform(60, 120)
                dots.append({"name": "dot%d" % k, "bounds": [0, 0, short(d), short(d)],
                             "position": [short(rnd.uniform(0, w)), short(rnd.uniform(0, h))],
                             "cornerRadius": short(d / 2), "backgroundColor": from_hsv(hue + k * 0.1, 0.6, 0.9)})
            panel["sublayers"] = dots
        panels.append(panel)
    return {"canvas": canvas("#F4F4F4"), "layers": panels}


# ---------------------------------------------------------------- cube-lit

def rotated_normal(degrees, axis):
    """Where CATransform3DMakeRotation(degrees, axis) takes the normal (0, 0, 1)."""
    a = math.radians(degrees)
    n = math.sqrt(sum(c * c for c in axis))
    x, y, z = (c / n for c in axis)
    c, s = math.cos(a), math.sin(a)
    return (x * z * (1 - c) + y * s, y * z * (1 - c) - x * s, c + z * z * (1 - c))


def cube_lit():
    """The lit cube of the book's chapter 5 (listings 5.9 and 5.10), 400 pt faces at ±200."""
    size, half = 400, 200
    placements = [([{"translate": [0, 0, half]}], None),
                  ([{"translate": [half, 0, 0]}], (90, (0, 1, 0))),
                  ([{"translate": [0, -half, 0]}], (90, (1, 0, 0))),
                  ([{"translate": [0, half, 0]}], (-90, (1, 0, 0))),
                  ([{"translate": [-half, 0, 0]}], (-90, (0, 1, 0))),
                  ([{"translate": [0, 0, -half]}], (180, (0, 1, 0)))]
    badge_colors = ["#E53935", "#43A047", "#1E88E5", "#FDD835", "#8E24AA", "#FB8C00"]
    light = (0, 1, -0.5)
    length = math.sqrt(sum(c * c for c in light))
    light = tuple(c / length for c in light)
    faces = []
    for i, (steps, rotation) in enumerate(placements):
        steps = list(steps)
        normal = (0, 0, 1)
        if rotation:
            steps.append({"rotate": {"degrees": rotation[0], "axis": list(rotation[1])}})
            normal = rotated_normal(*rotation)
        # The book's shading: 1 + dot(light, normal) - ambient 0.5, clamped, as the overlay's alpha.
        shade = max(0.0, min(1.0, 1 + sum(a * b for a, b in zip(light, normal)) - 0.5))
        faces.append({
            "name": "face%d" % (i + 1), "bounds": [0, 0, size, size], "position": [WIDTH / 2, HEIGHT / 2],
            "transform": steps, "backgroundColor": "white", "cornerRadius": 32,
            "borderWidth": 8, "borderColor": "#9E9E9E",
            "sublayers": [
                {"name": "badge", "bounds": [0, 0, 160, 160], "position": [200, 200], "cornerRadius": 80,
                 "backgroundColor": badge_colors[i]},
                {"name": "label", "frame": [120, 300, 160, 24], "cornerRadius": 12,
                 "backgroundColor": {"white": 0.3}},
                {"name": "light", "frame": [0, 0, size, size], "cornerRadius": 32,
                 "backgroundColor": {"white": 0, "alpha": round(shade, 4)}},
            ]})
    container = {"name": "container", "bounds": [0, 0, WIDTH, HEIGHT], "position": [WIDTH / 2, HEIGHT / 2],
                 "sublayerTransform": [{"perspective": 500},
                                       {"rotate": {"degrees": -45, "axis": [1, 0, 0]}},
                                       {"rotate": {"degrees": -45, "axis": [0, 1, 0]}}],
                 "sublayers": faces}
    return {"canvas": canvas("#D8DCE2"), "layers": [container]}


# ---------------------------------------------------------------- coverflow

# Seven-segment digits (segments a-g, clockwise from the top, g in the middle), so that the covers
# are numpy arithmetic only: Pillow's shapes and fonts rasterize differently from one version to
# the next (its default font is a bitmap font before 10.1), and --check must hold on any of them.
SEGMENTS = {1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd", 6: "afgedc", 7: "abc", 8: "abcdefg"}


def segment_boxes(digit, left, top, width, height, stroke):
    """[x0, y0, x1, y1) boxes of the segments of `digit` in a width x height cell."""
    mid = top + (height - stroke) // 2
    right, bottom = left + width - stroke, top + height - stroke
    boxes = {"a": (left, top, left + width, top + stroke), "g": (left, mid, left + width, mid + stroke),
             "d": (left, bottom, left + width, bottom + stroke),
             "f": (left, top, left + stroke, mid + stroke), "b": (right, top, right + stroke, mid + stroke),
             "e": (left, mid, left + stroke, bottom + stroke), "c": (right, mid, right + stroke, bottom + stroke)}
    return [boxes[s] for s in SEGMENTS[digit]]


def cover_images(folder):
    """Eight 512 x 512 covers: a gradient with 2-px stripes and a 1-px checkerboard in two
    quadrants (so that the minification filter shows), anti-aliased rings, a big outlined
    seven-segment digit and a frame."""
    from PIL import Image
    import numpy as np
    os.makedirs(folder, exist_ok=True)
    rnd = random.Random(3003)
    yy, xx = np.mgrid[0:512, 0:512].astype(np.float32) / 511.0
    iy, ix = np.mgrid[0:512, 0:512]
    stripes = ((ix // 2) % 2).astype(np.float32)
    checker = ((ix + iy) % 2).astype(np.float32)
    centre_x, centre_y = ix.astype(np.float64) + 0.5, iy.astype(np.float64) + 0.5
    quadrants = [(slice(0, 256), slice(0, 256)), (slice(0, 256), slice(256, 512)),
                 (slice(256, 512), slice(0, 256)), (slice(256, 512), slice(256, 512))]
    white, black = np.array([255, 255, 255], np.float32), np.array([0, 0, 0], np.float32)
    names = []
    for k in range(8):
        base = k / 8.0
        near = np.array(components(from_hsv(base, 0.7, 0.9)), np.float32)
        far = np.array(components(from_hsv(base + 0.4, 0.8, 0.35)), np.float32)
        t = ((xx * math.cos(k) + yy * math.sin(k) + 1.5) / 3.0)[..., None]
        pixels = near[None, None, :] * (1 - t) + far[None, None, :] * t
        q = quadrants[k % 4]
        pixels[q] = pixels[q] * (0.6 + 0.4 * stripes[q][..., None])
        q = quadrants[(k + 2) % 4]
        pixels[q] = pixels[q] * (0.7 + 0.3 * checker[q][..., None])
        for j in range(6):
            r = rnd.uniform(30, 120)
            cx, cy = rnd.uniform(60, 452), rnd.uniform(60, 452)
            width = rnd.randint(3, 12)
            # Outer radius r, `width` thick; coverage is the distance to the ring's middle, clamped.
            distance = np.abs(np.hypot(centre_x - cx, centre_y - cy) - (r - width / 2))
            cover = np.clip(width / 2 + 0.5 - distance, 0, 1).astype(np.float32)[..., None]
            colour = np.array(components(from_hsv(base + j * 0.13, 0.5, 1.0)), np.float32)
            pixels = pixels * (1 - cover) + colour[None, None, :] * cover
        for outline, paint in ((6, black), (0, white)):
            for x0, y0, x1, y1 in segment_boxes(k + 1, 186, 156, 140, 200, 28):
                pixels[y0 - outline:y1 + outline, x0 - outline:x1 + outline] = paint
        for edge in (slice(0, 8), slice(504, 512)):
            pixels[edge, :] = white
            pixels[:, edge] = white
        image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")
        name = "cover%d.png" % k
        image.save(os.path.join(folder, name), optimize=False, compress_level=6)
        names.append("images/" + name)
    return names


def coverflow(images):
    """Three rows of 20 covers under perspective 800; side covers turned ±60° towards the centre."""
    row_height = HEIGHT / 3
    rows = []
    for r in range(3):
        centre = 10 if r != 1 else 7
        covers = []
        for k in range(20):
            index = r * 20 + k
            offset = k - centre
            cover = {"name": "cover%d" % index, "bounds": [0, 0, 300, 300],
                     "contents": images[(index * 3 + r) % len(images)],
                     "minificationFilter": "trilinear", "magnificationFilter": "linear"}
            if offset == 0:
                cover["position"] = [WIDTH / 2, row_height / 2]
                cover["zPosition"] = 1
            else:
                side = 1 if offset > 0 else -1
                cover["position"] = [short(WIDTH / 2 + side * (230 + 70 * (abs(offset) - 1))), row_height / 2]
                cover["zPosition"] = -abs(offset)
                angle = -60 * side
                if index % 7 == 3:      # half-way through a flip: its back faces the eye
                    angle = 180 - 60 * side
                cover["transform"] = [{"translate": [0, 0, -220]},
                                      {"rotate": {"degrees": angle, "axis": [0, 1, 0]}}]
            if index % 2 == 0:
                cover["doubleSided"] = False
            if index % 3 != 0:
                cover["cornerRadius"] = 10
                cover["masksToBounds"] = True
            else:
                cover["borderWidth"] = 2
                cover["borderColor"] = {"white": 1, "alpha": 0.8}
            covers.append(cover)
        rows.append({"name": "row%d" % r, "bounds": [0, 0, WIDTH, short(row_height)],
                     "position": [WIDTH / 2, short(row_height * (r + 0.5))],
                     "sublayerTransform": [{"perspective": 800}], "sublayers": covers})
    return {"canvas": canvas("#101014"), "layers": rows}


# ---------------------------------------------------------------- group-opacity

def nested(level, w, h, hue):
    """Five layers, each inset into (and sticking out of) its parent; level 2 is a group of 0.8."""
    layer = {"name": "n%d" % level, "backgroundColor": from_hsv(hue + 0.12 * level, 0.6, 0.95 - 0.08 * level),
             "cornerRadius": short(max(4, 14 - 2 * level)),
             "borderWidth": 1, "borderColor": {"white": 0, "alpha": 0.35}}
    if level == 2:
        layer["opacity"] = 0.8
    if level < 4:
        cw, ch = w * 0.72, h * 0.7
        child = nested(level + 1, cw, ch, hue)
        child["frame"] = [short(w * 0.42), short(h * 0.4), short(cw), short(ch)]
        layer["sublayers"] = [child]
    return layer


def group_opacity():
    rnd = random.Random(4004)
    cell_w, cell_h = WIDTH / 10, HEIGHT / 8
    groups = []
    for i in range(80):
        x = (i % 10 + 0.5) * cell_w + rnd.uniform(-8, 8)
        y = (i // 10 + 0.5) * cell_h + rnd.uniform(-6, 6)
        hue = rnd.random()
        w, h = 150.0, 104.0
        group = nested(0, w, h, hue)
        group["name"] = "group%d" % i
        group["bounds"] = [0, 0, w, h]
        group["position"] = [short(x - 18), short(y - 14)]
        group["opacity"] = 0.5
        group["allowsGroupOpacity"] = True
        group["affineTransform"] = [{"rotate": {"degrees": short(rnd.uniform(-8, 8))}}]
        if i % 2 == 0:
            group["mask"] = {"type": "shape", "name": "ellipse", "frame": [-10, -8, w + 40, h + 30],
                             "path": {"ellipse": [0, 0, w + 40, h + 30]}, "fillColor": "black"}
        else:
            group["shouldRasterize"] = True
            group["rasterizationScale"] = 1
        groups.append(group)
    return {"canvas": canvas("white"), "layers": groups}


# ---------------------------------------------------------------- many-small

def many_small():
    """20 000 layers of 8 x 8 points on a 9.6 x 10.8 grid, so positions are fractional."""
    rnd = random.Random(5005)
    pitch_x, pitch_y = WIDTH / 200, HEIGHT / 100
    palette = [from_hsv(k / 24.0, 0.65, 0.9) for k in range(24)]
    layers = []
    for row in range(100):
        for col in range(200):
            layers.append({"bounds": [0, 0, 8, 8],
                           "position": [short((col + 0.5) * pitch_x), short((row + 0.5) * pitch_y)],
                           "backgroundColor": palette[(col // 8 + row // 5 + rnd.randint(0, 2)) % 24],
                           "cornerRadius": 2})
    return {"canvas": canvas("#202020"), "layers": layers}


# ---------------------------------------------------------------- moving scenes
# Each animation loops for ever (repeatCount infinity) and autoreverses or wraps, so that any
# media time is mid-flight: under `oqc bench --fps` every animated layer is somewhere new in
# every frame. Animations are linear (the default timing) unless said otherwise.

def loop(key_path, from_value, to_value, duration, autoreverses=True, **extra):
    animation = {"keyPath": key_path, "fromValue": from_value, "toValue": to_value,
                 "duration": short(duration), "repeatCount": "infinity"}
    if autoreverses:
        animation["autoreverses"] = True
    animation.update(extra)
    return animation


def centre(frame):
    x, y, w, h = frame
    return [short(x + w / 2), short(y + h / 2)]


def cards_moving():
    """cards-1080p's 400 shadowed cards, each sliding along its own line and back."""
    rnd = random.Random(1001)
    cards = [one_card(rnd, i) for i in range(400)]
    motion = random.Random(6006)
    for card in cards:
        start = centre(card["frame"])
        angle, distance = motion.uniform(0, 2 * math.pi), motion.uniform(60, 240)
        end = [short(start[0] + distance * math.cos(angle)), short(start[1] + distance * math.sin(angle))]
        card["animations"] = [loop("position", start, end, motion.uniform(1.5, 4), beginTime=short(-motion.uniform(0, 4)))]
    return {"canvas": canvas("#E9ECF1"), "layers": cards}


def spinners_moving():
    """100 activity indicators in a 10 x 10 grid: a replicator of 12 rounded dots, each dot
    1/12 fainter than the one before (instanceAlphaOffset), the replicator turning once a
    second and pulsing its opacity."""
    rnd = random.Random(7007)
    layers = []
    for i in range(100):
        x, y = (i % 10 + 0.5) * WIDTH / 10, (i // 10 + 0.5) * HEIGHT / 10
        size = 64
        hue = rnd.random()
        dot = {"name": "dot", "bounds": [0, 0, 6, 18], "position": [size / 2, 11], "cornerRadius": 3,
               "backgroundColor": from_hsv(hue, 0.7, 0.9)}
        phase = short(-rnd.uniform(0, 1))
        layers.append({"type": "replicator", "name": "spinner%d" % i, "bounds": [0, 0, size, size],
                       "position": [short(x), short(y)], "instanceCount": 12,
                       "instanceTransform": [{"rotate": {"degrees": 30}}], "instanceAlphaOffset": short(-1 / 12),
                       "sublayers": [dot],
                       "animations": [loop("transform.rotation.z", 0, short(2 * math.pi), 1, autoreverses=False,
                                           beginTime=phase),
                                      loop("opacity", 1, 0.5, short(rnd.uniform(0.6, 1.2)), beginTime=phase)]})
    return {"canvas": canvas("#1C1C1E"), "layers": layers}


def cube_moving():
    """cube-lit's cube, turning about its vertical axis every 4 s inside a transform layer (the
    shading, set per face, turns with it)."""
    scene = cube_lit()
    container = scene["layers"][0]
    cube = {"type": "transform", "name": "cube", "bounds": [0, 0, WIDTH, HEIGHT], "position": [WIDTH / 2, HEIGHT / 2],
            "sublayers": container["sublayers"],
            "animations": [loop("transform.rotation.y", 0, short(2 * math.pi), 4, autoreverses=False)]}
    container["sublayers"] = [cube]
    return scene


def coverflow_moving(images):
    """coverflow's three rows, every cover scrolling sideways by two cover spacings and back."""
    scene = coverflow(images)
    for r, row in enumerate(scene["layers"]):
        for cover in row["sublayers"]:
            x = cover["position"][0]
            cover["animations"] = [loop("position.x", x, short(x - 140), 2, beginTime=short(-0.5 * r))]
    return scene


def drift_moving():
    """2 000 rounded rectangles at random places, each drifting with its own velocity and
    fading between two opacities."""
    rnd = random.Random(8008)
    layers = []
    for i in range(2000):
        w, h = rnd.uniform(16, 90), rnd.uniform(16, 90)
        x, y = rnd.uniform(0, WIDTH - w), rnd.uniform(0, HEIGHT - h)
        vx, vy = rnd.uniform(-80, 80), rnd.uniform(-80, 80)
        period = rnd.uniform(2, 5)
        start = [short(x + w / 2), short(y + h / 2)]
        layers.append({"bounds": [0, 0, short(w), short(h)], "position": start,
                       "cornerRadius": short(min(rnd.uniform(3, 20), min(w, h) / 2)),
                       "backgroundColor": from_hsv(rnd.random(), 0.6, 0.9),
                       "animations": [loop("position", start, [short(start[0] + vx * period), short(start[1] + vy * period)],
                                           period, beginTime=short(-rnd.uniform(0, period))),
                                      loop("opacity", short(rnd.uniform(0.4, 1)), short(rnd.uniform(0.2, 0.7)),
                                           rnd.uniform(1, 3))]})
    return {"canvas": canvas("#F2F2F7"), "layers": layers}


# ---------------------------------------------------------------- fill rate

def rounded_rects(seed, count, smallest, largest, translucent):
    """`count` anti-aliased rounded rectangles (fractional positions and sizes, one layer
    each, no shadows), per-layer opacity 0.3-0.95 when `translucent`, otherwise opaque."""
    rnd = random.Random(seed)
    layers = []
    for _ in range(count):
        w, h = rnd.uniform(smallest, largest), rnd.uniform(smallest, largest)
        layer = {"frame": [short(rnd.uniform(-w / 2, WIDTH - w / 2)), short(rnd.uniform(-h / 2, HEIGHT - h / 2)),
                           short(w), short(h)],
                 "cornerRadius": short(rnd.uniform(0.1, 0.5) * min(w, h)),
                 "backgroundColor": from_hsv(rnd.random(), rnd.uniform(0.4, 0.9), rnd.uniform(0.6, 1))}
        if translucent:
            layer["opacity"] = short(rnd.uniform(0.3, 0.95))
        layers.append(layer)
    return {"canvas": canvas("white"), "layers": layers}


# ---------------------------------------------------------------- writing and checking

STATIC_SCENES = ["cards-1080p", "shadows-large", "cube-lit", "coverflow", "group-opacity", "many-small"]
MOVING_SCENES = ["cards-moving", "spinners-moving", "cube-moving", "coverflow-moving", "drift-moving"]
FILL_SCENES = ["fill-2000", "fill-2000-opaque", "fill-20000-small", "fill-200-large"]
SCENES = STATIC_SCENES + MOVING_SCENES + FILL_SCENES


def layer_count(layers):
    n = 0
    for layer in layers:
        n += 1 + layer_count(layer.get("sublayers", []))
        if "mask" in layer:
            n += 1 + layer_count(layer["mask"].get("sublayers", []))
    return n


def build(out):
    """Writes every scene and image under `out`; returns the scenes by name."""
    images = cover_images(os.path.join(out, "images"))
    scenes = {"cards-1080p": cards_1080p(), "shadows-large": shadows_large(), "cube-lit": cube_lit(),
              "coverflow": coverflow(images), "group-opacity": group_opacity(), "many-small": many_small(),
              "cards-moving": cards_moving(), "spinners-moving": spinners_moving(), "cube-moving": cube_moving(),
              "coverflow-moving": coverflow_moving(images), "drift-moving": drift_moving(),
              "fill-2000": rounded_rects(9001, 2000, 20, 200, True),
              "fill-2000-opaque": rounded_rects(9001, 2000, 20, 200, False),
              "fill-20000-small": rounded_rects(9002, 20000, 4, 16, True),
              "fill-200-large": rounded_rects(9003, 200, 300, 900, True)}
    for name in SCENES:
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(scenes[name], f, separators=(",", ":"))
            f.write("\n")
    return scenes


def same_pixels(a, b):
    from PIL import Image
    with Image.open(a) as x, Image.open(b) as y:
        return x.size == y.size and x.convert("RGBA").tobytes() == y.convert("RGBA").tobytes()


def check(reference):
    """Rebuilds the scenes in a temporary folder and compares them with `reference`."""
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        build(tmp)
        for name in SCENES:
            if not filecmp.cmp(os.path.join(tmp, name + ".json"), os.path.join(reference, name + ".json"), shallow=False):
                problems.append("%s.json differs" % name)
        for name in sorted(os.listdir(os.path.join(tmp, "images"))):
            mine, theirs = os.path.join(tmp, "images", name), os.path.join(reference, "images", name)
            if not os.path.exists(theirs):
                problems.append("images/%s is missing" % name)
            elif not filecmp.cmp(mine, theirs, shallow=False):
                if same_pixels(mine, theirs):
                    print("note: images/%s: same pixels, other PNG bytes (another zlib or Pillow)" % name)
                else:
                    problems.append("images/%s has other pixels" % name)
    for p in problems:
        print("make_scenes: %s: %s" % (reference, p), file=sys.stderr)
    if not problems:
        print("make_scenes: the %d scenes in %s are what this script makes" % (len(SCENES), reference))
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT, help="folder to write (default Benchmarks/scenes)")
    ap.add_argument("--check", action="store_true", help="compare a fresh build with --out instead of writing")
    args = ap.parse_args()
    if args.check:
        return check(args.out)
    os.makedirs(args.out, exist_ok=True)
    scenes = build(args.out)
    for name in SCENES:
        path = os.path.join(args.out, name + ".json")
        print("%-18s %6d layers  %8d bytes" % (name, layer_count(scenes[name]["layers"]), os.path.getsize(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
