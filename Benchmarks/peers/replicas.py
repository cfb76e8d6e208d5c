"""Replicator layers written out as plain layers, for the peer renderers (which draw no
replicators): a scene's JSON in, the same picture without `"type": "replicator"` out.

Instance i of a replicator is its sublayers under instanceTransform applied i times about the
centre of the replicator's bounds, in the replicator's sublayer space, tinted by instanceColor
plus i times the colour offsets (channels clamped to 0...1), as oqc draws it (CAReplicatorLayer.h).
Each instance becomes a plain layer whose bounds and position make its space the replicator's
sublayer space, whose transform is that power, and whose sublayers are copies with every colour
multiplied by the tint. oqc tints an instance's composited pixels, which is the same where an
instance's layers do not overlap one another (the benchmark's spinners: one dot an instance).
instanceDelay is refused: it needs the animation (oqc render --scene-out refuses it too).
"""
import copy
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Conformance"))
import scene_model as sm  # noqa: E402

INSTANCE_KEYS = ("instanceCount", "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset",
                 "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset")
# Colour keys and their defaults when absent (None: nothing drawn).
COLOUR_KEYS = {"backgroundColor": None, "borderColor": (0, 0, 0, 1), "fillColor": (0, 0, 0, 1),
               "strokeColor": None, "shadowColor": (0, 0, 0, 1), "foregroundColor": (1, 1, 1, 1)}
# When an absent colour key's default is drawn at all.
DRAWS_DEFAULT = {"backgroundColor": lambda L: False, "strokeColor": lambda L: False,
                 "borderColor": lambda L: L.get("borderWidth", 0) > 0,
                 "fillColor": lambda L: L.get("type") == "shape",
                 "shadowColor": lambda L: L.get("shadowOpacity", 0) > 0,
                 "foregroundColor": lambda L: L.get("type") == "text"}
PARSER = sm._P("replicas")


def matrix(value, where):
    """A scene transform (16 numbers or a list of steps) as sm's row-major 4 x 4 matrix."""
    return PARSER.transform(value, where)


def to_ca(m):
    """sm's column-form matrix back to 16 numbers in CATransform3D field order (sm.from_ca's inverse)."""
    return [m[4 * (k % 4) + k // 4] for k in range(16)]


def tint_of(layer, i):
    base = PARSER.color(layer.get("instanceColor", "white"), "instanceColor")
    offsets = [layer.get(k, 0) for k in ("instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
                                          "instanceAlphaOffset")]
    return tuple(min(max(b + (i * o if i > 0 else 0), 0.0), 1.0) for b, o in zip(base, offsets))


def tinted(layer, tint):
    """`layer` and its tree with every colour multiplied by `tint`."""
    out = dict(layer)
    for key, default in COLOUR_KEYS.items():
        value = layer[key] if key in layer else default if DRAWS_DEFAULT[key](layer) else None
        if value is None:
            continue
        c = PARSER.color(value, key) if not isinstance(value, tuple) else value
        out[key] = {"red": c[0] * tint[0], "green": c[1] * tint[1], "blue": c[2] * tint[2], "alpha": c[3] * tint[3]}
    if "colors" in layer:
        out["colors"] = [tinted({"backgroundColor": c}, tint)["backgroundColor"] for c in layer["colors"]]
    if "contents" in layer:
        raise ValueError("an image inside a tinted replicator instance cannot be tinted by colour")
    for key in ("sublayers",):
        if key in layer:
            out[key] = [tinted(s, tint) for s in layer[key]]
    if "mask" in layer:
        out["mask"] = layer["mask"]   # a mask's alpha is not tinted
    return out


def expand(layer):
    """The layer with every replicator in its tree written out as plain layers."""
    out = dict(layer)
    if "sublayers" in layer:
        out["sublayers"] = [expand(s) for s in layer["sublayers"]]
    if "mask" in layer:
        out["mask"] = expand(layer["mask"])
    if layer.get("type") != "replicator":
        return out
    if layer.get("instanceDelay", 0):
        raise ValueError("instanceDelay needs the animation; write the frame with oqc render --scene-out")
    del out["type"]
    for k in INSTANCE_KEYS:
        out.pop(k, None)
    bx, by, w, h = layer.get("bounds", [0, 0, 0, 0])
    step = matrix(layer.get("instanceTransform", [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]), "instanceTransform")
    power = sm.IDENT
    instances = []
    for i in range(max(int(layer.get("instanceCount", 1)), 0)):
        tint = tint_of(layer, i)
        if tint[3] > 0:
            subs = out.get("sublayers", [])
            if tint != (1.0, 1.0, 1.0, 1.0):
                subs = [tinted(s, tint) for s in subs]
            instances.append({"bounds": [bx, by, w, h], "position": [bx + w / 2, by + h / 2],
                              "transform": to_ca(power),
                              "sublayers": copy.deepcopy(subs)})
        power = sm.mmul(power, step)
    out["sublayers"] = instances
    return out


def expand_scene(scene):
    """A scene dict with its replicators written out; the same dict when it has none."""
    return {**scene, "layers": [expand(layer) for layer in scene.get("layers", [])]}


def has_replicator(layers):
    return any(layer.get("type") == "replicator" or has_replicator(layer.get("sublayers", []))
               or ("mask" in layer and has_replicator([layer["mask"]])) for layer in layers)
