"""Parse and validate a docs/scene-format.md scene file into a tree of Layer objects,
and compute the Core Animation geometry (pure Python, no graphics library).

Began as the benchmark peers' scene model
(Benchmarks/peers imports this file); extended with the
docs/scene-format.md keys the benchmark did not need (canvas edge-antialiasing and
group-opacity defaults, cornerCurve, edge antialiasing, geometryFlipped,
minificationFilterBias). Conventions:

* Matrices are 4x4, row-major lists of 16 floats, for *column* vectors
  (p' = M @ p). A CATransform3D given as 16 numbers in CA field order
  (m11, m12, …, m44, row-vector convention) is the transpose of that.
* A transform step list builds t from the identity as successive CA calls:
  t = CATransform3DTranslate(t, …) = Concat(Translation, t), i.e. in
  column form t = t @ step. The same holds for rotate, scale, perspective
  and matrix steps (docs/scene-format.md).
* A layer's local matrix (its bounds space -> its superlayer's bounds space):

    L = Tr(A_p) @ S_p @ Tr(-A_p) @ Tr(position, zPosition) @ T @ Tr(-A)

  where A = bounds.origin + anchorPoint * bounds.size (and anchorPointZ),
  S_p / A_p the superlayer's sublayerTransform / anchor (identity for the
  mask, which is not affected by the owner's sublayerTransform).
* Flattening: every CALayer (not CATransformLayer) renders its sublayers
  into its own plane. Composing projective maps of planes with z dropped in
  between is the same as composing the 3x3 (x, y, w) parts, i.e. replacing
  row 2 (the z output) of L with (0, 0, 1, 0). flat(L) does that.
"""
import base64
import json
import math
import os
import re
import sys


class SceneError(Exception):
    """Invalid scene; str() is the one-line message of the scene format's Errors."""


# ---------------------------------------------------------------- matrices
IDENT = (1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)


def mmul(a, b):
    r = [0.0] * 16
    for i in range(4):
        a0, a1, a2, a3 = a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3]
        for j in range(4):
            r[4 * i + j] = a0 * b[j] + a1 * b[4 + j] + a2 * b[8 + j] + a3 * b[12 + j]
    return tuple(r)


def mchain(*ms):
    r = IDENT
    for m in ms:
        r = mmul(r, m)
    return r


def translate(tx, ty, tz=0.0):
    return (1.0, 0.0, 0.0, tx, 0.0, 1.0, 0.0, ty, 0.0, 0.0, 1.0, tz, 0.0, 0.0, 0.0, 1.0)


def scale(sx, sy, sz=1.0):
    return (sx, 0.0, 0.0, 0.0, 0.0, sy, 0.0, 0.0, 0.0, 0.0, sz, 0.0, 0.0, 0.0, 0.0, 1.0)


def rotate(angle, x, y, z):
    """CATransform3DMakeRotation(angle, x, y, z) in column form (Rodrigues)."""
    n = math.sqrt(x * x + y * y + z * z)
    if n == 0:
        return IDENT
    x, y, z = x / n, y / n, z / n
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return (t * x * x + c, t * x * y - s * z, t * x * z + s * y, 0.0,
            t * x * y + s * z, t * y * y + c, t * y * z - s * x, 0.0,
            t * x * z - s * y, t * y * z + s * x, t * z * z + c, 0.0,
            0.0, 0.0, 0.0, 1.0)


def perspective(d):
    return (1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, -1.0 / d, 1.0)


def from_ca(m):
    """16 numbers in CATransform3D field order -> column-form matrix."""
    return tuple(float(m[4 * j + i]) for i in range(4) for j in range(4))


def flat(m):
    return m[0:8] + (0.0, 0.0, 1.0, 0.0) + m[12:16]


def is_identity(m):
    return all(abs(a - b) < 1e-12 for a, b in zip(m, IDENT))


def is_translation(m):
    """True when m maps the plane by a pure 2D translation."""
    return (abs(m[0] - 1) < 1e-12 and abs(m[1]) < 1e-12 and abs(m[4]) < 1e-12
            and abs(m[5] - 1) < 1e-12 and abs(m[12]) < 1e-12 and abs(m[13]) < 1e-12
            and abs(m[15] - 1) < 1e-12)


def is_affine2d(m):
    """The 3x3 (x, y, w) part has no perspective row."""
    return abs(m[12]) < 1e-12 and abs(m[13]) < 1e-12 and abs(m[15] - 1) < 1e-12


def m33(m):
    """(x, y, w) part: [a b c; d e f; g h i] row-major, for 2D drawing."""
    return (m[0], m[1], m[3], m[4], m[5], m[7], m[12], m[13], m[15])


def map_point(m, x, y, z=0.0):
    """Apply a 4x4 to (x,y,z,1); returns (X, Y, Z, W)."""
    return (m[0] * x + m[1] * y + m[2] * z + m[3],
            m[4] * x + m[5] * y + m[6] * z + m[7],
            m[8] * x + m[9] * y + m[10] * z + m[11],
            m[12] * x + m[13] * y + m[14] * z + m[15])


def map_rect_bounds(m, rect):
    """Bounding box of a rect mapped through the plane projection of m, or
    None if a corner is at or behind the eye (w <= 0)."""
    x, y, w, h = rect
    xs, ys = [], []
    for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h)):
        X, Y, _, Wc = map_point(m, px, py)
        if Wc <= 1e-9:
            return None
        xs.append(X / Wc)
        ys.append(Y / Wc)
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def front_facing(m, rect):
    """Orientation of the projected plane at the rect centre: the Jacobian
    determinant of a projective map H at p is det(H) / w(p)^3."""
    a, b, c, d, e, f, g, h, i = m33(m)
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
    w = g * cx + h * cy + i
    return det * w > 0


def rect_union(a, b):
    if a is None:
        return b
    if b is None:
        return a
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return (x0, y0, x1 - x0, y1 - y0)


