#!/usr/bin/env python3
"""Animated scene -> HTML page whose layers run Web Animations (element.animate)
that Chromium samples at any media time: the time witness (README "Animated
scenes").

    python3 Conformance/anim2html.py SCENE.json [-o PAGE.html]

The page defines `oqcSetTime(T)`: every animation is placed so that the
document timeline (frozen by the run) shows media time T. Only what CSS
expresses identically is translated; anything else raises Unsupported, so a
scene is never compared against a translation that only approximates it.
"""
import argparse
import json
import math
import re
import sys

import generate


class Unsupported(Exception):
    pass


# CAMediaTimingFunction's named functions, control points from Apple's
# CAMediaTimingFunction.h documentation (kCAMediaTimingFunctionDefault is CSS's `ease`).
NAMED_TIMING = {
    "linear": (0.0, 0.0, 1.0, 1.0),
    "easeIn": (0.42, 0.0, 1.0, 1.0),
    "easeOut": (0.0, 0.0, 0.58, 1.0),
    "easeInEaseOut": (0.42, 0.0, 0.58, 1.0),
    "default": (0.25, 0.1, 0.25, 1.0),
}

LAYER_KEYS = {"name", "bounds", "position", "anchorPoint", "backgroundColor", "cornerRadius",
              "borderWidth", "borderColor", "opacity", "animations"}
ANIMATION_KEYS = {"type", "key", "keyPath", "fromValue", "toValue", "byValue", "values", "keyTimes",
                  "timingFunctions", "calculationMode", "beginTime", "duration", "speed", "timeOffset",
                  "repeatCount", "repeatDuration", "autoreverses", "fillMode", "isRemovedOnCompletion",
                  "timingFunction"}


def num(x):
    """A number for CSS: no exponent, enough digits for sub-1/1000 px."""
    s = "%.6f" % x
    s = s.rstrip("0").rstrip(".")
    return "0" if s in ("", "-0") else s


def colour(v):
    """#rgb, #rrggbb or #rrggbbaa -> (r, g, b, a) in 0...1."""
    if not isinstance(v, str) or not re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})", v):
        raise Unsupported("colour %r (only hex colours are translated)" % (v,))
    h = v[1:]
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) == 6:
        h += "ff"
    return tuple(int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4, 6))


def css_colour(c):
    return "rgba(%d,%d,%d,%s)" % (round(c[0] * 255), round(c[1] * 255), round(c[2] * 255), num(c[3]))


def angle(v):
    if isinstance(v, dict):
        if "degrees" in v:
            return v["degrees"] * math.pi / 180
        return v["radians"]
    return v


def timing_function_css(tf):
    if tf is None:
        return "linear"
    pts = NAMED_TIMING.get(tf) if isinstance(tf, str) else tf
    if pts is None or len(pts) != 4:
        raise Unsupported("timing function %r" % (tf,))
    if tuple(pts) == (0.0, 0.0, 1.0, 1.0):
        return "linear"
    return "cubic-bezier(%s)" % ",".join(num(p) for p in pts)


# ------------------------------------------------------------------ layer state
class Model:
    """The model values of one layer that animations read and CSS writes."""

    def __init__(self, d):
        extra = set(d) - LAYER_KEYS
        if extra:
            raise Unsupported("layer keys %s" % ", ".join(sorted(extra)))
        b = d.get("bounds", [0, 0, 0, 0])
        if b[0] != 0 or b[1] != 0:
            raise Unsupported("bounds origin")
        self.width, self.height = float(b[2]), float(b[3])
        self.position = [float(p) for p in d.get("position", [0, 0])]
        self.anchor = [float(a) for a in d.get("anchorPoint", [0.5, 0.5])]
        self.background = colour(d["backgroundColor"]) if "backgroundColor" in d else (0, 0, 0, 0)
        self.corner = float(d.get("cornerRadius", 0))
        self.border_width = float(d.get("borderWidth", 0))
        self.border_colour = colour(d["borderColor"]) if "borderColor" in d else (0, 0, 0, 1)
        self.opacity = float(d.get("opacity", 1))


def box_shadow(width, c):
    # The border is an inset box-shadow: CSS border widths are snapped to
    # device pixels by Chromium, a shadow's spread is not. Its inner edge
    # follows the corner radius minus the width, as a CSS border's (and
    # CALayer's) inner edge does.
    return "inset 0 0 0 %spx %s" % (num(width), css_colour(c))


