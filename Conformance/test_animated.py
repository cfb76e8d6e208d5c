"""The animated translator (anim2html.py) and its generator: CA timing mapped to
Web Animations as README "Animated scenes" derives it, with expected values
worked out by hand from Core Animation's documented timing."""
import json
import math
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import anim2html  # noqa: E402
import generate_animated  # noqa: E402


def layer_with(anim, **layer):
    d = {"bounds": [0, 0, 40, 20], "position": [50, 60], "backgroundColor": "#ff0000"}
    d.update(layer)
    d["animations"] = [anim]
    return d


def page_animations(scene):
    html, _ = anim2html.translate(scene)
    start = html.index("const oqcAnimations = ") + len("const oqcAnimations = ")
    return json.loads(html[start:html.index(";\n", start)])


class TimingTests(unittest.TestCase):
    def test_autoreverse_repeat_is_two_css_iterations(self):
        # CA: one repeat of an autoreversing animation is forward then back
        # (2 x duration); CSS alternate turns round every iteration.
        opts, start, rate = anim2html.timing({"duration": 2, "repeatCount": 1.5, "autoreverses": True})
        self.assertEqual(opts["iterations"], 3)
        self.assertEqual(opts["direction"], "alternate")
        self.assertEqual(opts["duration"], 2000)
        self.assertEqual(anim2html.active_interval({"duration": 2, "repeatCount": 1.5, "autoreverses": True}),
                         (0.0, 6.0))

    def test_no_repeat_count_is_one_cycle(self):
        opts, _, _ = anim2html.timing({"duration": 1, "autoreverses": True})
        self.assertEqual(opts["iterations"], 2)
        opts, _, _ = anim2html.timing({"duration": 1})
        self.assertEqual(opts["iterations"], 1)

    def test_zero_duration_is_a_quarter_second(self):
        opts, _, _ = anim2html.timing({})
        self.assertEqual(opts["duration"], 250)

    def test_repeat_duration_counts_in_single_directions(self):
        opts, _, _ = anim2html.timing({"duration": 0.5, "repeatDuration": 1.75, "autoreverses": True})
        self.assertAlmostEqual(opts["iterations"], 3.5)

    def test_time_offset_is_iteration_start(self):
        # docs/time.md: 3 s with offset 1 shows 1 -> 3, then 0 -> 1, the
        # active interval unmoved: iterationStart 1/3.
        opts, start, _ = anim2html.timing({"duration": 3, "timeOffset": 1, "beginTime": 2})
        self.assertAlmostEqual(opts["iterationStart"], 1 / 3)
        self.assertEqual(start, 2)
        self.assertEqual(anim2html.active_interval({"duration": 3, "timeOffset": 1, "beginTime": 2}), (2.0, 5.0))

    def test_speed_is_playback_rate_and_shortens_the_interval(self):
        a = {"duration": 2, "beginTime": 1, "speed": 2}
        _, start, rate = anim2html.timing(a)
        self.assertEqual((start, rate), (1.0, 2.0))
        self.assertEqual(anim2html.active_interval(a), (1.0, 2.0))

    def test_reverse_speed_starts_at_the_end_of_the_interval(self):
        # At speed -0.5 a 2 s animation begins at beginTime 1 and lasts 4 s;
        # at media time 1 its local time is 2 (its end): (1 - start) * -0.5 = 2.
        a = {"duration": 2, "beginTime": 1, "speed": -0.5}
        _, start, rate = anim2html.timing(a)
        self.assertEqual(rate, -0.5)
        self.assertAlmostEqual((1 - start) * rate, 2)
        self.assertAlmostEqual((5 - start) * rate, 0)
        self.assertEqual(anim2html.active_interval(a), (1.0, 5.0))

    def test_removed_on_completion_drops_the_fill_after_the_end(self):
        both = {"duration": 1, "fillMode": "both"}
        self.assertEqual(anim2html.timing(both)[0]["fill"], "backwards")
        self.assertEqual(anim2html.timing(dict(both, isRemovedOnCompletion=False))[0]["fill"], "both")
        # Reversed: after the end in media time is before local time 0.
        self.assertEqual(anim2html.timing(dict(both, speed=-1))[0]["fill"], "forwards")
        self.assertEqual(anim2html.timing({"duration": 1, "fillMode": "removed"})[0]["fill"], "none")

    def test_infinite_repeat(self):
        opts, _, _ = anim2html.timing({"duration": 1, "repeatCount": "infinity"})
        self.assertTrue(math.isinf(opts["iterations"]))
        with self.assertRaises(anim2html.Unsupported):
            anim2html.timing({"duration": 1, "repeatCount": "infinity", "speed": -1})

    def test_named_timing_functions_are_apples_control_points(self):
        self.assertEqual(anim2html.timing_function_css("easeInEaseOut"), "cubic-bezier(0.42,0,0.58,1)")
        self.assertEqual(anim2html.timing_function_css("default"), "cubic-bezier(0.25,0.1,0.25,1)")
        self.assertEqual(anim2html.timing_function_css("linear"), "linear")
        self.assertEqual(anim2html.timing_function_css([0.1, -0.5, 0.9, 1.5]), "cubic-bezier(0.1,-0.5,0.9,1.5)")


