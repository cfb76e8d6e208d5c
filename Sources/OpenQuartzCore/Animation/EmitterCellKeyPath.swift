import Foundation

/// A key path into an emitter layer's cells, after `emitterCells.`: `NAME.birthRate`, or for a
/// sub-cell `NAME.emitterCells.SUBNAME.velocity` (CAEmitterCell.h: "The name of the cell. Used
/// to construct key paths"; the confetti and fire code animates `emitterCells.NAME.birthRate`).
struct EmitterCellKeyPath: Hashable, Sendable {
    /// The cells' names from the layer down.
    let names: [String]
    /// The cell property.
    let key: String

    /// The cell properties key paths reach, with the kind of value each holds.
    static let kinds: [String: AnimationValueKind] = {
        var d: [String: AnimationValueKind] = ["color": .color, "contentsRect": .rect]
        for k in CAEmitterCell.floatKeys + CAEmitterCell.cgFloatKeys { d[k] = .number }
        for k in ["name", "enabled", "isEnabled", "contents", "minificationFilter", "magnificationFilter", "emitterCells",
                  "style", "autoreverses", "fillMode"] { d[k] = .discrete }
        return d
    }()

    /// Nil unless `rest` is `NAME(.emitterCells.NAME)*.PROPERTY` with a known cell property.
    init?(_ rest: Substring) {
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last, Self.kinds[String(last)] != nil else { return nil }
        var names: [String] = [String(parts[0])]
        var i = 1
        while i + 1 < parts.count {
            guard parts[i] == "emitterCells", i + 2 < parts.count else { return nil }
            names.append(String(parts[i + 1]))
            i += 2
        }
        guard i == parts.count - 1, names.count <= CAEmitterCell.maxDepth else { return nil }
        self.names = names
        key = String(last)
    }

    var kind: AnimationValueKind { Self.kinds[key] ?? .discrete }

    /// The cell the path names on `l`, nil when `l` is not an emitter or has no such cell.
    func cell(of l: CALayer) -> CAEmitterCell? {
        (l as? CAEmitterLayer)?.cell(at: names.map { $0[...] })
    }

    func get(_ l: CALayer) -> AnimationValue? {
        guard let cell = cell(of: l) else { return nil }
        let v = cell.value(forKey: key)
        switch kind {
        case .number: return KeyValueNumber.double(v).map { .number($0) }
        case .color: return AnimationValue(v, kind: .color) ?? .noColor
        case .rect: return (v as? CGRect).map { .rect($0) }
        default: return .discrete(v)
        }
    }

    func set(_ l: CALayer, _ v: AnimationValue) -> Bool {
        guard let cell = cell(of: l) else { return false }
        switch (kind, v) {
        case (.number, .number(let d)): cell.setValue(d, forKey: key)
        case (.color, .color), (.color, .noColor): cell.color = v.cgColorValue
        case (.rect, .rect(let r)): cell.contentsRect = r
        case (.discrete, .discrete(let x)): cell.setValue(x, forKey: key)
        default: return false
        }
        return true
    }

    /// A value as the cell property's Swift type (`birthRate` is a `Float`, `velocity` a `CGFloat`).
    func swiftValue(_ v: AnimationValue) -> Any? {
        guard kind == .number, let d = v.doubleValue else { return v.anyValue }
        if CAEmitterCell.floatKeys.contains(key) { return Float(d) }
        if ["beginTime", "duration", "timeOffset", "repeatDuration"].contains(key) { return d }
        return CGFloat(d)
    }
}