# key path -> (element, function(model, value) -> {css property: value}).
# Elements: "o" (position), "t" (the layer's transform about the anchor
# point), "b" (the box: bounds, background, corner radius, border, opacity;
# opacity on the box, the leaf, groups background and border as CA's group
# opacity does without flattening the 3D context). The top-level layers
# share one 3D context (#ctx, preserve-3d down to each box), as sublayers
# of one superlayer do in CA: a layer turned about x or y is depth-sorted
# against its siblings (and cut by their planes), not drawn flat in order.
def _pos(m, v):
    return {"translate": "%spx %spx" % (num(v[0]), num(v[1]))}


KEY_PATHS = {
    "opacity": ("b", lambda m, v: {"opacity": num(v)}, "number"),
    "position": ("o", _pos, "point"),
    "position.x": ("o", lambda m, v: _pos(m, [v, m.position[1]]), "number"),
    "position.y": ("o", lambda m, v: _pos(m, [m.position[0], v]), "number"),
    "backgroundColor": ("b", lambda m, v: {"backgroundColor": css_colour(colour(v))}, "colour"),
    "cornerRadius": ("b", lambda m, v: {"borderRadius": "%spx" % num(v)}, "number"),
    "borderWidth": ("b", lambda m, v: {"boxShadow": box_shadow(v, m.border_colour)}, "number"),
    "borderColor": ("b", lambda m, v: {"boxShadow": box_shadow(m.border_width, colour(v))}, "colour"),
    "bounds.size.width": ("b", lambda m, v: {"width": "%spx" % num(v)}, "number"),
    "bounds.size.height": ("b", lambda m, v: {"height": "%spx" % num(v)}, "number"),
    "bounds.size": ("b", lambda m, v: {"width": "%spx" % num(v[0]), "height": "%spx" % num(v[1])}, "point"),
    "transform.rotation.z": ("t", lambda m, v: {"rotate": "%srad" % num(angle(v))}, "angle"),
    "transform.rotation": ("t", lambda m, v: {"rotate": "%srad" % num(angle(v))}, "angle"),
    "transform.rotation.x": ("t", lambda m, v: {"rotate": "x %srad" % num(angle(v))}, "angle"),
    "transform.rotation.y": ("t", lambda m, v: {"rotate": "y %srad" % num(angle(v))}, "angle"),
    "transform.scale": ("t", lambda m, v: {"scale": "%s %s" % (num(v), num(v))}, "number"),
    "transform.scale.x": ("t", lambda m, v: {"scale": "%s 1" % num(v)}, "number"),
    "transform.scale.y": ("t", lambda m, v: {"scale": "1 %s" % num(v)}, "number"),
    "transform.translation.x": ("t", lambda m, v: {"translate": "%spx 0px" % num(v)}, "number"),
    "transform.translation.y": ("t", lambda m, v: {"translate": "0px %spx" % num(v)}, "number"),
}


def model_value(m, key_path):
    """The layer's own value of a key path: what toValue-only and
    byValue-only basic animations start from."""
    return {
        "opacity": m.opacity, "position": list(m.position), "position.x": m.position[0],
        "position.y": m.position[1], "cornerRadius": m.corner, "borderWidth": m.border_width,
        "bounds.size.width": m.width, "bounds.size.height": m.height,
        "bounds.size": [m.width, m.height],
        "transform.rotation.z": 0.0, "transform.rotation": 0.0, "transform.rotation.x": 0.0,
        "transform.rotation.y": 0.0, "transform.scale": 1.0, "transform.scale.x": 1.0,
        "transform.scale.y": 1.0, "transform.translation.x": 0.0, "transform.translation.y": 0.0,
        "backgroundColor": hex_colour(m.background), "borderColor": hex_colour(m.border_colour),
    }[key_path]


def hex_colour(c):
    return "#" + "".join("%02x" % round(x * 255) for x in c)


def _add(a, b):
    if isinstance(a, list):
        return [x + y for x, y in zip(a, b)]
    return a + b


def basic_values(a, m):
    """CABasicAnimation's from/to/by rules -> (from, to)."""
    kp = a["keyPath"]
    f, t, b = a.get("fromValue"), a.get("toValue"), a.get("byValue")
    if kp in ("backgroundColor", "borderColor") and b is not None:
        raise Unsupported("byValue on a colour")
    if isinstance(f, dict) or isinstance(t, dict) or isinstance(b, dict):
        f, t, b = (angle(x) if x is not None else None for x in (f, t, b))
    if f is not None and t is not None:
        return f, t
    if f is not None and b is not None:
        return f, _add(f, b)
    if b is not None and t is not None:
        return _add(t, [-x for x in b] if isinstance(b, list) else -b), t
    if f is not None:
        return f, model_value(m, kp)
    if t is not None:
        return model_value(m, kp), t
    if b is not None:
        base = model_value(m, kp)
        return base, _add(base, b)
    raise Unsupported("basic animation without values")