class KeyframeTests(unittest.TestCase):
    m = anim2html.Model({"bounds": [0, 0, 40, 20], "position": [50, 60], "opacity": 0.5,
                         "backgroundColor": "#336699"})

    def test_to_value_starts_from_the_model(self):
        elem, frames = anim2html.keyframes({"keyPath": "position.x", "toValue": 90}, self.m)
        self.assertEqual(elem, "o")
        self.assertEqual([k["translate"] for k in frames], ["50px 60px", "90px 60px"])

    def test_by_value(self):
        _, frames = anim2html.keyframes({"keyPath": "opacity", "byValue": 0.25}, self.m)
        self.assertEqual([k["opacity"] for k in frames], ["0.5", "0.75"])
        _, frames = anim2html.keyframes({"keyPath": "opacity", "fromValue": 0.1, "byValue": 0.25}, self.m)
        self.assertEqual([k["opacity"] for k in frames], ["0.1", "0.35"])

    def test_colour_to_value_from_the_model(self):
        _, frames = anim2html.keyframes({"keyPath": "backgroundColor", "toValue": "#ffffff"}, self.m)
        self.assertEqual([k["backgroundColor"] for k in frames], ["rgba(51,102,153,1)", "rgba(255,255,255,1)"])

    def test_key_times_are_offsets_and_ends_hold(self):
        # CA holds the first value before the first key time and the last
        # after the last; CSS would blend with the underlying value.
        _, frames = anim2html.keyframes({"type": "keyframe", "keyPath": "opacity", "values": [0.2, 0.6, 1],
                                         "keyTimes": [0.25, 0.5, 0.75]}, self.m)
        self.assertEqual([(k["offset"], k["opacity"]) for k in frames],
                         [(0, "0.2"), (0.25, "0.2"), (0.5, "0.6"), (0.75, "1"), (1, "1")])

    def test_segment_timing_functions_are_keyframe_easings(self):
        _, frames = anim2html.keyframes({"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0],
                                         "timingFunctions": ["easeIn", "linear"]}, self.m)
        self.assertEqual([k.get("easing") for k in frames], ["cubic-bezier(0.42,0,1,1)", "linear", None])
        self.assertEqual([k["offset"] for k in frames], [0, 0.5, 1])

    def test_discrete_values_hold_until_the_next_key_time(self):
        # Without key times each of n values shows for 1/n of the duration.
        _, frames = anim2html.keyframes({"type": "keyframe", "keyPath": "opacity", "values": [0.1, 0.4, 0.8],
                                         "calculationMode": "discrete"}, self.m)
        self.assertEqual([(k["offset"], k["opacity"]) for k in frames],
                         [(0, "0.1"), (1 / 3, "0.4"), (2 / 3, "0.8"), (1, "0.8")])
        self.assertTrue(all(k["easing"] == "steps(1, end)" for k in frames[:-1]))

    def test_rotation_in_radians_and_degrees(self):
        _, frames = anim2html.keyframes({"keyPath": "transform.rotation.y", "fromValue": {"degrees": 90},
                                         "toValue": 0.5}, self.m)
        self.assertEqual([k["rotate"] for k in frames], ["y 1.570796rad", "y 0.5rad"])

    def test_what_css_cannot_express_is_refused(self):
        for a in ({"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "calculationMode": "paced"},
                  {"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1},
                  {"keyPath": "shadowOpacity", "fromValue": 0, "toValue": 1}):
            with self.assertRaises(anim2html.Unsupported):
                anim2html.keyframes(a, self.m)
        with self.assertRaises(anim2html.Unsupported):
            anim2html.translate({"canvas": {"width": 10, "height": 10},
                                 "layers": [layer_with({"keyPath": "opacity", "toValue": 0, "isCumulative": True})]})
        with self.assertRaises(anim2html.Unsupported):
            anim2html.translate({"canvas": {"width": 10, "height": 10}, "layers": [
                layer_with({"keyPath": "position.x", "toValue": 0},
                           animations=[]) | {"animations": [{"keyPath": "position.x", "toValue": 0},
                                                            {"keyPath": "position.y", "toValue": 0}]}]})

    def test_page_carries_elements_and_timing(self):
        anims = page_animations({"canvas": {"width": 100, "height": 100}, "layers": [
            layer_with({"keyPath": "bounds.size.width", "toValue": 80, "duration": 2, "beginTime": 0.5,
                        "speed": 2, "fillMode": "forwards", "isRemovedOnCompletion": False})]})
        self.assertEqual(len(anims), 1)
        a = anims[0]
        self.assertEqual(a["element"], "b0")
        self.assertEqual((a["start"], a["rate"]), (0.5, 2.0))
        self.assertEqual(a["timing"]["fill"], "forwards")
        self.assertEqual([k["width"] for k in a["keyframes"]], ["40px", "80px"])


class GeneratorTests(unittest.TestCase):
    def test_reproducible(self):
        self.assertEqual(generate_animated.scene(7), generate_animated.scene(7))

    def test_every_scene_translates_with_five_times_away_from_jumps(self):
        for seed in range(200):
            scene, times = generate_animated.scene(seed)
            anim2html.translate(scene)
            self.assertEqual(len(times), 5, seed)
            anims = [a for L in scene["layers"] for a in L["animations"]]
            jumps = [t for a in anims for t in generate_animated.discontinuities(a)]
            for t in times:
                self.assertFalse(generate_animated.near_jump(anims, jumps, t), (seed, t))

    def test_discrete_steps_follow_the_timing_function(self):
        # Two values, no key times: the second from progress 1/2. Ease-in
        # (0.42, 0, 1, 1): y(s) = 3s^2 - 2s^3 is 1/2 at s = 1/2, where
        # x = 3/8 * 0.42 + 3/8 + 1/8 = 0.6575; a 2 s animation jumps at 1.315 s.
        a = {"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "calculationMode": "discrete",
             "duration": 2, "timingFunction": "easeIn"}
        self.assertEqual(generate_animated.discrete_step(a, 1.30), 1)
        self.assertEqual(generate_animated.discrete_step(a, 1.33), 2)
        self.assertIsNone(generate_animated.discrete_step(a, 2.1))

    def test_scenes_use_only_documented_keys(self):
        for seed in range(50):
            scene, _ = generate_animated.scene(seed)
            self.assertEqual(set(scene), {"canvas", "layers"})
            for L in scene["layers"]:
                self.assertLessEqual(set(L), anim2html.LAYER_KEYS)
                for a in L["animations"]:
                    self.assertLessEqual(set(a), anim2html.ANIMATION_KEYS)


if __name__ == "__main__":
    unittest.main()