def rect_intersect(a, b):
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return (x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def rect_outset(r, d):
    return (r[0] - d, r[1] - d, r[2] + 2 * d, r[3] + 2 * d)


# ---------------------------------------------------------------- colours
NAMED = {
    "black": (0, 0, 0, 1), "darkGray": (1 / 3, 1 / 3, 1 / 3, 1), "lightGray": (2 / 3, 2 / 3, 2 / 3, 1),
    "white": (1, 1, 1, 1), "gray": (0.5, 0.5, 0.5, 1), "red": (1, 0, 0, 1), "green": (0, 1, 0, 1),
    "blue": (0, 0, 1, 1), "cyan": (0, 1, 1, 1), "yellow": (1, 1, 0, 1), "magenta": (1, 0, 1, 1),
    "orange": (1, 0.5, 0, 1), "purple": (0.5, 0, 0.5, 1), "brown": (0.6, 0.4, 0.2, 1),
    "clear": (0, 0, 0, 0),
}


def clamp01(v):
    return 0.0 if v < 0 else 1.0 if v > 1 else float(v)


# ---------------------------------------------------------------- paths
# A path is one of ("rect", x, y, w, h), ("ellipse", x, y, w, h),
# ("rrect", x, y, w, h, r) or ("ops", [ops]) with absolute ops
# ("M", x, y) ("L", x, y) ("C", x1, y1, x2, y2, x, y) ("Q", x1, y1, x, y) ("Z",).
# Elliptical arcs are converted to cubics.
_TOK = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _arc_to_cubics(x1, y1, rx, ry, phi, large, sweep, x2, y2):
    """SVG endpoint arc -> list of cubic ops (SVG 1.1 appendix F.6)."""
    if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
        return [("L", x2, y2)]
    rx, ry = abs(rx), abs(ry)
    cp, sp = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cp * dx + sp * dy, -sp * dx + cp * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    co = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        co = -co
    cxp, cyp = co * rx * y1p / ry, -co * ry * x1p / rx
    cx = cp * cxp - sp * cyp + (x1 + x2) / 2
    cy = sp * cxp + cp * cyp + (y1 + y2) / 2

    def ang(ux, uy, vx, vy):
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = ang(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = ang((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, int(math.ceil(abs(dt) / (math.pi / 2) - 1e-9)))
    d = dt / n
    k = 4 / 3 * math.tan(d / 4)
    ops = []
    t = t1
    for _ in range(n):
        c1, s1 = math.cos(t), math.sin(t)
        c2, s2 = math.cos(t + d), math.sin(t + d)
        p = [(c1 - k * s1, s1 + k * c1), (c2 + k * s2, s2 - k * c2), (c2, s2)]
        pts = []
        for ex, ey in p:
            ex, ey = ex * rx, ey * ry
            pts += [cp * ex - sp * ey + cx, sp * ex + cp * ey + cy]
        ops.append(("C",) + tuple(pts))
        t += d
    return ops


def parse_svg_path(d, where):
    toks = _TOK.findall(d)
    if re.sub(r"[\s,]", "", d) != "".join(toks):
        raise SceneError("%s: invalid SVG path data" % where)
    ops = []
    i = 0
    cmd = None
    cx = cy = sx = sy = 0.0
    lastc = None   # last control point for S/T reflection
    lastcmd = None

    def num():
        nonlocal i
        if i >= len(toks) or toks[i].isalpha():
            raise SceneError("%s: SVG path: expected a number" % where)
        v = float(toks[i])
        i += 1
        return v

    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]
            i += 1
        elif cmd is None:
            raise SceneError("%s: SVG path must start with a command" % where)
        rel = cmd.islower()
        C = cmd.upper()
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        if C == "Z":
            ops.append(("Z",))
            cx, cy = sx, sy
            lastc = None
            lastcmd = "Z"
            continue
        if C == "M":
            cx, cy = ox + num(), oy + num()
            sx, sy = cx, cy
            ops.append(("M", cx, cy))
            cmd = "l" if rel else "L"
            lastc = None
        elif C == "L":
            cx, cy = ox + num(), oy + num()
            ops.append(("L", cx, cy))
            lastc = None
        elif C == "H":
            cx = ox + num()
            ops.append(("L", cx, cy))
            lastc = None
        elif C == "V":
            cy = (cy if rel else 0.0) + num()
            ops.append(("L", cx, cy))
            lastc = None
        elif C == "C":
            x1, y1, x2, y2 = ox + num(), oy + num(), ox + num(), oy + num()
            cx, cy = ox + num(), oy + num()
            ops.append(("C", x1, y1, x2, y2, cx, cy))
            lastc = ("C", x2, y2)
        elif C == "S":
            if lastc and lastc[0] == "C":
                x1, y1 = 2 * cx - lastc[1], 2 * cy - lastc[2]
            else:
                x1, y1 = cx, cy
            x2, y2 = ox + num(), oy + num()
            cx, cy = ox + num(), oy + num()
            ops.append(("C", x1, y1, x2, y2, cx, cy))
            lastc = ("C", x2, y2)
        elif C == "Q":
            x1, y1 = ox + num(), oy + num()
            cx, cy = ox + num(), oy + num()
            ops.append(("Q", x1, y1, cx, cy))
            lastc = ("Q", x1, y1)
        elif C == "T":
            if lastc and lastc[0] == "Q":
                x1, y1 = 2 * cx - lastc[1], 2 * cy - lastc[2]
            else:
                x1, y1 = cx, cy
            cx, cy = ox + num(), oy + num()
            ops.append(("Q", x1, y1, cx, cy))
            lastc = ("Q", x1, y1)
        elif C == "A":
            rx, ry, phi = num(), num(), num()
            large, sweep = num() != 0, num() != 0
            x2, y2 = ox + num(), oy + num()
            ops += _arc_to_cubics(cx, cy, rx, ry, phi, large, sweep, x2, y2)
            cx, cy = x2, y2
            lastc = None
        else:
            raise SceneError("%s: unknown SVG path command %r" % (where, cmd))
    if ops and ops[0][0] != "M":
        raise SceneError("%s: SVG path must start with M" % where)
    return ("ops", ops)


def path_bounds(p):
    if p[0] in ("rect", "ellipse", "rrect"):
        return tuple(p[1:5])
    xs, ys = [], []
    for op in p[1]:
        for k in range(1, len(op), 2):
            xs.append(op[k])
            ys.append(op[k + 1])
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


# ---------------------------------------------------------------- layer
LAYER_TYPES = ("layer", "shape", "transform", "text", "gradient", "replicator")
CORNERS = ("minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY")
GRAVITIES = ("resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left",
             "right", "topLeft", "topRight", "bottomLeft", "bottomRight")
FILTERS = ("linear", "nearest", "trilinear")

COMMON_KEYS = {
    "type", "name", "bounds", "position", "frame", "anchorPoint", "anchorPointZ", "zPosition",
    "transform", "affineTransform", "sublayerTransform", "hidden", "opacity",
    "allowsGroupOpacity", "backgroundColor", "cornerRadius", "maskedCorners", "borderWidth",
    "borderColor", "masksToBounds", "shadowOpacity", "shadowColor", "shadowOffset",
    "shadowRadius", "shadowPath", "mask", "contents", "contentsGravity", "contentsScale",
    "contentsRect", "contentsCenter", "minificationFilter", "magnificationFilter",
    "shouldRasterize", "rasterizationScale", "doubleSided", "sublayers",
    "cornerCurve", "allowsEdgeAntialiasing", "edgeAntialiasingMask", "geometryFlipped",
    "minificationFilterBias", "compositingFilter",
    # OpenQuartzCore's extension for hit testing; no effect on the picture.
    "allowsHitTesting",
}
TYPE_KEYS = {
    "layer": set(), "transform": set(),
    "shape": {"path", "fillColor", "strokeColor", "lineWidth", "fillRule", "lineCap", "lineJoin",
              "miterLimit", "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"},
    "text": {"string", "fontSize", "font", "foregroundColor", "alignmentMode", "isWrapped", "truncationMode"},
    "gradient": {"colors", "locations", "startPoint", "endPoint", "gradientType"},
    "replicator": {"instanceCount", "instanceTransform", "instanceDelay", "instanceColor",
                   "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
                   "instanceAlphaOffset"},
}


class Layer:
    __slots__ = (
        "type", "name", "bounds", "position", "anchor", "anchorZ", "zPosition", "transform",
        "sublayerTransform", "hidden", "opacity", "groupOpacity", "backgroundColor",
        "cornerRadius", "maskedCorners", "borderWidth", "borderColor", "masksToBounds",
        "shadowOpacity", "shadowColor", "shadowOffset", "shadowRadius", "shadowPath", "mask",
        "contents", "contentsGravity", "contentsScale", "contentsRect", "contentsCenter",
        "minFilter", "magFilter", "shouldRasterize", "rasterizationScale", "doubleSided",
        "sublayers", "extra", "path", "cornerCurve", "edgeAA", "edgeAAMask",
        "geometryFlipped", "minFilterBias", "groupOpacitySet", "edgeAASet", "contentsExtent",
        "compositingFilter",
        # derived (set by prepare)
        "local", "order", "extent", "extent_content", "has3d", "cache",
    )

    def __init__(self):
        self.type = "layer"
        self.name = None
        self.bounds = (0.0, 0.0, 0.0, 0.0)
        self.position = (0.0, 0.0)
        self.anchor = (0.5, 0.5)
        self.anchorZ = 0.0
        self.zPosition = 0.0
        self.transform = IDENT
        self.sublayerTransform = IDENT
        self.hidden = False
        self.opacity = 1.0
        self.groupOpacity = True
        self.groupOpacitySet = False
        self.cornerCurve = "circular"
        self.edgeAA = False
        self.edgeAASet = False
        self.edgeAAMask = ("minX", "maxX", "minY", "maxY")
        self.geometryFlipped = False
        self.minFilterBias = 0.0
        self.compositingFilter = None   # Core Animation's spelling ("multiplyBlendMode"), or None
        self.contentsExtent = None   # where contents draw, when a caller knows the image size
        self.backgroundColor = None
        self.cornerRadius = 0.0
        self.maskedCorners = (True, True, True, True)   # minXMinY maxXMinY maxXMaxY minXMaxY (UL UR LR LL)
        self.borderWidth = 0.0
        self.borderColor = (0.0, 0.0, 0.0, 1.0)
        self.masksToBounds = False
        self.shadowOpacity = 0.0
        self.shadowColor = (0.0, 0.0, 0.0, 1.0)
        self.shadowOffset = (0.0, -3.0)
        self.shadowRadius = 3.0
        self.shadowPath = None
        self.mask = None
        self.contents = None
        self.contentsGravity = "resize"
        self.contentsScale = 1.0
        self.contentsRect = (0.0, 0.0, 1.0, 1.0)
        self.contentsCenter = (0.0, 0.0, 1.0, 1.0)
        self.minFilter = "linear"
        self.magFilter = "linear"
        self.shouldRasterize = False
        self.rasterizationScale = 1.0
        self.doubleSided = True
        self.sublayers = []
        self.extra = {}
        self.path = None
        self.cache = None
        self.local = IDENT
        self.order = []
        self.extent = None
        self.extent_content = None
        self.has3d = False


class Scene:
    def __init__(self):
        self.width = self.height = 0.0
        self.scale = 1.0
        self.background = None
        self.root = None
        self.folder = "."
        self.file = ""

    @property
    def pixel_size(self):
        return int(round(self.width * self.scale)), int(round(self.height * self.scale))


class _P:
    """Typed accessors that raise docs/scene-format.md-style errors."""

    def __init__(self, file):
        self.file = file

    def err(self, where, msg):
        raise SceneError("%s: %s: %s" % (self.file, where, msg))

    def _got(self, v):
        return json.dumps(v)[:40]

    def num(self, v, where, lo=None, hi=None):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            self.err(where, "expected a number, got %s" % self._got(v))
        if lo is not None and v < lo or hi is not None and v > hi:
            self.err(where, "expected a number in %s…%s, got %s" % (lo, hi, self._got(v)))
        return float(v)

    def bool(self, v, where):
        if not isinstance(v, bool):
            self.err(where, "expected true or false, got %s" % self._got(v))
        return v

    def str(self, v, where, choices=None):
        if not isinstance(v, str):
            self.err(where, "expected a string, got %s" % self._got(v))
        if choices and v not in choices:
            self.err(where, "expected one of %s, got %s" % (", ".join(choices), self._got(v)))
        return v

    def nums(self, v, n, where):
        if not isinstance(v, list) or len(v) != n:
            self.err(where, "expected an array of %d numbers, got %s" % (n, self._got(v)))
        return tuple(self.num(x, "%s[%d]" % (where, i)) for i, x in enumerate(v))

    def color(self, v, where):
        if isinstance(v, str):
            if v in NAMED:
                return tuple(float(c) for c in NAMED[v])
            m = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})", v)
            if not m:
                self.err(where, "expected a colour, got %s" % self._got(v))
            h = m.group(1)
            if len(h) == 3:
                h = "".join(c * 2 for c in h)
            vals = [int(h[i:i + 2], 16) / 255.0 for i in range(0, len(h), 2)]
            if len(vals) == 3:
                vals.append(1.0)
            return tuple(vals)
        if isinstance(v, dict):
            if set(v) <= {"white", "alpha"} and "white" in v:
                w = clamp01(self.num(v["white"], where + ".white"))
                a = clamp01(self.num(v.get("alpha", 1), where + ".alpha"))
                return (w, w, w, a)
            if set(v) <= {"red", "green", "blue", "alpha"} and {"red", "green", "blue"} <= set(v):
                return tuple(clamp01(self.num(v.get(k, 1), where + "." + k))
                             for k in ("red", "green", "blue", "alpha"))
            for k in v:
                if k not in ("white", "alpha", "red", "green", "blue"):
                    self.err(where + "." + k, "unknown key")
        self.err(where, "expected a colour, got %s" % self._got(v))

    def transform(self, v, where):
        if isinstance(v, list) and len(v) == 16 and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
            return from_ca([self.num(x, "%s[%d]" % (where, i)) for i, x in enumerate(v)])
        if not isinstance(v, list):
            self.err(where, "expected a transform (16 numbers or a list of steps), got %s" % self._got(v))
        t = IDENT
        for i, step in enumerate(v):
            w = "%s[%d]" % (where, i)
            if not isinstance(step, dict) or len(step) != 1:
                self.err(w, "expected a transform step object, got %s" % self._got(step))
            (k, a), = step.items()
            if k == "translate":
                if not isinstance(a, list) or len(a) not in (2, 3):
                    self.err(w + ".translate", "expected [tx, ty] or [tx, ty, tz]")
                xs = [self.num(x, "%s.translate[%d]" % (w, j)) for j, x in enumerate(a)] + [0.0]
                t = mmul(t, translate(xs[0], xs[1], xs[2]))
            elif k == "scale":
                if not isinstance(a, list) or len(a) not in (2, 3):
                    self.err(w + ".scale", "expected [sx, sy] or [sx, sy, sz]")
                xs = [self.num(x, "%s.scale[%d]" % (w, j)) for j, x in enumerate(a)] + [1.0]
                t = mmul(t, scale(xs[0], xs[1], xs[2]))
            elif k == "rotate":
                ang, axis = self.rotation(a, w + ".rotate", allow_axis=True)
                t = mmul(t, rotate(ang, *axis))
            elif k == "perspective":
                d = self.num(a, w + ".perspective")
                if d == 0:
                    self.err(w + ".perspective", "must not be 0")
                t = mmul(t, perspective(d))
            elif k == "matrix":
                t = mmul(t, from_ca(self.nums(a, 16, w + ".matrix")))
            else:
                self.err(w + "." + k, "unknown transform step")
        return t

    def rotation(self, a, where, allow_axis):
        if not isinstance(a, dict):
            self.err(where, "expected {\"degrees\": …} or {\"radians\": …}")
        keys = set(a)
        allowed = {"degrees", "radians"} | ({"axis"} if allow_axis else set())
        for k in keys - allowed:
            self.err(where + "." + k, "unknown key")
        if ("degrees" in a) == ("radians" in a):
            self.err(where, "expected exactly one of degrees, radians")
        ang = math.radians(self.num(a["degrees"], where + ".degrees")) if "degrees" in a \
            else self.num(a["radians"], where + ".radians")
        axis = self.nums(a["axis"], 3, where + ".axis") if "axis" in a else (0.0, 0.0, 1.0)
        return ang, axis

    def affine(self, v, where):
        if isinstance(v, list) and len(v) == 6 and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
            a, b, c, d, tx, ty = (self.num(x, "%s[%d]" % (where, i)) for i, x in enumerate(v))
            return from_ca([a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1])
        if not isinstance(v, list):
            self.err(where, "expected an affine transform (6 numbers or a list of steps)")
        t = IDENT
        for i, step in enumerate(v):
            w = "%s[%d]" % (where, i)
            if not isinstance(step, dict) or len(step) != 1:
                self.err(w, "expected a transform step object")
            (k, a), = step.items()
            if k == "translate":
                tx, ty = self.nums(a, 2, w + ".translate")
                t = mmul(t, translate(tx, ty))
            elif k == "scale":
                sx, sy = self.nums(a, 2, w + ".scale")
                t = mmul(t, scale(sx, sy))
            elif k == "rotate":
                ang, _ = self.rotation(a, w + ".rotate", allow_axis=False)
                t = mmul(t, rotate(ang, 0, 0, 1))
            else:
                self.err(w + "." + k, "unknown affine step")
        return t

    def path(self, v, where):
        if isinstance(v, str):
            try:
                return parse_svg_path(v, "%s: %s" % (self.file, where))
            except SceneError:
                raise
        if isinstance(v, dict):
            if set(v) == {"rect"}:
                return ("rect",) + self.nums(v["rect"], 4, where + ".rect")
            if set(v) == {"ellipse"}:
                return ("ellipse",) + self.nums(v["ellipse"], 4, where + ".ellipse")
            if set(v) <= {"roundedRect", "cornerRadius"} and "roundedRect" in v:
                r = self.num(v.get("cornerRadius", 0), where + ".cornerRadius", lo=0)
                return ("rrect",) + self.nums(v["roundedRect"], 4, where + ".roundedRect") + (r,)
        self.err(where, "expected a path (SVG data, rect, ellipse or roundedRect), got %s" % self._got(v))