def keyframes(a, m):
    """-> list of keyframe dicts (CSS values, offset, easing)."""
    kp = a.get("keyPath")
    if kp not in KEY_PATHS:
        raise Unsupported("key path %r" % (kp,))
    elem, to_css, _ = KEY_PATHS[kp]
    kind = a.get("type", "basic")
    if kind == "basic":
        f, t = basic_values(a, m)
        return elem, [dict(to_css(m, f), offset=0), dict(to_css(m, t), offset=1)]
    if kind != "keyframe":
        raise Unsupported("animation type %r" % (kind,))
    mode = a.get("calculationMode", "linear")
    values = a["values"]
    n = len(values)
    if mode not in ("linear", "discrete"):
        raise Unsupported("calculationMode %r (closed-form tests cover it)" % (mode,))
    times = a.get("keyTimes")
    tfs = a.get("timingFunctions")
    if times is not None and len(times) != n:
        raise Unsupported("keyTimes count other than one per value")
    if times is None:
        # Linear: evenly over the duration, first at 0, last at 1. Discrete
        # without key times: each value for 1/n of the duration.
        times = [i / (n - 1) for i in range(n)] if mode == "linear" and n > 1 else [i / n for i in range(n)]
    frames = []
    for i, v in enumerate(values):
        k = dict(to_css(m, angle(v) if isinstance(v, dict) else v), offset=times[i])
        if mode == "discrete":
            # Value i holds from key time i to key time i + 1: a step at the
            # end of each segment.
            k["easing"] = "steps(1, end)"
        elif tfs is not None and i < n - 1:
            k["easing"] = timing_function_css(tfs[i])
        frames.append(k)
    # CA shows the first value before the first key time and the last after
    # the last; CSS would interpolate from the underlying value instead, so
    # the first and last values are held out to offsets 0 and 1.
    if frames[0]["offset"] > 0:
        if mode == "discrete":
            raise Unsupported("discrete key times that start after 0")
        frames.insert(0, dict(frames[0], offset=0, easing="linear"))
    if frames[-1]["offset"] < 1:
        frames.append({k: v for k, v in frames[-1].items() if k != "easing"})
        frames[-1]["offset"] = 1
    return elem, frames


def timing(a):
    """CAMediaTiming of an animation on a layer with no timing of its own ->
    Web Animations timing and the animation's start time and rate on the
    document timeline (seconds; the run freezes the timeline at media time T).

    CA: local = (T - beginTime) * speed + timeOffset, active interval of
    d * repeatCount (x2 with autoreverses) local seconds from local
    timeOffset. WAAPI: current time = (timeline - startTime) * playbackRate,
    iteration progress from iterationStart + current time / duration.
    So startTime = beginTime, playbackRate = speed, duration = d (one
    direction), iterationStart = timeOffset / d, and an autoreversing repeat
    is two CSS iterations (forward, then back: `alternate`)."""
    d = float(a.get("duration", 0)) or 0.25
    speed = float(a.get("speed", 1))
    if speed == 0:
        raise Unsupported("speed 0")
    rev = bool(a.get("autoreverses", False))
    rc = a.get("repeatCount", 0)
    rd = float(a.get("repeatDuration", 0))
    if rc == "infinity":
        iterations = math.inf
    elif rd > 0 and not rc:
        iterations = rd / d
    else:
        iterations = (float(rc) or 1.0) * (2 if rev else 1)
    if rd > 0 and rc:
        raise Unsupported("both repeatCount and repeatDuration")
    offset = float(a.get("timeOffset", 0))
    if offset < 0:
        raise Unsupported("negative timeOffset")
    fill = a.get("fillMode", "removed")
    removed = a.get("isRemovedOnCompletion", True)
    begin = float(a.get("beginTime", 0))
    active = d * iterations
    start = begin
    if speed < 0:
        # A reversed animation still begins at beginTime and its local time
        # runs down from the end of its active interval (docs/time.md
        # "Reverse play"): current time = active - (T - begin) * |speed|.
        if math.isinf(active):
            raise Unsupported("infinite reversed animation")
        start = begin + active / -speed
    backwards = fill in ("backwards", "both")
    forwards = fill in ("forwards", "both")
    if removed:
        # Removed from the layer when its interval ends in the layer's time:
        # its fill after that end no longer shows. Which fill that is
        # depends on the direction local time runs in.
        if speed > 0:
            forwards = False
        else:
            backwards = False
    css_fill = {(False, False): "none", (True, False): "backwards", (False, True): "forwards",
                (True, True): "both"}[(backwards, forwards)]
    return {
        "duration": d * 1000, "iterations": iterations, "iterationStart": offset / d,
        "direction": "alternate" if rev else "normal", "fill": css_fill,
        "easing": timing_function_css(a.get("timingFunction")),
    }, start, speed


