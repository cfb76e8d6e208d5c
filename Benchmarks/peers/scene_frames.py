"""The scene files a peer runner draws: one, or the frames of an animation (static scenes that
`oqc render --time T --scene-out` wrote), each turned into the runner's renderer before any
timing, so that frame i of a benchmark draws scene i mod n."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Conformance"))
import scene_model as sm  # noqa: E402


def load_renderers(paths, make, program, unsupported=()):
    """`make(scene)` for each file, or the runner's exit status with its one line on stderr:
    2 for a scene the model refuses, 3 for one the renderer cannot draw (`unsupported`)."""
    renderers = []
    for path in paths:
        try:
            renderers.append(make(sm.load(path)))
        except sm.SceneError as e:
            print(str(e), file=sys.stderr)
            return 2
        except unsupported as e:
            print("%s: %s: unsupported: %s" % (program, os.path.basename(path), e), file=sys.stderr)
            return 3
    return renderers
