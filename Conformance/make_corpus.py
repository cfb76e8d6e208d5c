#!/usr/bin/env python3
"""Writes the hand-made conformance corpus: Conformance/scenes/*.json and the
PNGs in Conformance/scenes/images/. Deterministic; re-run after editing.

Each scene exercises one feature of chapters 4 and 5 of the book (or one
combination). The file name prefix is the feature; classes and thresholds
are in thresholds.json.
"""
import json
import math
import os
import zlib
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "scenes")
IMG = os.path.join(OUT, "images")


# ------------------------------------------------------------------ images
def write_png(path, w, h, pixel):
    """pixel(x, y) -> (r, g, b, a) 0..255; straight alpha RGBA8 PNG."""
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        for x in range(w):
            raw += bytes(pixel(x, y))

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as fh:
        fh.write(data)


def make_images():
    os.makedirs(IMG, exist_ok=True)

    def photo(x, y):       # 64x48 opaque: smooth colours plus a dark disc
        r = int(255 * x / 63)
        g = int(255 * y / 47)
        b = 160
        if (x - 40) ** 2 + (y - 20) ** 2 < 100:
            r, g, b = 30, 30, 60
        if x < 8 and y < 8:
            r, g, b = 255, 255, 255
        return (r, g, b, 255)
    write_png(os.path.join(IMG, "photo.png"), 64, 48, photo)

    def icon(x, y):        # 32x32: an opaque orange disc on transparency, soft edge
        d = math.hypot(x + 0.5 - 16, y + 0.5 - 16)
        a = max(0.0, min(1.0, 13 - d))
        return (255, 128, 0, int(round(255 * a)))
    write_png(os.path.join(IMG, "icon.png"), 32, 32, icon)

    def digits(x, y):      # 12x8 pixel art for the nearest filter
        on = (x + y) % 3 == 0 or x in (0, 11) or y in (0, 7)
        return (20, 20, 20, 255) if on else (240, 240, 200, 255)
    write_png(os.path.join(IMG, "digits.png"), 12, 8, digits)

    def nine(x, y):        # 30x30 frame for contentsCenter: 10 px corners
        edge = x < 10 or x >= 20 or y < 10 or y >= 20
        corner = (x < 10 or x >= 20) and (y < 10 or y >= 20)
        if corner:
            return (200, 40, 40, 255)
        if edge:
            return (40, 40, 200, 255)
        return (240, 240, 240, 255)
    write_png(os.path.join(IMG, "nine.png"), 30, 30, nine)

    def sprite(x, y):      # 64x64, four quadrants
        q = (x >= 32) + 2 * (y >= 32)
        c = [(230, 60, 60), (60, 200, 60), (60, 60, 230), (230, 200, 40)][q]
        if (x % 32) < 4 and (y % 32) < 4:
            c = (0, 0, 0)
        return c + (255,)
    write_png(os.path.join(IMG, "sprite.png"), 64, 64, sprite)

    def star(x, y):        # 64x64 alpha star (mask image)
        cx, cy = x + 0.5 - 32, y + 0.5 - 32
        ang = math.atan2(cy, cx)
        r = math.hypot(cx, cy)
        lim = 18 + 10 * math.cos(5 * ang)
        a = max(0.0, min(1.0, lim - r))
        return (0, 0, 0, int(round(255 * a)))
    write_png(os.path.join(IMG, "star.png"), 64, 64, star)


# ------------------------------------------------------------------ helpers
SCENES = {}


def scene(name, layers, w=200, h=150, scale=2, background="white", **canvas):
    c = {"width": w, "height": h, "scale": scale}
    if background is not None:
        c["background"] = background
    c.update(canvas)
    SCENES[name] = {"canvas": c, "layers": layers}


def L(bounds, position, **kw):
    d = {"bounds": list(bounds), "position": list(position)}
    d.update(kw)
    return d


def rot(deg, axis=(0, 0, 1)):
    return {"rotate": {"degrees": deg, "axis": list(axis)}}


def face(i, t):
    colors = ["#e53935", "#43a047", "#1e88e5", "#fdd835", "#8e24aa", "#00acc1"]
    return L([0, 0, 100, 100], [100, 100], name="face%d" % (i + 1), backgroundColor=colors[i],
             borderWidth=2, borderColor="#222", transform=t)


def cube_faces():
    return [
        face(0, [{"translate": [0, 0, 50]}]),
        face(1, [{"translate": [50, 0, 0]}, rot(90, (0, 1, 0))]),
        face(2, [{"translate": [0, -50, 0]}, rot(90, (1, 0, 0))]),
        face(3, [{"translate": [0, 50, 0]}, rot(-90, (1, 0, 0))]),
        face(4, [{"translate": [-50, 0, 0]}, rot(-90, (0, 1, 0))]),
        face(5, [{"translate": [0, 0, -50]}, rot(180, (0, 1, 0))]),
    ]


