import Foundation

/// Seeded random scene files with extreme values in every numeric field: 0, -0, the smallest
/// and largest doubles, 1e19 (just past Int), 1e400 (past Double), huge integers, negative
/// sizes, as well as ordinary values, in every key a layer accepts, for every layer type, in
/// small random trees (masks and sublayers). The same seed gives the same scenes on every
/// machine (SplitMix64, no system randomness), so a failure is reproduced from its seed.
public struct RandomSceneGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// SplitMix64.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Written as JSON number text, so that spellings (`1e6`, `2000.0`, `-0`) vary too.
    static let extremes = ["0", "-0", "1", "-1", "0.5", "1e-200", "-1e-300", "5e-324", "1e-9", "1e9", "-1e9", "1e10",
                           "1e19", "-1e19", "9.3e18", "1e300", "-1e300", "1.7976931348623157e308", "1e308", "-1e308",
                           "1e400", "9007199254740993", "-9223372036854775808", "9223372036854775807",
                           "18446744073709551616", "2000.0", "1e6", "65535", "65536", "16384", "0.0001", "3.4e38"]

    /// A number: mostly ordinary, sometimes extreme (a scene has dozens of numbers: one in
    /// 24 extreme leaves a good part of the scenes valid, for the renderer to face).
    mutating func number(ordinary range: ClosedRange<Double> = -50...200) -> String {
        if below(24) == 0 { return pick(Self.extremes) }
        let v = range.lowerBound + Double(below(10_000)) / 10_000 * (range.upperBound - range.lowerBound)
        return chance(50) ? String(Int(v)) : String(format: "%.3f", v)
    }

    mutating func numbers(_ n: Int, ordinary range: ClosedRange<Double> = -50...200) -> String {
        "[" + (0..<n).map { _ in number(ordinary: range) }.joined(separator: ", ") + "]"
    }

    mutating func color() -> String {
        if chance(20) { return #"{"red": \#(number(ordinary: 0...1)), "green": \#(number(ordinary: 0...1)), "blue": 0.5, "alpha": \#(number(ordinary: 0...1))}"# }
        return pick([#""red""#, #""blue""#, ##""#80FF0080""##, #"{"white": 0.5, "alpha": 0.7}"#, #""clear""#, "null"])
    }

    mutating func transform() -> String {
        if chance(20) { return numbers(16, ordinary: -2...2) }
        var steps: [String] = []
        for _ in 0..<(1 + below(3)) {
            switch below(5) {
            case 0: steps.append(#"{"translate": \#(numbers(2 + below(2)))}"#)
            case 1: steps.append(#"{"scale": \#(numbers(2 + below(2), ordinary: -3...3))}"#)
            case 2: steps.append(#"{"rotate": {"degrees": \#(number(ordinary: -360...360)), "axis": \#(numbers(3, ordinary: -1...1))}}"#)
            case 3: steps.append(#"{"perspective": \#(number(ordinary: 100...1000))}"#)
            default: steps.append(#"{"matrix": \#(numbers(16, ordinary: -2...2))}"#)
            }
        }
        return "[" + steps.joined(separator: ", ") + "]"
    }

    mutating func path() -> String {
        switch below(5) {
        case 0: return #"{"rect": \#(numbers(4))}"#
        case 1: return #"{"ellipse": \#(numbers(4))}"#
        case 2: return #"{"roundedRect": \#(numbers(4)), "cornerRadius": \#(number())}"#
        default:
            var d = "M \(number()) \(number())"
            for _ in 0..<(1 + below(5)) {
                switch below(5) {
                case 0: d += " L \(number()) \(number())"
                case 1: d += " C \(number()) \(number()) \(number()) \(number()) \(number()) \(number())"
                case 2: d += " Q \(number()) \(number()) \(number()) \(number())"
                case 3: d += " A \(number()) \(number()) \(number()) \(below(2)) \(below(2)) \(number()) \(number())"
                default: d += " Z"
                }
            }
            return "\"" + d + "\""
        }
    }

    /// One layer object, with up to `depth` more levels below it.
    mutating func layer(depth: Int) -> String {
        let type = pick(["layer", "layer", "shape", "transform", "text", "gradient", "replicator"])
        var keys: [String] = [#""type": "\#(type)""#]
        if chance(80) { keys.append(#""frame": [\#(number()), \#(number()), \#(number(ordinary: 0...120)), \#(number(ordinary: 0...120))]"#) }
        if chance(15) { keys.append(#""anchorPoint": \#(numbers(2, ordinary: 0...1))"#) }
        if chance(10) { keys.append(#""zPosition": \#(number())"#) }
        if chance(25) { keys.append(#""transform": \#(transform())"#) }
        if chance(10) { keys.append(#""sublayerTransform": \#(transform())"#) }
        if chance(30) { keys.append(#""opacity": \#(number(ordinary: 0...1))"#) }
        if chance(60) { keys.append(#""backgroundColor": \#(color())"#) }
        if chance(30) { keys.append(#""cornerRadius": \#(number(ordinary: 0...60))"#) }
        if chance(20) { keys.append(#""borderWidth": \#(number(ordinary: 0...10)), "borderColor": \#(color())"#) }
        if chance(25) { keys.append(#""masksToBounds": true"#) }
        if chance(40) {
            keys.append(#""shadowOpacity": \#(number(ordinary: 0...1)), "shadowRadius": \#(number(ordinary: 0...40)), "shadowOffset": \#(numbers(2, ordinary: -20...20))"#)
            if chance(40) { keys.append(#""shadowPath": \#(path())"#) }
        }
        if chance(15) { keys.append(#""shouldRasterize": true, "rasterizationScale": \#(number(ordinary: 0.5...4))"#) }
        if chance(10) { keys.append(#""allowsEdgeAntialiasing": true, "edgeAntialiasingMask": ["minX", "maxY"]"#) }
        if chance(10) { keys.append(#""allowsGroupOpacity": false"#) }
        switch type {
        case "shape":
            keys.append(#""path": \#(path()), "fillColor": \#(color()), "strokeColor": \#(color()), "lineWidth": \#(number(ordinary: 0...20))"#)
            if chance(30) { keys.append(#""lineDashPattern": \#(numbers(1 + below(3), ordinary: 0...10)), "lineDashPhase": \#(number())"#) }
            if chance(30) { keys.append(#""miterLimit": \#(number(ordinary: 0...20)), "lineJoin": "miter", "lineCap": "round""#) }
            if chance(30) { keys.append(#""strokeStart": \#(number(ordinary: 0...1)), "strokeEnd": \#(number(ordinary: 0...1))"#) }
        case "text":
            keys.append(#""string": "Hi \#(below(100))", "fontSize": \#(number(ordinary: 0...40))"#)
            if chance(50) { keys.append(#""isWrapped": true, "truncationMode": "end""#) }
        case "gradient":
            keys.append(#""colors": [\#(color()), \#(color())], "locations": \#(numbers(2, ordinary: 0...1)), "startPoint": \#(numbers(2, ordinary: 0...1)), "endPoint": \#(numbers(2, ordinary: 0...1))"#)
            keys.append(#""gradientType": "\#(pick(["axial", "radial", "conic"]))""#)
        case "replicator":
            keys.append(#""instanceCount": \#(chance(50) ? String(below(8)) : number(ordinary: 0...20)), "instanceTransform": \#(transform())"#)
            if chance(40) { keys.append(#""instanceColor": \#(color()), "instanceRedOffset": \#(number(ordinary: -1...1)), "instanceAlphaOffset": \#(number(ordinary: -1...1))"#) }
        default: break
        }
        if depth > 0 && chance(20) { keys.append(#""mask": \#(layer(depth: depth - 1))"#) }
        if depth > 0 && chance(60) {
            let n = 1 + below(3)
            keys.append(#""sublayers": [\#((0..<n).map { _ in layer(depth: depth - 1) }.joined(separator: ", "))]"#)
        }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    /// A whole scene on a small canvas (sometimes an extreme one, which the limits refuse).
    public mutating func scene() -> String {
        let w = chance(5) ? number() : String(8 + below(56)), h = chance(5) ? number() : String(8 + below(56))
        let scale = chance(10) ? number(ordinary: 0.5...3) : "1"
        let layers = (0..<(1 + below(3))).map { _ in layer(depth: 3) }.joined(separator: ", ")
        return #"{"canvas": {"width": \#(w), "height": \#(h), "scale": \#(scale), "background": "white"}, "layers": [\#(layers)]}"#
    }
}
