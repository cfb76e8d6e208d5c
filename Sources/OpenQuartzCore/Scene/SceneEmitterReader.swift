import Foundation

/// Emitter layers and their cells (docs/scene-format.md "Emitter layers").
extension SceneReader {
    static let emitterShapeTable: KeyValuePairs<String, CAEmitterLayerEmitterShape> = [
        "point": .point, "line": .line, "rectangle": .rectangle, "cuboid": .cuboid, "circle": .circle, "sphere": .sphere,
    ]
    static let emitterModeTable: KeyValuePairs<String, CAEmitterLayerEmitterMode> = [
        "points": .points, "outline": .outline, "surface": .surface, "volume": .volume,
    ]
    static let renderModeTable: KeyValuePairs<String, CAEmitterLayerRenderMode> = [
        "unordered": .unordered, "oldestFirst": .oldestFirst, "oldestLast": .oldestLast,
        "backToFront": .backToFront, "additive": .additive,
    ]
    /// The most cells of one emitter, sub-cells included (docs/limits.md).
    static let maxEmitterCells = 256

    func applyEmitter(_ key: SceneLayerKey, _ v: JSONValue, _ p: JSONPath, to layer: CAEmitterLayer) throws(SceneError) {
        switch key {
        case .emitterCells:
            var count = 0
            layer.emitterCells = try emitterCells(v, p, depth: 1, count: &count)
        case .birthRate: layer.birthRate = try finiteFloat(v, p)
        case .lifetime: layer.lifetime = try finiteFloat(v, p)
        case .emitterPosition: layer.emitterPosition = try point(v, p)
        case .emitterZPosition: layer.emitterZPosition = try number(v, p)
        case .emitterSize: layer.emitterSize = try offset(v, p)
        case .emitterDepth: layer.emitterDepth = try number(v, p)
        case .emitterShape: layer.emitterShape = try choice(v, p, Self.emitterShapeTable)
        case .emitterMode: layer.emitterMode = try choice(v, p, Self.emitterModeTable)
        case .renderMode: layer.renderMode = try choice(v, p, Self.renderModeTable)
        case .preservesDepth: layer.preservesDepth = try bool(v, p)
        case .velocity: layer.velocity = try finiteFloat(v, p)
        case .scale: layer.scale = try finiteFloat(v, p)
        case .spin: layer.spin = try finiteFloat(v, p)
        case .seed:
            let n = try integer(v, p, min: 0)
            guard n <= Int(UInt32.max) else { throw fail(p, "expected a whole number 0…\(UInt32.max), got \(Self.quote(v))") }
            layer.seed = UInt32(n)
        default: break
        }
    }

    /// A number that is a finite `Float` (the property is declared `Float`).
    private func finiteFloat(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> Float {
        let f = Float(try number(v, p))
        guard f.isFinite else { throw fail(p, "number out of range for a Float, got \(Self.quote(v))") }
        return f
    }

    /// Radians as a number, or `{"degrees": a}` / `{"radians": a}`.
    private func cellAngle(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGFloat {
        if case .object = v { return try angle(v, p) }
        return try number(v, p)
    }

    /// An array of cell objects, or null; `depth` is the level of these cells (1: the layer's).
    private func emitterCells(_ v: JSONValue, _ p: JSONPath, depth: Int, count: inout Int) throws(SceneError) -> [CAEmitterCell]? {
        if case .null = v { return nil }
        guard depth <= CAEmitterCell.maxDepth else {
            throw fail(p, "emitter cells nested deeper than \(CAEmitterCell.maxDepth) levels", kind: .limitExceeded)
        }
        let items = try array(v, p, expected: "an array of emitter cell objects")
        let base = p.settled()
        var cells: [CAEmitterCell] = []
        for (i, item) in items.enumerated() {
            count += 1
            if count > Self.maxEmitterCells {
                throw fail(base.index(i), "more than \(Self.maxEmitterCells) emitter cells in one layer", kind: .limitExceeded)
            }
            cells.append(try emitterCell(item, base.index(i), depth: depth, count: &count))
        }
        return cells
    }

    static let cellKeys: Set<String> = [
        "name", "enabled", "birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude",
        "emissionRange", "velocity", "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale",
        "scaleRange", "scaleSpeed", "spin", "spinRange", "color", "redRange", "greenRange", "blueRange", "alphaRange",
        "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "contents", "contentsRect", "contentsScale",
        "minificationFilter", "magnificationFilter", "minificationFilterBias", "emitterCells", "beginTime", "duration",
        "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]

    private func emitterCell(_ v: JSONValue, _ p: JSONPath, depth: Int, count: inout Int) throws(SceneError) -> CAEmitterCell {
        let o = try object(v, p, expected: "an emitter cell object")
        let c = CAEmitterCell()
        let base = p.settled()
        for m in o.members {
            let kp = base.key(m.key), v = m.value
            guard Self.cellKeys.contains(m.key) else {
                let hint = Self.nearest(m.key, in: Self.cellKeys.sorted()).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw fail(kp, "unknown key of an emitter cell" + hint)
            }
            switch m.key {
            case "name": c.name = try string(v, kp)
            case "enabled": c.isEnabled = try bool(v, kp)
            case "emissionLatitude", "emissionLongitude", "emissionRange": c.setValue(try cellAngle(v, kp), forKey: m.key)
            case "color": c.color = try optionalColor(v, kp)
            case "contents": c.contents = try image(v, kp)
            case "contentsRect": c.contentsRect = try rect(v, kp)
            case "contentsScale": c.contentsScale = try positive(v, kp)
            case "minificationFilter": c.minificationFilter = try choice(v, kp, Self.filterTable).rawValue
            case "magnificationFilter": c.magnificationFilter = try choice(v, kp, Self.filterTable).rawValue
            case "emitterCells": c.emitterCells = try emitterCells(v, kp, depth: depth + 1, count: &count)
            case "autoreverses": c.autoreverses = try bool(v, kp)
            case "fillMode": c.fillMode = try choice(v, kp, Self.fillModeTable)
            case "repeatCount":
                if case .string("infinity") = v { c.repeatCount = .infinity } else { c.repeatCount = Float(try nonNegative(v, kp)) }
            default:
                // Numbers: Float-declared ones must be finite Floats.
                if CAEmitterCell.floatKeys.contains(m.key) { c.setValue(try finiteFloat(v, kp), forKey: m.key) }
                else { c.setValue(Double(try number(v, kp)), forKey: m.key) }
            }
        }
        return c
    }
}