def _parse_layer(P, d, where, scene):
    if not isinstance(d, dict):
        P.err(where, "expected a layer object, got %s" % P._got(d))
    L = Layer()
    t = d.get("type", "layer")
    L.type = P.str(t, where + ".type", LAYER_TYPES)
    allowed = COMMON_KEYS | TYPE_KEYS[L.type]
    for k in d:
        if k not in allowed:
            P.err(where + "." + k, "unknown key")
    g = lambda k: where + "." + k
    if "name" in d:
        L.name = P.str(d["name"], g("name"))
    if "bounds" in d:
        L.bounds = P.nums(d["bounds"], 4, g("bounds"))
    if "position" in d:
        L.position = P.nums(d["position"], 2, g("position"))
    if "anchorPoint" in d:
        L.anchor = P.nums(d["anchorPoint"], 2, g("anchorPoint"))
    if "frame" in d:
        fx, fy, fw, fh = P.nums(d["frame"], 4, g("frame"))
        L.bounds = (L.bounds[0], L.bounds[1], fw, fh)
        L.position = (fx + L.anchor[0] * fw, fy + L.anchor[1] * fh)
    if "anchorPointZ" in d:
        L.anchorZ = P.num(d["anchorPointZ"], g("anchorPointZ"))
    if "zPosition" in d:
        L.zPosition = P.num(d["zPosition"], g("zPosition"))
    if "transform" in d and "affineTransform" in d:
        P.err(g("affineTransform"), "transform and affineTransform are both given")
    if "transform" in d:
        L.transform = P.transform(d["transform"], g("transform"))
    if "affineTransform" in d:
        L.transform = P.affine(d["affineTransform"], g("affineTransform"))
    if "sublayerTransform" in d:
        L.sublayerTransform = P.transform(d["sublayerTransform"], g("sublayerTransform"))
    if "hidden" in d:
        L.hidden = P.bool(d["hidden"], g("hidden"))
    if "opacity" in d:
        L.opacity = P.num(d["opacity"], g("opacity"), 0, 1)
    if "allowsGroupOpacity" in d:
        L.groupOpacity = P.bool(d["allowsGroupOpacity"], g("allowsGroupOpacity"))
        L.groupOpacitySet = True
    if "cornerCurve" in d:
        L.cornerCurve = P.str(d["cornerCurve"], g("cornerCurve"), ("circular", "continuous"))
    if "allowsEdgeAntialiasing" in d:
        L.edgeAA = P.bool(d["allowsEdgeAntialiasing"], g("allowsEdgeAntialiasing"))
        L.edgeAASet = True
    if "edgeAntialiasingMask" in d:
        v = d["edgeAntialiasingMask"]
        if not isinstance(v, list):
            P.err(g("edgeAntialiasingMask"), "expected an array of edge names")
        L.edgeAAMask = tuple(P.str(x, "%s[%d]" % (g("edgeAntialiasingMask"), i),
                                   ("minX", "maxX", "minY", "maxY")) for i, x in enumerate(v))
    if "geometryFlipped" in d:
        L.geometryFlipped = P.bool(d["geometryFlipped"], g("geometryFlipped"))
    if "minificationFilterBias" in d:
        L.minFilterBias = P.num(d["minificationFilterBias"], g("minificationFilterBias"))
    if d.get("compositingFilter") is not None:
        name = P.str(d["compositingFilter"], g("compositingFilter"))
        # Core Image's name ("CIMultiplyBlendMode") or Core Animation's ("multiplyBlendMode").
        if name.startswith("CI") and len(name) > 2:
            name = name[2].lower() + name[3:]
        L.compositingFilter = name
    if "backgroundColor" in d and d["backgroundColor"] is not None:
        L.backgroundColor = P.color(d["backgroundColor"], g("backgroundColor"))
    if "cornerRadius" in d:
        L.cornerRadius = P.num(d["cornerRadius"], g("cornerRadius"), lo=0)
    if "maskedCorners" in d:
        v = d["maskedCorners"]
        if not isinstance(v, list):
            P.err(g("maskedCorners"), "expected an array of corner names")
        names = [P.str(x, "%s[%d]" % (g("maskedCorners"), i), CORNERS) for i, x in enumerate(v)]
        L.maskedCorners = ("minXMinY" in names, "maxXMinY" in names, "maxXMaxY" in names, "minXMaxY" in names)
    if "borderWidth" in d:
        L.borderWidth = P.num(d["borderWidth"], g("borderWidth"), lo=0)
    if "borderColor" in d:
        L.borderColor = P.color(d["borderColor"], g("borderColor")) if d["borderColor"] is not None else None
    if "masksToBounds" in d:
        L.masksToBounds = P.bool(d["masksToBounds"], g("masksToBounds"))
    if "shadowOpacity" in d:
        L.shadowOpacity = P.num(d["shadowOpacity"], g("shadowOpacity"), 0, 1)
    if "shadowColor" in d:
        L.shadowColor = P.color(d["shadowColor"], g("shadowColor")) if d["shadowColor"] is not None else None
    if "shadowOffset" in d:
        L.shadowOffset = P.nums(d["shadowOffset"], 2, g("shadowOffset"))
    if "shadowRadius" in d:
        L.shadowRadius = P.num(d["shadowRadius"], g("shadowRadius"), lo=0)
    if "shadowPath" in d and d["shadowPath"] is not None:
        L.shadowPath = P.path(d["shadowPath"], g("shadowPath"))
    if "mask" in d and d["mask"] is not None:
        L.mask = _parse_layer(P, d["mask"], g("mask"), scene)
    if "contents" in d and d["contents"] is not None:
        L.contents = _image_source(P, d["contents"], g("contents"), scene)
    if "contentsGravity" in d:
        L.contentsGravity = P.str(d["contentsGravity"], g("contentsGravity"), GRAVITIES)
    if "contentsScale" in d:
        L.contentsScale = P.num(d["contentsScale"], g("contentsScale"), lo=1e-6)
    if "contentsRect" in d:
        L.contentsRect = P.nums(d["contentsRect"], 4, g("contentsRect"))
    if "contentsCenter" in d:
        L.contentsCenter = P.nums(d["contentsCenter"], 4, g("contentsCenter"))
    if "minificationFilter" in d:
        L.minFilter = P.str(d["minificationFilter"], g("minificationFilter"), FILTERS)
    if "magnificationFilter" in d:
        L.magFilter = P.str(d["magnificationFilter"], g("magnificationFilter"), FILTERS)
    if "shouldRasterize" in d:
        L.shouldRasterize = P.bool(d["shouldRasterize"], g("shouldRasterize"))
    if "rasterizationScale" in d:
        L.rasterizationScale = P.num(d["rasterizationScale"], g("rasterizationScale"), lo=1e-6)
    if "doubleSided" in d:
        L.doubleSided = P.bool(d["doubleSided"], g("doubleSided"))
    if "sublayers" in d:
        v = d["sublayers"]
        if not isinstance(v, list):
            P.err(g("sublayers"), "expected an array of layer objects")
        L.sublayers = [_parse_layer(P, x, "%s[%d]" % (g("sublayers"), i), scene) for i, x in enumerate(v)]
    # subclass properties
    if L.type == "shape":
        e = {"fillColor": (0.0, 0.0, 0.0, 1.0), "strokeColor": None, "lineWidth": 1.0,
             "fillRule": "nonZero", "lineCap": "butt", "lineJoin": "miter", "miterLimit": 10.0,
             "lineDashPattern": None, "lineDashPhase": 0.0, "strokeStart": 0.0, "strokeEnd": 1.0}
        if "path" in d and d["path"] is not None:
            L.path = P.path(d["path"], g("path"))
        for k in ("fillColor", "strokeColor"):
            if k in d:
                e[k] = P.color(d[k], g(k)) if d[k] is not None else None
        for k in ("lineWidth", "miterLimit", "lineDashPhase"):
            if k in d:
                e[k] = P.num(d[k], g(k))
        for k in ("strokeStart", "strokeEnd"):
            if k in d:
                e[k] = P.num(d[k], g(k), 0, 1)
        if "fillRule" in d:
            e["fillRule"] = P.str(d["fillRule"], g("fillRule"), ("nonZero", "evenOdd"))
        if "lineCap" in d:
            e["lineCap"] = P.str(d["lineCap"], g("lineCap"), ("butt", "round", "square"))
        if "lineJoin" in d:
            e["lineJoin"] = P.str(d["lineJoin"], g("lineJoin"), ("miter", "round", "bevel"))
        if "lineDashPattern" in d and d["lineDashPattern"] is not None:
            v = d["lineDashPattern"]
            if not isinstance(v, list):
                P.err(g("lineDashPattern"), "expected an array of numbers")
            e["lineDashPattern"] = [P.num(x, "%s[%d]" % (g("lineDashPattern"), i), lo=0) for i, x in enumerate(v)]
        L.extra = e
    elif L.type == "gradient":
        e = {"colors": [], "locations": None, "startPoint": (0.5, 0.0), "endPoint": (0.5, 1.0),
             "gradientType": "axial"}
        if "colors" in d:
            if not isinstance(d["colors"], list):
                P.err(g("colors"), "expected an array of colours")
            e["colors"] = [P.color(c, "%s[%d]" % (g("colors"), i)) for i, c in enumerate(d["colors"])]
        if "locations" in d and d["locations"] is not None:
            if not isinstance(d["locations"], list):
                P.err(g("locations"), "expected an array of numbers")
            e["locations"] = [P.num(x, "%s[%d]" % (g("locations"), i)) for i, x in enumerate(d["locations"])]
        for k in ("startPoint", "endPoint"):
            if k in d:
                e[k] = P.nums(d[k], 2, g(k))
        if "gradientType" in d:
            e["gradientType"] = P.str(d["gradientType"], g("gradientType"), ("axial", "radial", "conic"))
        L.extra = e
    elif L.type == "text":
        e = {"string": "", "fontSize": 36.0, "font": None, "foregroundColor": (1.0, 1.0, 1.0, 1.0),
             "alignmentMode": "natural", "isWrapped": False}
        if "string" in d:
            e["string"] = P.str(d["string"], g("string"))
        if "fontSize" in d:
            e["fontSize"] = P.num(d["fontSize"], g("fontSize"), lo=0)
        if "font" in d:
            e["font"] = P.str(d["font"], g("font"))
        if "foregroundColor" in d:
            e["foregroundColor"] = P.color(d["foregroundColor"], g("foregroundColor"))
        if "alignmentMode" in d:
            e["alignmentMode"] = P.str(d["alignmentMode"], g("alignmentMode"),
                                       ("natural", "left", "right", "center", "justified"))
        if "isWrapped" in d:
            e["isWrapped"] = P.bool(d["isWrapped"], g("isWrapped"))
        L.extra = e
    elif L.type == "replicator":
        e = {"instanceCount": 1, "instanceTransform": IDENT, "instanceColor": (1.0, 1.0, 1.0, 1.0),
             "instanceRedOffset": 0.0, "instanceGreenOffset": 0.0, "instanceBlueOffset": 0.0,
             "instanceAlphaOffset": 0.0}
        for k, v in d.items():
            if k == "instanceCount":
                e[k] = int(P.num(v, g(k), lo=0))
            elif k == "instanceTransform":
                e[k] = P.transform(v, g(k))
            elif k == "instanceColor":
                e[k] = P.color(v, g(k))
            elif k in ("instanceDelay", "instanceRedOffset", "instanceGreenOffset",
                       "instanceBlueOffset", "instanceAlphaOffset"):
                e[k] = P.num(v, g(k))
        L.extra = e
    return L


