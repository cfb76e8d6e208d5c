import Foundation

/// Emitter layers and their cells written back as scene JSON (the inverse of
/// SceneEmitterReader.swift): only values that differ from Core Animation's defaults.
extension SceneWriter {
    func emitterMembers(_ e: CAEmitterLayer) -> [(SceneLayerKey, JSONValue)] {
        var m: [(SceneLayerKey, JSONValue)] = []
        if let cells = e.emitterCells { m.append((.emitterCells, .array(cells.map { emitterCell($0, depth: 1) }))) }
        if e.birthRate != 1 { m.append((.birthRate, number(e.birthRate))) }
        if e.lifetime != 1 { m.append((.lifetime, number(e.lifetime))) }
        if e.emitterPosition != .zero { m.append((.emitterPosition, point(e.emitterPosition))) }
        if e.emitterZPosition != 0 { m.append((.emitterZPosition, number(e.emitterZPosition))) }
        if e.emitterSize != .zero { m.append((.emitterSize, size(e.emitterSize))) }
        if e.emitterDepth != 0 { m.append((.emitterDepth, number(e.emitterDepth))) }
        if e.emitterShape != .point, let v = name(e.emitterShape, SceneReader.emitterShapeTable) { m.append((.emitterShape, v)) }
        if e.emitterMode != .volume, let v = name(e.emitterMode, SceneReader.emitterModeTable) { m.append((.emitterMode, v)) }
        if e.renderMode != .unordered, let v = name(e.renderMode, SceneReader.renderModeTable) { m.append((.renderMode, v)) }
        if e.preservesDepth { m.append((.preservesDepth, .bool(true))) }
        if e.velocity != 1 { m.append((.velocity, number(e.velocity))) }
        if e.scale != 1 { m.append((.scale, number(e.scale))) }
        if e.spin != 1 { m.append((.spin, number(e.spin))) }
        if e.seed != 0 { m.append((.seed, .int(Int(e.seed)))) }
        return m
    }

    private func emitterCell(_ c: CAEmitterCell, depth: Int) -> JSONValue {
        var m: [JSONObject.Member] = []
        func put(_ k: String, _ v: JSONValue?) { if let v { m.append(.init(key: k, value: v)) } }
        if let n = c.name { put("name", .string(n)) }
        if !c.isEnabled { put("enabled", .bool(false)) }
        for key in CAEmitterCell.floatKeys {
            guard let f = c.value(forKey: key) as? Float, f != (key == "speed" ? 1 : 0) else { continue }
            put(key, key == "repeatCount" && f == .infinity ? .string("infinity") : number(f))
        }
        for key in CAEmitterCell.cgFloatKeys {
            let fallback: Double = key == "scale" || key == "contentsScale" ? 1 : 0
            if let x = KeyValueNumber.double(c.value(forKey: key)), x != fallback { put(key, number(CGFloat(x))) }
        }
        if c.color != CGColor.white { put("color", optionalColor(c.color)) }
        if let img = c.contents as? CGImage { put("contents", image(img)) }
        if c.contentsRect != CGRect(x: 0, y: 0, width: 1, height: 1) { put("contentsRect", rect(c.contentsRect)) }
        if c.minificationFilter != "linear" { put("minificationFilter", .string(c.minificationFilter)) }
        if c.magnificationFilter != "linear" { put("magnificationFilter", .string(c.magnificationFilter)) }
        if c.autoreverses { put("autoreverses", .bool(true)) }
        if c.fillMode != .removed { put("fillMode", name(c.fillMode, SceneReader.fillModeTable)) }
        if let cells = c.emitterCells, depth < CAEmitterCell.maxDepth {
            put("emitterCells", .array(cells.map { emitterCell($0, depth: depth + 1) }))
        }
        return .object(JSONObject(m))
    }
}