# ------------------------------------------------------------------ corpus
def build():
    # --- chapter 4: corner radius
    scene("corner-radius-basic", [L([0, 0, 120, 80], [100, 75], backgroundColor="#1e88e5", cornerRadius=20)])
    scene("corner-radius-capsule", [L([0, 0, 140, 50], [100, 75], backgroundColor="#43a047", cornerRadius=100)])
    scene("corner-radius-masked-top", [L([0, 0, 120, 80], [100, 75], backgroundColor="#8e24aa", cornerRadius=24,
                                         maskedCorners=["minXMinY", "maxXMinY"])])
    scene("corner-radius-masked-diagonal", [L([0, 0, 120, 80], [100, 75], backgroundColor="#e53935",
                                              cornerRadius=30, maskedCorners=["minXMinY", "maxXMaxY"])])
    scene("corner-curve-continuous", [L([0, 0, 120, 80], [100, 75], backgroundColor="#1e88e5", cornerRadius=20,
                                        cornerCurve="continuous", borderWidth=4, borderColor="#0d47a1")])
    scene("corner-curve-continuous-clip", [L([0, 0, 120, 90], [100, 75], contents="images/photo.png",
                                             cornerRadius=24, cornerCurve="continuous", masksToBounds=True)])
    scene("corner-radius-fractional", [L([0, 0, 101.5, 60.25], [100.3, 75.6], backgroundColor="#333",
                                         cornerRadius=12.5)])
    # --- borders
    scene("border-basic", [L([0, 0, 120, 80], [100, 75], backgroundColor="#ffe082", borderWidth=4)])
    scene("border-rounded", [L([0, 0, 120, 80], [100, 75], backgroundColor="#b3e5fc", cornerRadius=20,
                               borderWidth=6, borderColor="#0277bd")])
    scene("border-radius-less-than-width", [L([0, 0, 120, 80], [100, 75], backgroundColor="white",
                                              cornerRadius=6, borderWidth=14, borderColor="#c62828")],
          background="#eee")
    scene("border-above-sublayers", [L([0, 0, 120, 80], [100, 75], backgroundColor="#eee", borderWidth=8,
                                       borderColor="#1565c0", sublayers=[
                                           L([0, 0, 60, 60], [10, 10], backgroundColor="#ef6c00"),
                                           L([0, 0, 40, 40], [120, 80], backgroundColor="#2e7d32")])])
    scene("border-translucent", [L([0, 0, 120, 80], [100, 75], backgroundColor="#ffcc80", cornerRadius=10,
                                   borderWidth=10, borderColor="#0000ff80")])
    scene("border-only-no-background", [L([0, 0, 120, 80], [100, 75], cornerRadius=16, borderWidth=3,
                                          borderColor="#333")], background="#fafafa")
    # --- masksToBounds
    scene("masks-to-bounds-rect", [L([0, 0, 120, 80], [100, 75], backgroundColor="#ddd", masksToBounds=True,
                                     sublayers=[L([0, 0, 80, 80], [110, 20], backgroundColor="#e53935"),
                                                L([0, 0, 50, 50], [0, 80], backgroundColor="#1e88e5")])])
    scene("masks-to-bounds-rounded", [L([0, 0, 120, 80], [100, 75], backgroundColor="#ddd", cornerRadius=30,
                                        masksToBounds=True, sublayers=[
                                            L([0, 0, 50, 50], [20, 20], backgroundColor="#e53935"),
                                            L([0, 0, 50, 50], [100, 60], backgroundColor="#1e88e5")])])
    scene("corner-radius-sublayer-not-clipped", [L([0, 0, 120, 80], [100, 75], backgroundColor="#ddd",
                                                   cornerRadius=30, sublayers=[
                                                       L([0, 0, 50, 50], [20, 20], backgroundColor="#e53935")])])
    scene("masks-to-bounds-contents", [L([0, 0, 120, 90], [100, 75], contents="images/photo.png",
                                         cornerRadius=25, masksToBounds=True)])
    scene("masks-to-bounds-bounds-origin", [L([30, 20, 120, 80], [100, 75], backgroundColor="#ddd",
                                              masksToBounds=True, sublayers=[
                                                  L([0, 0, 60, 60], [30, 20], backgroundColor="#e53935"),
                                                  L([0, 0, 60, 60], [150, 100], backgroundColor="#1e88e5")])])
    scene("masks-to-bounds-nested", [L([0, 0, 140, 100], [100, 75], backgroundColor="#ccc", cornerRadius=20,
                                       masksToBounds=True, sublayers=[
                                           L([0, 0, 100, 70], [100, 70], backgroundColor="#888", cornerRadius=15,
                                             masksToBounds=True, sublayers=[
                                                 L([0, 0, 60, 60], [90, 60], backgroundColor="#ff7043")])])])
    # --- shadows
    scene("shadow-basic", [L([0, 0, 100, 70], [100, 70], backgroundColor="white", shadowOpacity=0.5,
                             shadowOffset=[0, 5], shadowRadius=5)], background="#eceff1")
    scene("shadow-defaults", [L([0, 0, 100, 70], [100, 80], backgroundColor="white", shadowOpacity=1)],
          background="#eceff1")
    scene("shadow-large-radius", [L([0, 0, 100, 70], [100, 75], backgroundColor="#1e88e5", cornerRadius=12,
                                    shadowOpacity=0.8, shadowOffset=[6, 10], shadowRadius=14)])
    scene("shadow-colored", [L([0, 0, 100, 70], [100, 75], backgroundColor="white", cornerRadius=35,
                               shadowOpacity=0.9, shadowColor="#ff000080", shadowOffset=[-8, 6],
                               shadowRadius=6)], background="#f5f5f5")
    scene("shadow-zero-radius", [L([0, 0, 100, 70], [95, 70], backgroundColor="#fdd835", shadowOpacity=0.6,
                                   shadowOffset=[8, 8], shadowRadius=0)])
    scene("shadow-from-sublayers", [L([0, 0, 120, 90], [100, 75], shadowOpacity=0.7, shadowOffset=[4, 6],
                                      shadowRadius=4, sublayers=[
                                          L([0, 0, 50, 50], [30, 30], backgroundColor="#e53935", cornerRadius=25),
                                          L([0, 0, 60, 30], [80, 70], backgroundColor="#43a047")])])
    scene("shadow-translucent-layer", [L([0, 0, 110, 80], [100, 72], backgroundColor="#1e88e580",
                                         shadowOpacity=1, shadowOffset=[10, 10], shadowRadius=3)])
    scene("shadow-clipped-by-masks-to-bounds", [L([0, 0, 110, 80], [100, 72], backgroundColor="white",
                                                  cornerRadius=15, masksToBounds=True, shadowOpacity=0.8,
                                                  shadowOffset=[0, 6], shadowRadius=6)], background="#cfd8dc")
    scene("shadow-outer-inner-pattern", [L([0, 0, 110, 80], [100, 72], backgroundColor="white", cornerRadius=15,
                                           shadowOpacity=0.6, shadowOffset=[0, 6], shadowRadius=6, sublayers=[
                                               L([0, 0, 110, 80], [55, 40], cornerRadius=15, masksToBounds=True,
                                                 sublayers=[L([0, 0, 60, 60], [100, 10],
                                                              backgroundColor="#e53935")])])],
          background="#cfd8dc")
    scene("shadow-path-rect", [L([0, 0, 100, 70], [100, 70], backgroundColor="#ffb300", shadowOpacity=0.6,
                                 shadowOffset=[0, 0], shadowRadius=5,
                                 shadowPath={"rect": [-10, -10, 120, 90]})], background="#fafafa")
    scene("shadow-path-ellipse-contact", [L([0, 0, 80, 80], [100, 60], backgroundColor="#43a047",
                                            cornerRadius=40, shadowOpacity=0.5, shadowOffset=[0, 0],
                                            shadowRadius=4, shadowPath={"ellipse": [5, 85, 70, 12]})],
          background="#fafafa")
    scene("shadow-path-no-content", [L([0, 0, 100, 70], [100, 75], shadowOpacity=0.7, shadowOffset=[3, 3],
                                       shadowRadius=6,
                                       shadowPath="M 10 10 L 90 10 L 50 65 Z")], background="#fafafa")
    scene("shadow-border-only", [L([0, 0, 100, 70], [100, 75], borderWidth=6, borderColor="#333",
                                   cornerRadius=10, shadowOpacity=0.9, shadowOffset=[0, 4], shadowRadius=3)],
          background="#fafafa")
    scene("shadow-non-group-opacity", [L([0, 0, 100, 70], [100, 75], backgroundColor="#cae750", opacity=0.45,
                                         allowsGroupOpacity=False, shadowOpacity=0.8, shadowOffset=[10, 10],
                                         shadowRadius=3)], background="#e7615e")
    # Figure 4.7: the shadow follows the alpha of the contents image.
    scene("shadow-from-contents-alpha", [L([0, 0, 96, 96], [100, 75], contents="images/icon.png",
                                           shadowOpacity=0.7, shadowOffset=[4, 6], shadowRadius=4)],
          background="#fafafa")
    # Content above and left of the canvas still casts its shadow into it.
    scene("shadow-source-off-canvas", [L([0, 0, 60, 80], [20, 30], backgroundColor="#1e88e5", shadowOpacity=0.9,
                                         shadowOffset=[12, 10], shadowRadius=6),
                                       L([0, 0, 50, 70], [130, 27], borderWidth=10, borderColor="#333",
                                         shadowOpacity=0.8, shadowRadius=7)], background="#fafafa")
    scene("shadow-scale1", [L([0, 0, 100, 70], [100, 75], backgroundColor="white", shadowOpacity=0.5,
                              shadowOffset=[0, 5], shadowRadius=5)], background="#eceff1", scale=1)
    scene("shadow-translucent-opacity", [L([0, 0, 100, 70], [100, 75], backgroundColor="white", opacity=0.6,
                                           shadowOpacity=0.8, shadowOffset=[5, 5], shadowRadius=4,
                                           sublayers=[L([0, 0, 40, 40], [90, 60], backgroundColor="#e53935")])],
          background="#90caf9")
    # --- masks
    star = "M 50 5 L 61 38 L 95 38 L 68 59 L 78 92 L 50 72 L 22 92 L 32 59 L 5 38 L 39 38 Z"
    scene("mask-shape-star", [L([0, 0, 100, 100], [100, 75], contents="images/photo.png",
                                mask={"type": "shape", "bounds": [0, 0, 100, 100], "position": [50, 50],
                                      "path": star})])
    scene("mask-gradient-fade", [L([0, 0, 140, 100], [100, 75], backgroundColor="#1e88e5",
                                   mask={"type": "gradient", "bounds": [0, 0, 140, 100], "position": [70, 50],
                                         "colors": ["black", "clear"], "startPoint": [0, 0.5],
                                         "endPoint": [1, 0.5]})], background="#fff59d")
    scene("mask-image-contents", [L([0, 0, 128, 96], [100, 75], contents="images/photo.png",
                                    mask={"bounds": [0, 0, 96, 96], "position": [64, 48],
                                          "contents": "images/star.png"})], background="#ddd")
    scene("mask-smaller-than-host", [L([0, 0, 140, 100], [100, 75], backgroundColor="#e53935",
                                       sublayers=[L([0, 0, 60, 60], [120, 80], backgroundColor="#1e88e5")],
                                       mask={"bounds": [0, 0, 80, 60], "position": [60, 40],
                                             "backgroundColor": "black", "cornerRadius": 12})],
          background="#fafafa")
    scene("mask-clips-shadow", [L([0, 0, 100, 70], [100, 70], backgroundColor="white", shadowOpacity=0.8,
                                  shadowOffset=[0, 8], shadowRadius=6,
                                  mask={"bounds": [0, 0, 140, 50], "position": [50, 75],
                                        "backgroundColor": "black"})], background="#b0bec5")
    scene("mask-and-masks-to-bounds", [L([0, 0, 120, 90], [100, 75], backgroundColor="#ddd", cornerRadius=20,
                                         masksToBounds=True, sublayers=[
                                             L([0, 0, 80, 80], [100, 70], backgroundColor="#8e24aa")],
                                         mask={"type": "shape", "bounds": [0, 0, 120, 90], "position": [40, 45],
                                               "path": {"ellipse": [0, 0, 120, 90]}})])
    scene("mask-covers-overflowing-contents", [L([0, 0, 120, 70], [100, 75], backgroundColor="#ffcc80",
                                                mask={"type": "shape", "bounds": [0, 0, 120, 70], "position": [60, 35],
                                                      "path": {"ellipse": [0, 0, 120, 70]}},
                                                sublayers=[L([0, 0, 50, 24], [85, 50], contents="images/sprite.png",
                                                             contentsGravity="topLeft")])])
    scene("mask-rotated", [L([0, 0, 120, 90], [100, 75], backgroundColor="#00897b",
                             mask={"bounds": [0, 0, 70, 70], "position": [60, 45], "backgroundColor": "black",
                                   "affineTransform": [{"rotate": {"degrees": 30}}]})])
    scene("mask-alpha-partial", [L([0, 0, 120, 90], [100, 75], backgroundColor="#e53935",
                                   mask={"bounds": [0, 0, 120, 90], "position": [60, 45],
                                         "backgroundColor": "#00000080",
                                         "sublayers": [L([0, 0, 40, 40], [60, 45], backgroundColor="black")]})])
    # --- opacity
    def button(**kw):
        return L([0, 0, 120, 50], [100, 75], backgroundColor="white", cornerRadius=10, sublayers=[
            L([0, 0, 100, 30], [60, 25], backgroundColor="#1e88e5")], **kw)
    scene("group-opacity-on", [button(opacity=0.5)], background="#ff7043")
    scene("group-opacity-off", [button(opacity=0.5, allowsGroupOpacity=False)], background="#ff7043")
    scene("group-opacity-canvas-off", [button(opacity=0.5)], background="#ff7043", allowsGroupOpacity=False)
    # Group opacity over a single sublayer that casts a shadow: the group
    # is one image, so the shadow stays hidden under the opaque sublayer.
    scene("group-opacity-child-shadow", [L([0, 0, 120, 80], [100, 75], opacity=0.5, sublayers=[
        L([0, 0, 80, 50], [60, 40], backgroundColor="#43a047", shadowOpacity=0.9, shadowOffset=[0, 4],
          shadowRadius=4)])])
    scene("opacity-nested-groups", [L([0, 0, 140, 100], [100, 75], backgroundColor="#1e88e5", opacity=0.7,
                                      sublayers=[L([0, 0, 80, 60], [60, 40], backgroundColor="#fdd835",
                                                   opacity=0.5, sublayers=[
                                                       L([0, 0, 40, 40], [60, 40], backgroundColor="#e53935")])])])
    scene("opacity-non-group-nested", [L([0, 0, 140, 100], [100, 75], backgroundColor="#1e88e5", opacity=0.7,
                                         allowsGroupOpacity=False, sublayers=[
                                             L([0, 0, 80, 60], [60, 40], backgroundColor="#fdd835",
                                               borderWidth=6, borderColor="#43a047",
                                               allowsGroupOpacity=False, opacity=0.5)])])
    scene("hidden-and-zero-opacity", [L([0, 0, 60, 60], [50, 75], backgroundColor="#e53935", hidden=True),
                                      L([0, 0, 60, 60], [100, 75], backgroundColor="#43a047", opacity=0),
                                      L([0, 0, 60, 60], [150, 75], backgroundColor="#1e88e5", sublayers=[
                                          L([0, 0, 30, 30], [30, 30], backgroundColor="white", hidden=True)])])
    # --- contents and gravity
    grav1 = ["resize", "resizeAspect", "resizeAspectFill"]
    scene("contents-gravity-scaling", [L([0, 0, 70, 100], [45 + 110 * i, 70], contents="images/photo.png",
                                         contentsGravity=g, backgroundColor="#ddd")
                                       for i, g in enumerate(grav1)], w=330, h=140)
    grav2 = ["topLeft", "top", "topRight", "left", "center", "right", "bottomLeft", "bottom", "bottomRight"]
    scene("contents-gravity-positions", [L([0, 0, 90, 70], [55 + 100 * (i % 3), 45 + 80 * (i // 3)],
                                           contents="images/icon.png", contentsGravity=g,
                                           backgroundColor="#e0e0e0") for i, g in enumerate(grav2)],
          w=310, h=250)
    scene("contents-scale", [L([0, 0, 80, 80], [50, 75], contents="images/icon.png", contentsGravity="center",
                               contentsScale=2, backgroundColor="#e0e0e0"),
                             L([0, 0, 80, 80], [150, 75], contents="images/icon.png", contentsGravity="center",
                               contentsScale=1, backgroundColor="#e0e0e0")])
    scene("contents-rect-sprite", [L([0, 0, 64, 64], [50 + 100 * i, 75], contents="images/sprite.png",
                                     contentsRect=[0.5 * (i % 2), 0.5 * (i // 2), 0.5, 0.5])
                                   for i in range(2)])
    scene("contents-center-nine-slice", [L([0, 0, 150, 90], [100, 75], contents="images/nine.png",
                                           contentsCenter=[1 / 3, 1 / 3, 1 / 3, 1 / 3])], scale=1)
    scene("contents-filter-nearest", [L([0, 0, 120, 80], [100, 75], contents="images/digits.png",
                                        magnificationFilter="nearest")], scale=1)
    scene("contents-filter-linear", [L([0, 0, 120, 80], [100, 75], contents="images/digits.png")], scale=1)
    # The LCD clock of chapter 4: one sprite sheet, a contentsRect per
    # digit, magnified with the nearest filter.
    scene("contents-rect-nearest-digits", [L([0, 0, 36, 48], [30 + 46 * i, 75], contents="images/digits.png",
                                             contentsRect=[i / 4, 0, 0.25, 1], magnificationFilter="nearest")
                                           for i in range(4)], scale=1)
    scene("contents-with-border-and-background", [L([0, 0, 100, 100], [100, 75], contents="images/icon.png",
                                                    backgroundColor="#c5e1a5", borderWidth=4,
                                                    borderColor="#33691e", cornerRadius=12)])
    # --- shape and gradient layers
    scene("shape-fill-stroke", [{"type": "shape", "bounds": [0, 0, 120, 100], "position": [100, 75],
                                 "path": "M 10 90 L 60 10 L 110 90 Z", "fillColor": "#fdd835",
                                 "strokeColor": "#e65100", "lineWidth": 6, "lineJoin": "round"}])
    scene("shape-dash-caps", [{"type": "shape", "bounds": [0, 0, 160, 100], "position": [100, 75],
                               "path": "M 10 20 L 150 20 M 10 50 L 150 50 M 10 80 Q 80 20 150 80",
                               "fillColor": None, "strokeColor": "#1565c0", "lineWidth": 8,
                               "lineCap": "round", "lineDashPattern": [20, 14], "lineDashPhase": 5}])
    scene("shape-even-odd", [{"type": "shape", "bounds": [0, 0, 120, 120], "position": [100, 75],
                              "path": "M 10 10 H 110 V 110 H 10 Z M 35 35 H 85 V 85 H 35 Z",
                              "fillRule": "evenOdd", "fillColor": "#6a1b9a"}])
    scene("shape-stroke-end", [{"type": "shape", "bounds": [0, 0, 120, 120], "position": [100, 75],
                                "path": {"ellipse": [10, 10, 100, 100]}, "fillColor": None,
                                "strokeColor": "#d81b60", "lineWidth": 10, "strokeEnd": 0.7}])
    scene("shape-arcs-curves", [{"type": "shape", "bounds": [0, 0, 160, 120], "position": [100, 75],
                                 "path": "M 20 100 A 40 40 0 0 1 100 100 C 110 40 150 40 150 100 S 180 10 120 10",
                                 "fillColor": "#80cbc4", "strokeColor": "#004d40", "lineWidth": 3,
                                 "lineJoin": "bevel"}])
    scene("gradient-axial", [{"type": "gradient", "bounds": [0, 0, 160, 100], "position": [100, 75],
                              "colors": ["#e53935", "#1e88e5"]}])
    scene("gradient-diagonal-locations", [{"type": "gradient", "bounds": [0, 0, 160, 100],
                                           "position": [100, 75], "colors": ["#fdd835", "#43a047", "#1e88e5"],
                                           "locations": [0, 0.3, 1], "startPoint": [0, 0],
                                           "endPoint": [1, 1], "cornerRadius": 16}])
    # The shape of StackOverflow 43176174's test: a wide layer and a
    # diagonal gradient, laid out in the unit square and stretched.
    scene("gradient-diagonal-wide", [{"type": "gradient", "bounds": [0, 0, 180, 40], "position": [100, 75],
                                      "colors": ["red", "#00ff00", "blue"], "locations": [0, 0.5, 1],
                                      "startPoint": [0, 1], "endPoint": [1, 0]}])
    scene("gradient-radial", [{"type": "gradient", "bounds": [0, 0, 120, 120], "position": [100, 75],
                               "gradientType": "radial", "colors": ["white", "#8e24aa"],
                               "startPoint": [0.5, 0.5], "endPoint": [1, 1]}])
    scene("gradient-conic", [{"type": "gradient", "bounds": [0, 0, 120, 120], "position": [100, 75],
                              "gradientType": "conic", "colors": ["#e53935", "#fdd835", "#1e88e5"],
                              "startPoint": [0.5, 0.5], "endPoint": [1, 0.5]}])
    scene("gradient-conic-wide", [{"type": "gradient", "bounds": [0, 0, 160, 80], "position": [100, 75],
                                   "gradientType": "conic", "colors": ["#e53935", "#fdd835", "#1e88e5", "#e53935"],
                                   "startPoint": [0.4, 0.5], "endPoint": [1, 1]}])
    scene("gradient-radial-off-centre", [{"type": "gradient", "bounds": [0, 0, 160, 90], "position": [100, 75],
                                          "gradientType": "radial", "colors": ["#fff59d", "#43a047", "#1a237e"],
                                          "locations": [0, 0.6, 1], "startPoint": [0.3, 0.4],
                                          "endPoint": [0.8, 0.9]}])
    # --- replicator layers: instanceTransform about the centre of the replicator (CAReplicatorLayer.h)
    scene("replicator-spinner", [{"type": "replicator", "bounds": [0, 0, 120, 120], "position": [100, 75],
                                  "instanceCount": 10, "instanceTransform": [{"rotate": {"degrees": 36}}],
                                  "sublayers": [L([0, 0, 12, 12], [60, 12], backgroundColor="#1e88e5",
                                                  cornerRadius=6)]}])
    scene("replicator-row-offset-bounds", [{"type": "replicator", "bounds": [-20, -10, 160, 60],
                                            "position": [100, 75], "instanceCount": 4,
                                            "instanceTransform": [{"translate": [36, 0]}, {"scale": [0.9, 0.9]}],
                                            "sublayers": [L([0, 0, 30, 30], [0, 20], backgroundColor="#e53935")]}])
    # --- chapter 5: affine transforms
    scene("affine-rotate-45", [L([0, 0, 80, 80], [100, 75], backgroundColor="#1e88e5",
                                 affineTransform=[{"rotate": {"degrees": 45}}])])
    scene("affine-scale-rotate-translate", [L([0, 0, 60, 40], [100, 75], backgroundColor="#e53935",
                                              affineTransform=[{"scale": [0.5, 0.5]},
                                                               {"rotate": {"degrees": 30}},
                                                               {"translate": [200, 0]}])], w=240, h=200)
    scene("affine-shear", [L([0, 0, 80, 80], [100, 75], backgroundColor="#43a047",
                             affineTransform=[1, 0, -1, 1, 0, 0])])
    scene("affine-rotate-antialiased", [L([0, 0, 80, 80], [100, 75], backgroundColor="#1e88e5",
                                          affineTransform=[{"rotate": {"degrees": 20}}])],
          allowsEdgeAntialiasing=True)
    scene("affine-rotated-card", [L([0, 0, 110, 70], [100, 75], backgroundColor="white", cornerRadius=12,
                                    borderWidth=3, borderColor="#1565c0", masksToBounds=True,
                                    affineTransform=[{"rotate": {"degrees": -15}}], sublayers=[
                                        L([0, 0, 50, 50], [100, 60], backgroundColor="#ef6c00")])],
          background="#eceff1")
    scene("anchor-point-rotate", [L([0, 0, 80, 50], [100, 75], anchorPoint=[0, 0], backgroundColor="#8e24aa",
                                    affineTransform=[{"rotate": {"degrees": 30}}]),
                                  L([0, 0, 20, 20], [100, 75], backgroundColor="black")])
    scene("bounds-origin-scroll", [L([40, 25, 120, 80], [100, 75], backgroundColor="#ddd", sublayers=[
        L([0, 0, 50, 50], [60, 45], backgroundColor="#e53935"),
        L([0, 0, 30, 30], [150, 95], backgroundColor="#1e88e5")])])
    scene("sublayer-transform-scale", [L([0, 0, 200, 200], [100, 100], backgroundColor="#eee",
                                         sublayerTransform=[{"scale": [2, 2, 1]}], sublayers=[
                                             L([0, 0, 50, 50], [100, 50], backgroundColor="#e53935",
                                               transform=[{"translate": [5, 6, 0]}])])], h=200)
    scene("frame-and-zposition-order", [
        {"frame": [30, 30, 90, 70], "backgroundColor": "#e53935", "zPosition": 1},
        {"frame": [80, 50, 90, 70], "backgroundColor": "#1e88e5"},
        {"frame": [55, 80, 90, 50], "backgroundColor": "#43a047", "zPosition": -1}])
    # --- chapter 5: 3D
    scene("3d-rotate-y-orthographic", [L([0, 0, 100, 100], [100, 75], backgroundColor="#1e88e5",
                                         transform=[rot(45, (0, 1, 0))])])
    scene("3d-rotate-y-perspective", [L([0, 0, 100, 100], [100, 75], backgroundColor="#1e88e5",
                                        transform=[{"perspective": 500}, rot(45, (0, 1, 0))])])
    scene("3d-rotate-x-perspective-contents", [L([0, 0, 128, 96], [100, 75], contents="images/photo.png",
                                                 transform=[{"perspective": 300}, rot(40, (1, 0, 0))])])
    scene("3d-shared-vanishing-point", [L([0, 0, 300, 150], [150, 75], sublayerTransform=[{"perspective": 500}],
                                          sublayers=[
                                              L([0, 0, 100, 100], [75, 75], backgroundColor="#e53935",
                                                transform=[rot(45, (0, 1, 0))]),
                                              L([0, 0, 100, 100], [225, 75], backgroundColor="#1e88e5",
                                                transform=[rot(-45, (0, 1, 0))])])], w=300)
    scene("3d-back-face-mirrored", [L([0, 0, 128, 96], [100, 75], contents="images/photo.png",
                                      transform=[rot(180, (0, 1, 0))])])
    scene("3d-double-sided-false", [L([0, 0, 80, 80], [50, 75], backgroundColor="#e53935", doubleSided=False,
                                      transform=[{"perspective": 400}, rot(160, (0, 1, 0))]),
                                    L([0, 0, 80, 80], [150, 75], backgroundColor="#1e88e5", doubleSided=False,
                                      transform=[{"perspective": 400}, rot(20, (0, 1, 0))])])
    scene("3d-nested-flattening", [L([0, 0, 120, 120], [100, 75], backgroundColor="#90caf9",
                                     transform=[{"perspective": 500}, rot(45, (0, 1, 0))], sublayers=[
                                         L([0, 0, 80, 80], [60, 60], backgroundColor="#e53935",
                                           transform=[{"perspective": 500}, rot(-45, (0, 1, 0))])])])
    scene("3d-nested-flattening-sublayer", [L([0, 0, 160, 130], [100, 75], backgroundColor="#eee",
                                              sublayerTransform=[{"perspective": 400}], sublayers=[
                                                  L([0, 0, 100, 100], [80, 65], backgroundColor="#90caf9",
                                                    transform=[rot(50, (1, 0, 0))], sublayers=[
                                                        L([0, 0, 50, 50], [50, 50], backgroundColor="#e53935",
                                                          transform=[{"translate": [0, 0, 60]},
                                                                     rot(30, (0, 1, 0))])])])])
    scene("3d-cube", [L([0, 0, 200, 200], [100, 100], sublayerTransform=[
        {"perspective": 500}, rot(-45, (1, 0, 0)), rot(-45, (0, 1, 0))], sublayers=cube_faces())],
        w=200, h=200)
    # In the manner of figure 5.22: each face darkened by a black overlay
    # sublayer (the listing derives the alphas from the face normals; these
    # are fixed values, what matters here is the overlay in the 3D context).
    def lit(i, f_):
        shade = [0.0, 0.277, 0.553, 0.0, 0.277, 0.0][i]
        return dict(f_, sublayers=[L([0, 0, 100, 100], [50, 50], backgroundColor={"white": 0, "alpha": shade})])
    scene("3d-cube-lit", [L([0, 0, 200, 200], [100, 100], sublayerTransform=[
        {"perspective": 500}, rot(-45, (1, 0, 0)), rot(-45, (0, 1, 0))],
        sublayers=[lit(i, f_) for i, f_ in enumerate(cube_faces())])], w=200, h=200)
    scene("3d-cube-double-sided-false", [L([0, 0, 200, 200], [100, 100], sublayerTransform=[
        {"perspective": 500}, rot(30, (1, 0, 0)), rot(200, (0, 1, 0))],
        sublayers=[dict(f_, doubleSided=False, opacity=0.8) for f_ in cube_faces()])], w=200, h=200)
    scene("3d-transform-layer-cube", [L([0, 0, 200, 200], [100, 100], sublayerTransform=[{"perspective": 500}],
                                        sublayers=[{"type": "transform", "bounds": [0, 0, 0, 0],
                                                    "position": [100, 100],
                                                    "transform": [rot(30, (1, 0, 0)), rot(-35, (0, 1, 0))],
                                                    "sublayers": [dict(f_, position=[0, 0])
                                                                  for f_ in cube_faces()]}])], w=200, h=200)
    scene("3d-transform-layer-opacity", [L([0, 0, 200, 150], [100, 75], sublayerTransform=[{"perspective": 400}],
                                           sublayers=[{"type": "transform", "bounds": [0, 0, 100, 100],
                                                       "position": [100, 75], "opacity": 0.6,
                                                       "backgroundColor": "black",
                                                       "transform": [rot(30, (0, 1, 0))], "sublayers": [
                                                           L([0, 0, 80, 80], [40, 50], backgroundColor="#e53935"),
                                                           L([0, 0, 80, 80], [60, 50], backgroundColor="#1e88e5",
                                                             zPosition=20)]}])])
    scene("3d-intersecting-planes", [L([0, 0, 200, 150], [100, 75], sublayerTransform=[
        {"perspective": 500}, rot(-20, (1, 0, 0))], sublayers=[
        L([0, 0, 120, 80], [100, 75], backgroundColor="#e53935", transform=[rot(35, (0, 1, 0))]),
        L([0, 0, 120, 80], [100, 75], backgroundColor="#1e88e5", transform=[rot(-35, (0, 1, 0))])])])
    scene("3d-zposition-depth", [L([0, 0, 200, 150], [100, 75], sublayerTransform=[{"perspective": 300}],
                                   sublayers=[
                                       L([0, 0, 70, 70], [70, 75], backgroundColor="#e53935", zPosition=60),
                                       L([0, 0, 70, 70], [110, 75], backgroundColor="#1e88e5", zPosition=0),
                                       L([0, 0, 70, 70], [150, 75], backgroundColor="#43a047", zPosition=-80)])])
    scene("3d-perspective-in-transform-vs-zposition", [
        L([0, 0, 60, 60], [60, 75], backgroundColor="#e53935", zPosition=100,
          transform=[{"perspective": 300}, rot(30, (0, 1, 0))]),
        L([0, 0, 60, 60], [140, 75], backgroundColor="#1e88e5",
          transform=[{"perspective": 300}, rot(30, (0, 1, 0))])])
    scene("3d-anchor-point-z", [L([0, 0, 200, 150], [100, 75], sublayerTransform=[{"perspective": 400}],
                                  sublayers=[L([0, 0, 80, 80], [100, 75], backgroundColor="#8e24aa",
                                               anchorPointZ=-60, transform=[rot(40, (0, 1, 0))])])])
    scene("3d-sublayer-transform-on-layer-with-bounds-origin", [
        L([20, 10, 180, 130], [100, 75], backgroundColor="#eceff1",
          sublayerTransform=[{"perspective": 300}, rot(35, (1, 0, 0))], sublayers=[
              L([0, 0, 80, 60], [110, 75], backgroundColor="#00897b")])])
    scene("3d-shadow", [L([0, 0, 100, 70], [100, 75], backgroundColor="white", cornerRadius=10,
                          shadowOpacity=0.6, shadowOffset=[0, 6], shadowRadius=5,
                          transform=[{"perspective": 400}, rot(35, (0, 1, 0))])], background="#cfd8dc")
    scene("3d-shadow-strong-perspective", [L([0, 0, 110, 80], [100, 75], backgroundColor="white",
                                             shadowOpacity=0.9, shadowOffset=[0, 0], shadowRadius=8,
                                             transform=[{"perspective": 250}, rot(62, (0, 1, 0))])],
          background="#cfd8dc")
    scene("3d-mask", [L([0, 0, 120, 90], [100, 75], contents="images/photo.png",
                        transform=[{"perspective": 300}, rot(-35, (1, 0, 0))],
                        mask={"type": "shape", "bounds": [0, 0, 120, 90], "position": [60, 45],
                              "path": {"roundedRect": [0, 0, 120, 90], "cornerRadius": 30}})])
    scene("3d-group-opacity", [L([0, 0, 120, 90], [100, 75], backgroundColor="#1e88e5", opacity=0.5,
                                 transform=[{"perspective": 400}, rot(40, (0, 1, 0))], sublayers=[
                                     L([0, 0, 60, 60], [60, 45], backgroundColor="#fdd835")])],
          background="#e53935")
    scene("3d-masks-to-bounds-rotated-child", [L([0, 0, 140, 100], [100, 75], backgroundColor="#eee",
                                                 cornerRadius=16, masksToBounds=True,
                                                 sublayerTransform=[{"perspective": 300}], sublayers=[
                                                     L([0, 0, 120, 60], [70, 50], backgroundColor="#e53935",
                                                       transform=[rot(60, (0, 1, 0))])])])
    scene("3d-scale3-canvas", [L([0, 0, 80, 60], [60, 50], backgroundColor="#1e88e5", cornerRadius=8,
                                 transform=[{"perspective": 300}, rot(30, (1, 1, 0))])], w=120, h=100, scale=3)
    # A flat layer whose plane is cut by a 3D sibling's plane (the sibling's
    # plane meets z = 0 along the vertical line x = 60), so a depth sort
    # with plane splitting cuts it in two: what it draws outside its bounds
    # (shadow, contents, sublayers) must survive the cut. Found by the
    # random scenes.
    tilted = L([0, 0, 24, 24], [60, 30], backgroundColor="#1e88e5",
               transform=[{"perspective": 400}, rot(60, (0, 1, 0))])
    scene("3d-split-shadow", [tilted, L([0, 0, 50, 40], [60, 100], backgroundColor="white", shadowOpacity=0.8,
                                         shadowOffset=[0, 4], shadowRadius=6)], background="#eceff1")
    scene("3d-split-shadow-path", [tilted, L([0, 0, 50, 40], [60, 100], shadowOpacity=0.8, shadowOffset=[0, 0],
                                              shadowRadius=4, shadowPath={"rect": [-10, -10, 70, 60]})],
          background="#eceff1")
    scene("3d-split-contents-overflow", [tilted, L([0, 0, 30, 26], [60, 100], backgroundColor="#ccc",
                                                   contents="images/sprite.png", contentsGravity="center")])
    scene("3d-split-sublayer-overflow", [tilted, L([0, 0, 40, 30], [60, 100], backgroundColor="#ccc",
                                                   sublayers=[L([0, 0, 30, 30], [50, 35],
                                                                backgroundColor="#e53935")])])
    # Minimized from random scenes (seed in the name's comment) on which our
    # renderer and Chromium disagreed; see README "renderer bugs".
    SCENES['3d-found-shadow'] = {"canvas": {"width": 121.0, "height": 111.0, "scale": 2, "background": "white"}, "layers": [{"bounds": [0, 0, 31.0, 71.0], "position": [72.0, 31.0], "borderWidth": 5.0, "shadowOpacity": 0.8, "shadowRadius": 7.0}, {"bounds": [0, 0, 37.0, 23.0], "position": [49.0, 44.0], "transform": [{"perspective": 460}, {"rotate": {"degrees": 64.0, "axis": [1, 1, 0]}}]}]}  # seed 31
    SCENES['3d-found-shadow-path'] = {"canvas": {"width": 231.0, "height": 118.0, "scale": 2, "background": "#f0f0f0"}, "layers": [{"bounds": [0, 0, 133.0, 41.0], "position": [111.0, 25.0], "transform": [{"perspective": 380}, {"rotate": {"degrees": 66.0, "axis": [0, 1, 0]}}]}, {"bounds": [0, 0, 138.0, 65.0], "position": [162.0, 77.0], "shadowOpacity": 1.0, "shadowRadius": 7.0, "shadowPath": {"rect": [0, 0, 138.0, 65.0]}}]}  # seed 119
    SCENES['3d-found-contents-center'] = {"canvas": {"width": 191.0, "height": 104.0, "scale": 1, "background": "#263238"}, "layers": [{"bounds": [0, 0, 106.0, 74.0], "position": [65.0, 55.0], "sublayers": [{"bounds": [0, 0, 26.0, 34.0], "position": [39.0, 53.0], "transform": [{"perspective": 400}, {"rotate": {"degrees": -69.0, "axis": [1, 0, 0]}}]}, {"bounds": [0, 0, 30.0, 26.0], "position": [34.0, 43.0], "contents": "images/sprite.png", "contentsGravity": "center"}]}]}  # seed 195
    SCENES['3d-found-contents-top-left'] = {"canvas": {"width": 128.0, "height": 143.0, "scale": 1, "background": "white"}, "layers": [{"bounds": [0, 0, 35.0, 67.0], "position": [96.0, 90.0], "sublayers": [{"bounds": [0, 0, 25.0, 44.0], "position": [19.0, 52.0], "transform": [{"perspective": 740}, {"rotate": {"degrees": -55.0, "axis": [1, 1, 0]}}]}, {"bounds": [0, 0, 25.0, 34.0], "position": [9.0, 33.0], "contents": "images/photo.png", "contentsGravity": "topLeft"}]}]}  # seed 66
    SCENES['3d-found-sublayer-overflow'] = {"canvas": {"width": 209.0, "height": 194.0, "scale": 1, "background": "#263238"}, "layers": [{"bounds": [0, 0, 72, 68], "position": [63.0, 114.0], "transform": [{"perspective": 800}, {"rotate": {"degrees": -49.0, "axis": [1, 1, 0]}}]}, {"bounds": [0, 0, 136, 96], "position": [101.0, 74.0], "type": "gradient", "sublayers": [{"bounds": [0, 0, 48, 60], "position": [77.0, 43.0], "backgroundColor": "#bbdb3d", "anchorPoint": [0, 1]}]}]}  # seed 68
    # --- combinations
    scene("combo-transform-layer-cube-culled", [L([0, 0, 200, 200], [100, 100], sublayerTransform=[{"perspective": 500}],
                                                 sublayers=[{"type": "transform", "bounds": [0, 0, 0, 0],
                                                             "position": [100, 100],
                                                             "transform": [rot(25, (1, 0, 0)), rot(40, (0, 1, 0))],
                                                             "sublayers": [dict(f_, position=[0, 0], doubleSided=False,
                                                                                opacity=0.75)
                                                                           for f_ in cube_faces()]}])], w=200, h=200)
    scene("combo-cube-container-group-opacity", [L([0, 0, 200, 200], [100, 100], opacity=0.6, sublayerTransform=[
        {"perspective": 500}, rot(-30, (1, 0, 0)), rot(-30, (0, 1, 0))], sublayers=cube_faces())],
        w=200, h=200, background="#fff59d")
    scene("combo-masks-to-bounds-3d-children", [L([0, 0, 140, 100], [100, 75], backgroundColor="#eceff1",
                                                  cornerRadius=20, masksToBounds=True,
                                                  sublayerTransform=[{"perspective": 300}], sublayers=[
                                                      L([0, 0, 100, 100], [70, 50], backgroundColor="#e53935",
                                                        transform=[rot(50, (1, 0, 0))]),
                                                      L([0, 0, 60, 60], [70, 50], backgroundColor="#1e88e5",
                                                        zPosition=30)])])
    scene("combo-shadow-of-flattened-3d", [L([0, 0, 120, 100], [100, 75], shadowOpacity=0.7, shadowOffset=[6, 8],
                                             shadowRadius=5, sublayerTransform=[{"perspective": 400}], sublayers=[
                                                 L([0, 0, 80, 80], [60, 50], backgroundColor="#43a047",
                                                   transform=[rot(45, (0, 1, 0))])])], background="#fafafa")
    scene("combo-mask-over-3d-children", [L([0, 0, 140, 110], [100, 75], backgroundColor="#fff",
                                            sublayerTransform=[{"perspective": 400}],
                                            mask={"type": "shape", "bounds": [0, 0, 140, 110], "position": [70, 55],
                                                  "path": {"ellipse": [0, 0, 140, 110]}},
                                            sublayers=[L([0, 0, 100, 80], [70, 55], backgroundColor="#8e24aa",
                                                         transform=[rot(-40, (1, 1, 0))])])])
    scene("combo-anchor-outside-unit", [L([0, 0, 60, 40], [100, 75], anchorPoint=[-0.5, 1.5],
                                          backgroundColor="#ff7043", affineTransform=[{"rotate": {"degrees": 25}}]),
                                        L([0, 0, 6, 6], [100, 75], backgroundColor="black")])
    scene("combo-shape-shadow-gradient-mask", [
        {"type": "shape", "bounds": [0, 0, 100, 100], "position": [60, 75], "path": star, "fillColor": "#fdd835",
         "strokeColor": "#f57f17", "lineWidth": 3, "shadowOpacity": 0.6, "shadowOffset": [3, 5], "shadowRadius": 3},
        {"type": "gradient", "bounds": [0, 0, 80, 100], "position": [150, 75], "colors": ["#1e88e5", "#e53935"],
         "cornerRadius": 14, "masksToBounds": True, "borderWidth": 3, "borderColor": "#263238",
         "mask": {"type": "gradient", "bounds": [0, 0, 80, 100], "position": [40, 50],
                  "colors": ["black", "#00000033"], "startPoint": [0, 0], "endPoint": [1, 1]}}])
    scene("combo-zposition-in-transform-layer", [L([0, 0, 200, 150], [100, 75], sublayerTransform=[{"perspective": 400}],
                                                  sublayers=[{"type": "transform", "bounds": [0, 0, 0, 0],
                                                              "position": [100, 75],
                                                              "transform": [rot(35, (0, 1, 0))], "sublayers": [
                                                                  L([0, 0, 70, 70], [-20, 0], backgroundColor="#e53935",
                                                                    zPosition=40),
                                                                  L([0, 0, 70, 70], [20, 0], backgroundColor="#1e88e5"),
                                                                  L([0, 0, 70, 70], [0, 20], backgroundColor="#43a047",
                                                                    zPosition=-40)]}])])
    SCENES['3d-found-shadow-behind'] = {'canvas': {'width': 174.0, 'height': 123.0, 'scale': 2, 'background': '#263238', 'allowsEdgeAntialiasing': True}, 'layers': [{'bounds': [0, 0, 52, 32], 'position': [68.0, 68.0], 'backgroundColor': '#bfcf0c', 'anchorPoint': [0, 0], 'transform': [{'perspective': 530}, {'rotate': {'degrees': 61.0, 'axis': [1, 0, 0]}}], 'shadowOpacity': 0.7}, {'bounds': [0, 0, 88, 56], 'position': [54.0, 63.0], 'backgroundColor': '#f6c0db'}]}  # seed 182
    scene("combo-card-stack", [
        L([0, 0, 150, 90], [100 + 6 * i, 75 - 8 * i], backgroundColor=["#ffffff", "#fff8e1", "#e3f2fd"][i],
          cornerRadius=14, borderWidth=1, borderColor="#90a4ae", shadowOpacity=0.35, shadowOffset=[0, 3],
          shadowRadius=4, affineTransform=[{"rotate": {"degrees": -6 + 6 * i}}], sublayers=[
              L([0, 0, 36, 36], [30, 30], backgroundColor="#42a5f5", cornerRadius=18),
              L([0, 0, 80, 10], [100, 24], backgroundColor="#b0bec5"),
              L([0, 0, 60, 10], [90, 44], backgroundColor="#cfd8dc")]) for i in range(3)],
        background="#eceff1", w=240, h=180)
    # --- compositingFilter: CSS mix-blend-mode draws the same blends (docs/semantics.md §10).
    # A full-canvas backdrop layer first: the page's background is outside the root's stacking
    # context in CSS, while the canvas background is in the same surface as the layers here.
    def backdrop():
        return [L([0, 0, 200, 150], [100, 75], backgroundColor="#4fc3f7"),
                L([0, 0, 200, 50], [100, 25], backgroundColor="#ffca28"),
                L([0, 0, 60, 150], [170, 75], backgroundColor="#7e57c2")]

    def strip(i, name):
        return L([0, 0, 44, 130], [26 + 49 * i, 75], backgroundColor=["#e53935", "#43a047", "#1e88e5", "#bdbdbd"][i],
                 compositingFilter=name, cornerRadius=8)
    scene("blend-separable", backdrop() + [strip(i, n) for i, n in enumerate(
        ["multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode"])])
    scene("blend-separable-2", backdrop() + [strip(i, n) for i, n in enumerate(
        ["lightenBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode"])])
    scene("blend-separable-3", backdrop() + [strip(i, n) for i, n in enumerate(
        ["hardLightBlendMode", "differenceBlendMode", "exclusionBlendMode", "CIAdditionCompositing"])])
    scene("blend-non-separable", backdrop() + [strip(i, n) for i, n in enumerate(
        ["hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode"])])
    # The filtered layer's subtree is one image; a translucent filtered layer; a filtered layer
    # inside an opacity group blends with the group's content only.
    scene("blend-subtree-and-group", backdrop() + [
        L([0, 0, 80, 80], [50, 60], backgroundColor="#ef5350", compositingFilter="multiplyBlendMode", sublayers=[
            L([0, 0, 40, 40], [60, 60], backgroundColor="#66bb6a", cornerRadius=20)]),
        L([0, 0, 70, 70], [120, 90], backgroundColor="#ab47bc", opacity=0.6, compositingFilter="screenBlendMode"),
        L([0, 0, 60, 60], [165, 110], opacity=0.8, sublayers=[
            L([0, 0, 60, 30], [30, 15], backgroundColor="#fff176"),
            L([0, 0, 40, 40], [30, 35], backgroundColor="#26a69a", compositingFilter="differenceBlendMode")])])


def main():
    make_images()
    build()
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        if name.endswith(".json"):
            os.unlink(os.path.join(OUT, name))
    for name, d in SCENES.items():
        with open(os.path.join(OUT, name + ".json"), "w") as fh:
            json.dump(d, fh, indent=1)
            fh.write("\n")
    print("%d scenes" % len(SCENES))


if __name__ == "__main__":
    main()