def _image_source(P, v, where, scene):
    if not isinstance(v, str):
        P.err(where, "expected a PNG path or data: URL")
    if v.startswith("data:"):
        m = re.match(r"data:image/png;base64,(.*)$", v, re.S)
        if not m:
            P.err(where, "expected a data:image/png;base64 URL")
        try:
            return ("bytes", base64.b64decode(m.group(1)))
        except Exception:
            P.err(where, "invalid base64 data")
    if os.path.isabs(v):
        P.err(where, "absolute image paths are refused")
    full = os.path.normpath(os.path.join(scene.folder, v))
    folder = os.path.normpath(scene.folder)
    if os.path.commonpath([full, folder]) != folder:
        P.err(where, "image path leaves the scene's folder")
    if not os.path.isfile(full):
        P.err(where, "image file not found: %s" % v)
    return ("file", full)


def load(path):
    """Parse a scene file. Raises SceneError with a one-line message."""
    file = os.path.basename(path)
    P = _P(file)
    try:
        with open(path) as f:
            d = json.load(f)
    except OSError as e:
        raise SceneError("%s: cannot read: %s" % (file, e.strerror))
    except json.JSONDecodeError as e:
        raise SceneError("%s: invalid JSON: %s" % (file, e))
    if not isinstance(d, dict):
        P.err("$", "expected an object")
    for k in d:
        if k not in ("canvas", "layers"):
            P.err(k, "unknown key")
    S = Scene()
    S.file = file
    S.folder = os.path.dirname(os.path.abspath(path))
    c = d.get("canvas")
    if not isinstance(c, dict):
        P.err("canvas", "expected an object")
    for k in c:
        if k not in ("width", "height", "scale", "background", "allowsEdgeAntialiasing",
                     "allowsGroupOpacity"):
            P.err("canvas." + k, "unknown key")
    if "width" not in c or "height" not in c:
        P.err("canvas", "width and height are required")
    S.width = P.num(c["width"], "canvas.width")
    S.height = P.num(c["height"], "canvas.height")
    if S.width <= 0:
        P.err("canvas.width", "expected a number > 0")
    if S.height <= 0:
        P.err("canvas.height", "expected a number > 0")
    S.scale = P.num(c.get("scale", 1), "canvas.scale")
    if S.scale <= 0:
        P.err("canvas.scale", "expected a number > 0")
    if c.get("background") is not None:
        S.background = P.color(c["background"], "canvas.background")
    S.allowsEdgeAntialiasing = P.bool(c.get("allowsEdgeAntialiasing", False),
                                      "canvas.allowsEdgeAntialiasing")
    S.allowsGroupOpacity = P.bool(c.get("allowsGroupOpacity", True), "canvas.allowsGroupOpacity")
    layers = d.get("layers", [])
    if not isinstance(layers, list):
        P.err("layers", "expected an array of layer objects")
    root = Layer()
    root.name = "#root"
    root.bounds = (0.0, 0.0, S.width, S.height)
    root.position = (S.width / 2, S.height / 2)
    root.sublayers = [_parse_layer(P, x, "layers[%d]" % i, S) for i, x in enumerate(layers)]
    S.root = root
    _apply_canvas_defaults(root, S)
    return S


