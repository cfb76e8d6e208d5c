import Foundation

// How layers archive their property values with an `NSCoder` (keyed archives only, as Core
// Animation requires). Keys are the properties' names, as Apple's archives use them.
//
// Core Graphics values (`CGColor`, `CGPath`, `CGImage`) are not `NSObject`s here, so they are
// written as plain numbers and bytes, never as objects: an archive holds only Foundation's
// property-list classes plus layers, which is what secure decoding needs. An absent key keeps
// the property's default, so archives of older versions and other writers decode; a value of
// the wrong shape (hostile or damaged input) is ignored the same way, never trapped on.
extension NSCoder {

    // MARK: Numbers and geometry

    /// Writes a run of numbers as one data object of little-endian Float64.
    final func encodeNumbers(_ values: [CGFloat], forKey key: String) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(values.count * 8)
        for v in values {
            withUnsafeBytes(of: Double(v).bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        encode(Data(bytes), forKey: key)
    }

    /// The numbers under `key`; nil when absent, or when `count` is given and does not match.
    /// At most `limit` numbers are read (an archive cannot make the reader allocate without bound
    /// beyond the data it already holds).
    final func decodeNumbers(forKey key: String, count: Int? = nil) -> [CGFloat]? {
        guard containsValue(forKey: key),
              let data = decodeObject(of: NSData.self, forKey: key) as Data?,
              data.count % 8 == 0 else { return nil }
        let n = data.count / 8
        if let count, n != count { return nil }
        var out = [CGFloat]()
        out.reserveCapacity(n)
        data.withUnsafeBytes { raw in
            for i in 0..<n {
                let bits = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                out.append(CGFloat(Double(bitPattern: UInt64(littleEndian: bits))))
            }
        }
        return out
    }

    final func encodeCGFloat(_ v: CGFloat, forKey key: String) { encode(Double(v), forKey: key) }

    final func decodeCGFloat(forKey key: String) -> CGFloat? {
        containsValue(forKey: key) ? CGFloat(decodeDouble(forKey: key)) : nil
    }

    final func decodeDoubleValue(forKey key: String) -> Double? {
        containsValue(forKey: key) ? decodeDouble(forKey: key) : nil
    }

    final func decodeFloatValue(forKey key: String) -> Float? {
        containsValue(forKey: key) ? decodeFloat(forKey: key) : nil
    }

    final func decodeBoolValue(forKey key: String) -> Bool? {
        containsValue(forKey: key) ? decodeBool(forKey: key) : nil
    }

    final func decodeIntValue(forKey key: String) -> Int? {
        containsValue(forKey: key) ? decodeInteger(forKey: key) : nil
    }

    final func encodePoint(_ p: CGPoint, forKey key: String) { encodeNumbers([p.x, p.y], forKey: key) }

    final func decodePointValue(forKey key: String) -> CGPoint? {
        decodeNumbers(forKey: key, count: 2).map { CGPoint(x: $0[0], y: $0[1]) }
    }

    final func encodeSize(_ s: CGSize, forKey key: String) { encodeNumbers([s.width, s.height], forKey: key) }

    final func decodeSizeValue(forKey key: String) -> CGSize? {
        decodeNumbers(forKey: key, count: 2).map { CGSize(width: $0[0], height: $0[1]) }
    }

    final func encodeRect(_ r: CGRect, forKey key: String) {
        encodeNumbers([r.origin.x, r.origin.y, r.size.width, r.size.height], forKey: key)
    }

    final func decodeRectValue(forKey key: String) -> CGRect? {
        decodeNumbers(forKey: key, count: 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }

    final func encodeTransform(_ m: CATransform3D, forKey key: String) {
        encodeNumbers([m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                       m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44], forKey: key)
    }

    final func decodeTransformValue(forKey key: String) -> CATransform3D? {
        guard let v = decodeNumbers(forKey: key, count: 16) else { return nil }
        return CATransform3D(m11: v[0], m12: v[1], m13: v[2], m14: v[3],
                             m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                             m31: v[8], m32: v[9], m33: v[10], m34: v[11],
                             m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// `[NSNumber]?` as numbers (nil is written as an absent key under `key` and a flag).
    final func encodeNumberList(_ list: [NSNumber]?, forKey key: String) {
        encode(list != nil, forKey: key + ".present")
        if let list { encodeNumbers(list.map { CGFloat($0.doubleValue) }, forKey: key) }
    }

    /// `.some(nil)` for an archived nil, `nil` when the key is absent.
    final func decodeNumberList(forKey key: String) -> [NSNumber]?? {
        guard let present = decodeBoolValue(forKey: key + ".present") else { return nil }
        guard present else { return .some(nil) }
        guard let v = decodeNumbers(forKey: key) else { return nil }
        return .some(v.map { NSNumber(value: Double($0)) })
    }

    // MARK: Strings

    final func encodeString(_ s: String?, forKey key: String) { encode(s, forKey: key) }

    /// Every object read checks `containsValue(forKey:)` first: swift-corelibs-foundation's
    /// `decodeObject(of:forKey:)` records a "data missing" error for an absent key, which fails
    /// the whole `unarchivedObject(ofClass:from:)`.
    final func decodeStringValue(forKey key: String) -> String? {
        guard containsValue(forKey: key) else { return nil }
        return decodeObject(of: NSString.self, forKey: key).map { String(describing: $0) }
    }

    // MARK: Text

    /// A text layer's `string`: a `String` as itself; an attributed string as its characters and
    /// its runs with the attributes text layers draw (font by name and size, colour, kerning,
    /// paragraph alignment and line breaking). Other attributes are not archived.
    final func encodeTextString(_ s: Any?, forKey key: String) {
        switch s {
        case let a as NSAttributedString:
            encode(a.string, forKey: key)
            var count = 0
            a.enumerateAttributes(in: NSRange(location: 0, length: a.length), options: []) { attrs, range, _ in
                let k = "\(key).run\(count)"
                encode(range.location, forKey: k + ".location")
                encode(range.length, forKey: k + ".length")
                if let f = attrs[.font] {
                    encodeString(CATextLayer.fontName(of: f), forKey: k + ".font")
                    if let ct = f as? CTFont { encodeCGFloat(ct.size, forKey: k + ".fontSize") }
                }
                if let c = attrs[.foregroundColor] as? CGColor { encodeColor(c, forKey: k + ".color") }
                if let kern = AttributedTextRuns.number(attrs[.kern]) { encode(kern, forKey: k + ".kern") }
                if let p = attrs[.paragraphStyle] as? NSParagraphStyle {
                    encode(p.alignment.rawValue, forKey: k + ".alignment")
                    encode(p.lineBreakMode.rawValue, forKey: k + ".lineBreakMode")
                }
                count += 1
            }
            encode(count, forKey: key + ".runs")
        case let t as String: encode(t, forKey: key)
        default: break
        }
    }

    /// A `String`, or an `NSAttributedString` when runs were archived. Runs outside the string
    /// (a damaged or hostile archive) are skipped.
    final func decodeTextString(forKey key: String) -> Any? {
        guard let text = decodeStringValue(forKey: key) else { return nil }
        guard let runs = decodeIntValue(forKey: key + ".runs") else { return text }
        let out = NSMutableAttributedString(string: text)
        let length = out.length
        for i in 0..<max(0, min(runs, length)) {
            let k = "\(key).run\(i)"
            guard let loc = decodeIntValue(forKey: k + ".location"), let len = decodeIntValue(forKey: k + ".length"),
                  loc >= 0, len > 0, loc <= length, len <= length - loc else { continue }
            var attrs: [NSAttributedString.Key: Any] = [:]
            if let name = decodeStringValue(forKey: k + ".font") {
                if let size = decodeCGFloat(forKey: k + ".fontSize") {
                    attrs[.font] = CTFontCreateWithName(name, size, nil)
                } else {
                    attrs[.font] = name
                }
            }
            if case .some(.some(let c)) = decodeColor(forKey: k + ".color") { attrs[.foregroundColor] = c }
            if let kern = decodeCGFloat(forKey: k + ".kern") { attrs[.kern] = Double(kern) }
            if let a = decodeIntValue(forKey: k + ".alignment"), let b = decodeIntValue(forKey: k + ".lineBreakMode") {
                let p = NSMutableParagraphStyle()
                p.alignment = NSTextAlignment(rawValue: a) ?? .natural
                p.lineBreakMode = NSLineBreakMode(rawValue: b) ?? .byWordWrapping
                attrs[.paragraphStyle] = p
            }
            if !attrs.isEmpty { out.addAttributes(attrs, range: NSRange(location: loc, length: len)) }
        }
        return NSAttributedString(attributedString: out)
    }

    // MARK: Core Graphics values

    /// A colour as `[model, components…]` (model 0: nil, 1: gray, 2: sRGB), so that nil, which
    /// differs from the default for `borderColor` and `shadowColor`, survives too.
    final func encodeColor(_ c: CGColor?, forKey key: String) {
        guard let c else { encodeNumbers([0], forKey: key); return }
        encodeNumbers([c.model == .gray ? 1 : 2] + c.storage, forKey: key)
    }

    /// `.some(nil)` for an archived nil, `nil` when absent or malformed.
    final func decodeColor(forKey key: String) -> CGColor?? {
        guard let v = decodeNumbers(forKey: key), let model = v.first else { return nil }
        switch (model, v.count) {
        case (0, 1): return .some(nil)
        case (1, 3): return .some(CGColor(gray: v[1], alpha: v[2]))
        case (2, 5): return .some(CGColor(red: v[1], green: v[2], blue: v[3], alpha: v[4]))
        default: return nil
        }
    }

    /// A path as `[kind, coordinates…]` per element (kind 0 move, 1 line, 2 quad, 3 cubic,
    /// 4 close; points in `CGPath.Element` order).
    final func encodePath(_ path: CGPath?, forKey key: String) {
        encode(path != nil, forKey: key + ".present")
        guard let path else { return }
        var v = [CGFloat]()
        for e in path.elements {
            switch e {
            case .move(let p): v += [0, p.x, p.y]
            case .line(let p): v += [1, p.x, p.y]
            case .quadCurve(let p, let c): v += [2, p.x, p.y, c.x, c.y]
            case .curve(let p, let c1, let c2): v += [3, p.x, p.y, c1.x, c1.y, c2.x, c2.y]
            case .closeSubpath: v += [4]
            }
        }
        encodeNumbers(v, forKey: key)
    }

    /// `.some(nil)` for an archived nil, `nil` when absent or malformed.
    final func decodePath(forKey key: String) -> CGPath?? {
        guard let present = decodeBoolValue(forKey: key + ".present") else { return nil }
        guard present else { return .some(nil) }
        guard let v = decodeNumbers(forKey: key) else { return nil }
        var elements = [CGPath.Element]()
        var i = 0
        func point(_ at: Int) -> CGPoint { CGPoint(x: v[at], y: v[at + 1]) }
        while i < v.count {
            let arity: Int
            switch v[i] {
            case 0, 1: arity = 2
            case 2: arity = 4
            case 3: arity = 6
            case 4: arity = 0
            default: return nil
            }
            guard v.count - i - 1 >= arity else { return nil }
            switch v[i] {
            case 0: elements.append(.move(to: point(i + 1)))
            case 1: elements.append(.line(to: point(i + 1)))
            case 2: elements.append(.quadCurve(to: point(i + 1), control: point(i + 3)))
            case 3: elements.append(.curve(to: point(i + 1), control1: point(i + 3), control2: point(i + 5)))
            default: elements.append(.closeSubpath)
            }
            i += 1 + arity
        }
        return .some(CGPath(elements: elements))
    }

    /// An image as its size and premultiplied RGBA bytes (exact, unlike a PNG round trip through
    /// straight alpha). Only `CGImage` contents are archived; other contents are dropped.
    final func encodeImage(_ image: CGImage?, forKey key: String) {
        guard let image else { return }
        encode(image.width, forKey: key + ".width")
        encode(image.height, forKey: key + ".height")
        encode(Data(image.premultipliedRGBA), forKey: key)
    }

    /// Nil when absent or malformed (the size check is `CGImage`'s own, bounded).
    final func decodeImage(forKey key: String) -> CGImage? {
        guard let w = decodeIntValue(forKey: key + ".width"), let h = decodeIntValue(forKey: key + ".height"),
              containsValue(forKey: key), let data = decodeObject(of: NSData.self, forKey: key) as Data? else { return nil }
        return CGImage(width: w, height: h, premultipliedRGBA: [UInt8](data))
    }

    // MARK: Media timing

    /// The `CAMediaTiming` properties under their names; layers and animations write them alike.
    final func encodeMediaTiming(_ t: MediaTiming) {
        encode(t.beginTime, forKey: "beginTime")
        encode(t.duration, forKey: "duration")
        encode(t.speed, forKey: "speed")
        encode(t.timeOffset, forKey: "timeOffset")
        encode(t.repeatCount, forKey: "repeatCount")
        encode(t.repeatDuration, forKey: "repeatDuration")
        encode(t.autoreverses, forKey: "autoreverses")
        encodeString(t.fillMode.rawValue, forKey: "fillMode")
    }

    /// Reads what `encodeMediaTiming` wrote into `t`; absent or malformed values keep `t`'s.
    final func decodeMediaTiming(into t: inout MediaTiming) {
        if let v = decodeDoubleValue(forKey: "beginTime") { t.beginTime = v }
        if let v = decodeDoubleValue(forKey: "duration") { t.duration = v }
        if let v = decodeFloatValue(forKey: "speed") { t.speed = v }
        if let v = decodeDoubleValue(forKey: "timeOffset") { t.timeOffset = v }
        if let v = decodeFloatValue(forKey: "repeatCount") { t.repeatCount = v }
        if let v = decodeDoubleValue(forKey: "repeatDuration") { t.repeatDuration = v }
        if let v = decodeBoolValue(forKey: "autoreverses") { t.autoreverses = v }
        if let v = decodeStringValue(forKey: "fillMode") { t.fillMode = CAMediaTimingFillMode(rawValue: v) }
    }

    // MARK: Layers

    /// Layers archived as an array under `key`, or nil. Anything that is not a layer is dropped.
    final func decodeLayers(forKey key: String) -> [CALayer]? {
        guard containsValue(forKey: key), let list = decodeObject(of: [NSArray.self, CALayer.self], forKey: key) as? [Any] else { return nil }
        return list.compactMap { $0 as? CALayer }
    }
}
