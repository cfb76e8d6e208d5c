import Foundation

/// How animations write their values (`fromValue`, `toValue`, `byValue`, `values`) to a keyed
/// archive: each as its kind (`key.kind`) and its data in the forms layer values use
/// (NSCoder+LayerValues.swift). Numbers, `Bool`s, strings, colours, paths, images, points,
/// sizes, rectangles and transforms (bare or in `NSValue`s) and arrays of them are archived;
/// any other value is left out. Numbers come back as `NSNumber`s and geometry as bare values,
/// which animations read as they read the originals.
extension NSCoder {
    /// How deep arrays of values nest in an archive; deeper ones read as nil.
    static let animationValueDepth = 8
    /// The most elements one archived array of values gives back (a hostile archive's count
    /// costs no more than this many lookups); docs/limits.md, "Keyed archives".
    static let animationValueCount = 100_000

    final func encodeAnimationValue(_ v: Any?, forKey key: String, depth: Int = 0) {
        guard let v, depth < NSCoder.animationValueDepth else { return }
        func kind(_ k: String) { encode(k, forKey: key + ".kind") }
        if type(of: v) == Bool.self, let b = v as? Bool { kind("bool"); encode(b, forKey: key); return }
        switch v {
        case let c as CGColor: kind("color"); encodeColor(c, forKey: key)
        case let p as CGPath: kind("path"); encodePath(p, forKey: key)
        case let i as CGImage: kind("image"); encodeImage(i, forKey: key)
        case let s as String: kind("string"); encode(s, forKey: key)
        case let list as [Any]:
            kind("array")
            encode(list.count, forKey: key + ".count")
            for (i, e) in list.enumerated() { encodeAnimationValue(e, forKey: "\(key).\(i)", depth: depth + 1) }
        default:
            if let d = KeyValueNumber.double(v) {
                kind("number"); encode(d, forKey: key)
            } else if case .transform(let t)? = AnimationValue(v, kind: .transform) {
                kind("transform"); encodeTransform(t, forKey: key)
            } else if case .rect(let r)? = AnimationValue(v, kind: .rect) {
                kind("rect"); encodeRect(r, forKey: key)
            } else if case .point(let p)? = AnimationValue(v, kind: .point) {
                kind("point"); encodePoint(p, forKey: key)
            } else if case .size(let s)? = AnimationValue(v, kind: .size) {
                kind("size"); encodeSize(s, forKey: key)
            }
        }
    }

    /// The value written by `encodeAnimationValue`; nil when absent, malformed or too deep.
    final func decodeAnimationValue(forKey key: String, depth: Int = 0) -> Any? {
        guard depth < NSCoder.animationValueDepth, let kind = decodeStringValue(forKey: key + ".kind") else { return nil }
        switch kind {
        case "bool": return decodeBoolValue(forKey: key)
        case "color": return decodeColor(forKey: key) ?? nil
        case "path": return decodePath(forKey: key) ?? nil
        case "image": return decodeImage(forKey: key)
        case "string": return decodeStringValue(forKey: key)
        case "number": return decodeDoubleValue(forKey: key).map { NSNumber(value: $0) }
        case "transform": return decodeTransformValue(forKey: key)
        case "rect": return decodeRectValue(forKey: key)
        case "point": return decodePointValue(forKey: key)
        case "size": return decodeSizeValue(forKey: key)
        case "array":
            guard let n = decodeIntValue(forKey: key + ".count"), n >= 0, n <= NSCoder.animationValueCount else { return nil }
            return (0..<n).compactMap { decodeAnimationValue(forKey: "\(key).\($0)", depth: depth + 1) }
        default: return nil
        }
    }

    /// Timing functions as their control points, four numbers each.
    final func encodeTimingFunctions(_ list: [CAMediaTimingFunction]?, forKey key: String) {
        guard let list else { return }
        encodeNumbers(list.flatMap { [CGFloat($0.c1.x), CGFloat($0.c1.y), CGFloat($0.c2.x), CGFloat($0.c2.y)] }, forKey: key)
    }

    /// The functions written by `encodeTimingFunctions`; nil when absent or malformed.
    final func decodeTimingFunctions(forKey key: String) -> [CAMediaTimingFunction]? {
        guard let v = decodeNumbers(forKey: key), v.count % 4 == 0 else { return nil }
        return stride(from: 0, to: v.count, by: 4).map {
            CAMediaTimingFunction(controlPoints: Float(v[$0]), Float(v[$0 + 1]), Float(v[$0 + 2]), Float(v[$0 + 3]))
        }
    }
}

/// How deep animation groups nest while an archive is read: below `CAAnimationGroup.maxNesting`
/// levels no more children are read (a cyclic archive nests without end, as for layers).
enum AnimationDecoding {
    @TaskLocal static var depth = 0
}