def _apply_canvas_defaults(L, S):
    """Layers that do not set allowsGroupOpacity / allowsEdgeAntialiasing take
    the canvas's value, as iOS takes them from Info.plist."""
    if not L.groupOpacitySet:
        L.groupOpacity = S.allowsGroupOpacity
    if not L.edgeAASet:
        L.edgeAA = S.allowsEdgeAntialiasing
    if L.mask is not None:
        _apply_canvas_defaults(L.mask, S)
    for c in L.sublayers:
        _apply_canvas_defaults(c, S)


# ---------------------------------------------------------------- geometry
def anchor_of(L):
    b = L.bounds
    return (b[0] + L.anchor[0] * b[2], b[1] + L.anchor[1] * b[3], L.anchorZ)


def local_matrix(L, parent, in_mask=False):
    """Unflattened 4x4 from L's bounds space to parent's bounds space."""
    ax, ay, az = anchor_of(L)
    m = mmul(translate(L.position[0], L.position[1], L.zPosition),
             mmul(L.transform, translate(-ax, -ay, -az)))
    if parent is not None and not in_mask and not is_identity(parent.sublayerTransform):
        px, py, pz = anchor_of(parent)
        m = mchain(translate(px, py, pz), parent.sublayerTransform, translate(-px, -py, -pz), m)
    return m