def active_interval(a):
    """(begin, end) of the animation in media time (end may be inf)."""
    opts, start, speed = timing(a)
    active = opts["duration"] / 1000 * opts["iterations"]
    begin = float(a.get("beginTime", 0))
    return begin, begin + active / abs(speed)


# ------------------------------------------------------------------ page
PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;background:transparent}
#canvas{position:absolute;left:%(margin)spx;top:%(margin)spx;width:%(w)spx;height:%(h)spx;overflow:hidden;background:%(bg)s}
.o,.t,.b{position:absolute;left:0;top:0;transform-origin:0 0;box-sizing:border-box}
#ctx,.o,.t{position:absolute;left:0;top:0;transform-style:preserve-3d}
</style></head><body><div id="canvas"><div id="ctx">
%(body)s
</div></div><script>
const oqcAnimations = %(anims)s;
const oqcPlayers = oqcAnimations.map(a => {
  const el = document.getElementById(a.element);
  const timing = Object.assign({}, a.timing);
  if (timing.iterations === null) timing.iterations = Infinity;
  const p = el.animate(a.keyframes, timing);
  p.playbackRate = a.rate;
  return [p, a.start];
});
// Media time T on the timeline the run froze: startTime = beginTime (ms)
// counted from media time 0.
window.oqcSetTime = function (T) {
  const now = document.timeline.currentTime;
  for (const [p, start] of oqcPlayers) p.startTime = now - T * 1000 + start * 1000;
  return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(1))));
};
</script></body></html>
"""


def translate(scene, margin=0):
    """scene dict -> (html, [animation intervals])."""
    canvas = scene.get("canvas", {})
    extra = set(canvas) - {"width", "height", "scale", "background"}
    if extra:
        raise Unsupported("canvas keys %s" % ", ".join(sorted(extra)))
    w, h = float(canvas["width"]), float(canvas["height"])
    bg = css_colour(colour(canvas.get("background", "#ffffff")))
    body = []
    anims = []
    intervals = []
    for i, d in enumerate(scene.get("layers", [])):
        if "sublayers" in d or "type" in d:
            raise Unsupported("sublayers and typed layers")
        m = Model(d)
        used = set()
        for a in d.get("animations", []):
            extra = set(a) - ANIMATION_KEYS
            if extra:
                raise Unsupported("animation keys %s" % ", ".join(sorted(extra)))
            if a.get("isAdditive") or a.get("isCumulative"):
                raise Unsupported("additive or cumulative")
            elem, frames = keyframes(a, m)
            props = {(elem, p) for k in frames for p in k if p not in ("offset", "easing")}
            if props & used:
                # Two animations of one CSS property replace each other
                # whole; two key paths that share one (position.x and
                # position.y) would not combine as CA combines them.
                raise Unsupported("two animations of one CSS property")
            used |= props
            opts, start, rate = timing(a)
            if math.isinf(opts["iterations"]):
                opts["iterations"] = None
            anims.append({"element": "%s%d" % (elem, i), "keyframes": frames, "timing": opts,
                          "start": start, "rate": rate})
            intervals.append(active_interval(a))
        ax, ay = m.anchor
        bstyle = ["width:%spx" % num(m.width), "height:%spx" % num(m.height),
                  "translate:%s%% %s%%" % (num(-100 * ax), num(-100 * ay)), "opacity:%s" % num(m.opacity)]
        if m.background[3] > 0:
            bstyle.append("background-color:" + css_colour(m.background))
        if m.corner > 0:
            bstyle.append("border-radius:%spx" % num(m.corner))
        if m.border_width > 0:
            bstyle.append("box-shadow:" + box_shadow(m.border_width, m.border_colour))
        body.append(
            '<div class="o" id="o%d" style="translate:%spx %spx">'
            '<div class="t" id="t%d"><div class="b" id="b%d" style="%s"></div></div></div>' % (
                i, num(m.position[0]), num(m.position[1]), i, i, ";".join(bstyle)))
    html = PAGE % {"margin": num(margin), "w": num(w), "h": num(h), "bg": bg, "body": "\n".join(body),
                   "anims": json.dumps(anims)}
    return html, intervals


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scene")
    ap.add_argument("-o", "--output")
    a = ap.parse_args(argv)
    with open(a.scene) as fh:
        scene = json.load(fh)
    try:
        html, _ = translate(scene)
    except Unsupported as e:
        print("untranslatable: %s" % e, file=sys.stderr)
        return 2
    generate.emit(html, a.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
