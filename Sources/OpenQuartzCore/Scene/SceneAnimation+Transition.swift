import Foundation

/// Transition objects of a scene file's `animations` (docs/scene-format.md "Transitions"): a
/// `CATransition` whose old appearance is the layer object `from` (a scene has no earlier
/// render to take it from), drawn in the layer's bounds space; without `from` the transition
/// starts from nothing.
extension SceneAnimationType {
    /// The keys of a transition object besides the timing keys.
    static let transitionKeys: Set<String> = ["transitionType", "subtype", "startProgress", "endProgress", "from"]
}

extension SceneReader {
    static let transitionTypeTable: KeyValuePairs<String, CATransitionType> = [
        "fade": .fade, "moveIn": .moveIn, "push": .push, "reveal": .reveal,
    ]
    static let transitionSubtypeTable: KeyValuePairs<String, CATransitionSubtype> = [
        "fromLeft": .fromLeft, "fromRight": .fromRight, "fromTop": .fromTop, "fromBottom": .fromBottom,
    ]

    /// A transition object's own members (the caller reads the timing). A transition animates
    /// its layer, not a property: it cannot be part of a group.
    func transition(_ o: JSONObject, _ p: JSONPath, depth: Int) throws(SceneError) -> CATransition {
        if depth > 0 { throw fail(p.key("type"), "a transition animates a whole layer: it cannot be in a group") }
        let t = CATransition()
        if let x = o["transitionType"] { t.type = try choice(x, p.key("transitionType"), Self.transitionTypeTable) }
        if let x = o["subtype"] { t.subtype = try choice(x, p.key("subtype"), Self.transitionSubtypeTable) }
        if let x = o["startProgress"] { t.startProgress = Float(try unit(x, p.key("startProgress"))) }
        if let x = o["endProgress"] { t.endProgress = Float(try unit(x, p.key("endProgress"))) }
        if let from = o["from"] {
            let fp = p.key("from")
            // Bounded as the scene's own layers are, and counted against the animation limit.
            try checkTreeLimits([from], fp)
            try countAnimationValues(try stillLayers(from, fp), fp)
            t.oldAppearance = try layer(from, fp)
        }
        return t
    }

    /// How many layer objects the `from` tree holds (its depth and size already bounded),
    /// refusing animations in it: an old appearance is a still picture, and a transition's
    /// `from` inside a `from` would nest without end.
    private func stillLayers(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> Int {
        guard case .object(let o) = v else { return 0 }
        let base = p.settled()
        if o["animations"] != nil {
            throw fail(base.key("animations"), "a transition's \"from\" is a still picture: its layers have no animations")
        }
        var n = 1
        if let m = o["mask"] { n += try stillLayers(m, base.key("mask")) }
        if case .array(let subs)? = o["sublayers"] {
            let sp = base.key("sublayers").settled()
            for (i, s) in subs.enumerated() { n += try stillLayers(s, sp.index(i)) }
        }
        return n
    }
}

extension SceneWriter {
    /// A transition's members: those that differ from their defaults, and `from` when the old
    /// appearance came from a scene (one taken from a render is not a layer tree to write).
    func transitionMembers(_ t: CATransition, _ put: (String, JSONValue?) -> Void) {
        put("type", .string("transition"))
        if t.type != .fade { put("transitionType", name(t.type, SceneReader.transitionTypeTable)) }
        if let s = t.subtype { put("subtype", name(s, SceneReader.transitionSubtypeTable)) }
        if t.startProgress != 0 { put("startProgress", number(t.startProgress)) }
        if t.endProgress != 1 { put("endProgress", number(t.endProgress)) }
        if let from = t.oldAppearance { put("from", layer(from)) }
    }
}