def depth_key(m, L):
    """z (after projection) of the bounds centre, for painter's order."""
    b = L.bounds
    X, Y, Z, Wc = map_point(m, b[0] + b[2] / 2, b[1] + b[3] / 2)
    return Z / Wc if abs(Wc) > 1e-12 else Z


def shadow_sigma(radius):
    """Named so that the CA-radius -> Gaussian-sigma mapping is one place."""
    return radius * SHADOW_SIGMA_PER_RADIUS


# Set by the renderer (skia_render.SHADOW_SIGMA_PER_RADIUS is authoritative);
# used here for extents so that they match the blur actually drawn.
SHADOW_SIGMA_PER_RADIUS = 1.0


# ---------------------------------------------------------------- tree analysis
HUGE = (-1e7, -1e7, 2e7, 2e7)


def has_shadow(L):
    return (L.shadowOpacity > 0 and L.shadowColor is not None and L.shadowColor[3] > 0)


def corner_radii(L, rect=None):
    """(UL, UR, LR, LL) radii, clamped to half the shorter side."""
    b = rect or L.bounds
    r = min(L.cornerRadius, min(abs(b[2]), abs(b[3])) / 2)
    m = L.maskedCorners
    return (r if m[0] else 0.0, r if m[1] else 0.0, r if m[2] else 0.0, r if m[3] else 0.0)


def _in_rrect(px, py, rect, radii, eps=0.02):
    x, y, w, h = rect
    if px < x - eps or py < y - eps or px > x + w + eps or py > y + h + eps:
        return False
    for (cx, cy, sx, sy), r in zip(((x, y, 1, 1), (x + w, y, -1, 1), (x + w, y + h, -1, -1),
                                    (x, y + h, 1, -1)), radii):
        if r <= 0:
            continue
        ox, oy = cx + sx * r, cy + sy * r
        if (px - ox) * sx < 0 and (py - oy) * sy < 0:
            if math.hypot(px - ox, py - oy) > r + eps:
                return False
    return True


def rrect_contains(outer_rect, outer_radii, inner_rect, inner_radii):
    """Both convex: sample the inner boundary around its corners."""
    x, y, w, h = inner_rect
    for (cx, cy, sx, sy), r in zip(((x, y, 1, 1), (x + w, y, -1, 1), (x + w, y + h, -1, -1),
                                    (x, y + h, 1, -1)), inner_radii):
        if r <= 0:
            pts = [(cx, cy)]
        else:
            ox, oy = cx + sx * r, cy + sy * r
            pts = [(ox - sx * r * math.cos(t), oy - sy * r * math.sin(t))
                   for t in (k * math.pi / 16 for k in range(9))]
        for px, py in pts:
            if not _in_rrect(px, py, outer_rect, outer_radii):
                return False
    return True


def paints_own_content(L):
    return (L.type != "transform" and (
        (L.backgroundColor is not None and L.backgroundColor[3] > 0)
        or (L.borderWidth > 0 and L.borderColor is not None and L.borderColor[3] > 0)
        or L.contents is not None
        or (L.type == "shape" and L.path is not None)
        or L.type in ("gradient", "text")))


def _gather(L, m_acc, out):
    """Expand CATransformLayer subtrees: their descendants share the 3D
    context of the nearest flattening ancestor."""
    for c in L.sublayers:
        if c.hidden or c.opacity <= 0:
            continue
        m = mmul(m_acc, local_matrix(c, L))
        if c.type == "transform":
            _gather(c, m, out)
        else:
            out.append((c, m))


def draw_entries(L):
    """[(child, unflattened matrix to L's plane)] back to front, without
    hidden and back-facing (doubleSided = false) layers."""
    out = []
    _gather(L, IDENT, out)
    keyed = []
    spread = False
    k0 = None
    for c, m in out:
        if not c.doubleSided and not front_facing(m, c.bounds):
            continue
        k = depth_key(m, c)
        if k0 is None:
            k0 = k
        elif abs(k - k0) > 1e-9:
            spread = True
        keyed.append((k, c, m))
    if spread:
        keyed.sort(key=lambda t: t[0])      # stable: document order on ties
    return [(c, m) for _, c, m in keyed]


def shadow_uniform_alpha(L, entries):
    """If the layer's composite alpha is exactly its background rounded rect
    with one alpha value, return that alpha (then a blurred rrect is an exact
    shadow); else None."""
    bg = L.backgroundColor
    if L.type != "layer" or bg is None or bg[3] <= 0:
        return None
    rect, radii = L.bounds, corner_radii(L)
    if bg[3] < 1:
        if entries or L.contents is not None:
            return None
        if L.borderWidth > 0 and L.borderColor is not None and L.borderColor[3] > 0:
            return None
        return bg[3]
    if L.contents is not None and not (L.masksToBounds or (L.cornerRadius == 0 and L.contentsGravity == "resize")):
        return None
    if L.masksToBounds:
        return 1.0
    for c, m in entries:
        if not is_translation(flat(m)):
            return None
        tx, ty = m[3], m[7]
        if c.masksToBounds or (not c.sublayers and not has_shadow(c) and c.contents is None
                               and c.type == "layer"):
            # paints at most its own rounded rect
            cr = c.bounds
            inner = (cr[0] + tx, cr[1] + ty, cr[2], cr[3])
            if has_shadow(c) and not c.masksToBounds:
                return None
            if not rrect_contains(rect, radii, inner, corner_radii(c)):
                return None
        else:
            e = c.extent
            if e is None:
                continue
            inner = (e[0] + tx, e[1] + ty, e[2], e[3])
            if not rrect_contains(rect, radii, inner, (0.0, 0.0, 0.0, 0.0)):
                return None
    return 1.0


def prepare_geometry(L, parent=None, in_mask=False):
    """Bottom-up: entries, extents (in L's bounds space) for L and below."""
    if L.mask is not None:
        prepare_geometry(L.mask, L, in_mask=True)
        L.mask.local = local_matrix(L.mask, L, in_mask=True)
    for c in L.sublayers:
        prepare_geometry(c, L)
    L.order = draw_entries(L)
    own = None
    if paints_own_content(L):
        own = L.bounds
        if L.type == "shape" and L.path is not None:
            pb = path_bounds(L.path)
            e = L.extra
            if e["strokeColor"] is not None:
                grow = e["lineWidth"] / 2 * (e["miterLimit"] if e["lineJoin"] == "miter" else 1.5)
                pb = rect_outset(pb, grow)
            own = pb if not (L.backgroundColor or L.borderWidth > 0) else rect_union(own, pb)
        if L.contentsExtent is not None and not L.masksToBounds:
            own = rect_union(own, L.contentsExtent)
    kids = None
    for c, m in L.order:
        if c.extent is None:
            continue
        mr = map_rect_bounds(flat(m), c.extent)
        kids = rect_union(kids, mr if mr is not None else HUGE)
    if L.masksToBounds and kids is not None:
        kids = rect_intersect(kids, L.bounds)
    content = rect_union(own, kids)
    ext = content
    if has_shadow(L):
        src = path_bounds(L.shadowPath) if L.shadowPath is not None else content
        if src is not None:
            s = shadow_sigma(L.shadowRadius)
            sr = rect_outset((src[0] + L.shadowOffset[0], src[1] + L.shadowOffset[1], src[2], src[3]),
                             3 * s + 1)
            if L.masksToBounds:
                sr = rect_intersect(sr, L.bounds)
            ext = rect_union(ext, sr)
    if L.mask is not None and ext is not None:
        me = L.mask.extent
        if me is None:
            ext = None
        else:
            mr = map_rect_bounds(flat(L.mask.local), me)
            if mr is not None:
                ext = rect_intersect(ext, mr)
    L.extent_content = content      # without own shadow and mask
    L.extent = ext
    L.has3d = any(not is_affine2d(flat(m)) for _, m in L.order)
