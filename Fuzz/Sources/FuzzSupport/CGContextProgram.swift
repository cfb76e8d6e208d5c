// The program fuzz-cgcontext runs for its bytes, here rather than in the harness so that the
// main package's tests replay the fuzzer's slow and crashing inputs (Fuzz/Crashers) through the
// very calls the fuzzer made (CGContextFuzzReplayTests): the main package builds this folder as
// a target of its own, for its tests only (Package.swift).
//
// The bytes choose a bitmap (sizes and bytesPerRow from a list of hostile integers, refused or
// at most 1 MB), then run up to 64 drawing calls whose arguments may be NaN, infinite, 1e308 or
// denormal: paths, arcs, line widths, dash arrays, shadows and blurs, clips, transforms,
// gradients, images, nested transparency layers. Every call must return (no trap, no wild
// access, bounded memory and time); a context that is made must report the size asked for.
import OpenQuartzCore

/// Formats a bitmap context supports: (bytes per pixel, colour space, bitmap info).
let cgContextFormats: [(Int, CGColorSpace, UInt32)] = [
    (4, CGColorSpaceCreateDeviceRGB(), CGImageAlphaInfo.premultipliedLast.rawValue),
    (4, CGColorSpaceCreateDeviceRGB(), CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
    (4, CGColorSpaceCreateDeviceRGB(), CGImageAlphaInfo.noneSkipFirst.rawValue),
    (1, CGColorSpaceCreateDeviceGray(), CGImageAlphaInfo.none.rawValue),
    (1, CGColorSpaceCreateDeviceGray(), CGImageAlphaInfo.alphaOnly.rawValue),
]

extension FuzzReader {
    mutating func cg() -> CGFloat { CGFloat(double()) }
    mutating func point() -> CGPoint { CGPoint(x: cg(), y: cg()) }
    mutating func size() -> CGSize { CGSize(width: cg(), height: cg()) }
    mutating func rect() -> CGRect { CGRect(origin: point(), size: size()) }
    mutating func color() -> CGColor { CGColor(red: cg(), green: cg(), blue: cg(), alpha: cg()) }
    mutating func transform() -> CGAffineTransform {
        CGAffineTransform(a: cg(), b: cg(), c: cg(), d: cg(), tx: cg(), ty: cg())
    }
    mutating func lengths() -> [CGFloat] { (0..<below(9)).map { _ in cg() } }
}

/// The bitmap the bytes ask for, or nil when the context refuses it (checked against an
/// independent computation of the size) or it would be larger than this harness draws on.
func makeContext(_ r: inout FuzzReader) -> CGContext? {
    let (bpp, space, info) = cgContextFormats[r.below(cgContextFormats.count)]
    let small = r.bool()
    let width = small ? r.below(64) + 1 : r.int()
    let height = small ? r.below(64) + 1 : r.int()
    let rowChoice = r.below(4)
    let bytesPerRow: Int
    switch rowChoice {
    case 0: bytesPerRow = 0
    case 1: bytesPerRow = width.multipliedReportingOverflow(by: bpp).partialValue &+ r.below(8)  // wraps with the product: refused below
    default: bytesPerRow = r.int()
    }
    // What must be refused, worked out here: non-positive sizes, a row narrower than its
    // pixels, byte counts past Int.
    let packed = width.multipliedReportingOverflow(by: bpp)
    let row = bytesPerRow == 0 ? packed.partialValue : bytesPerRow
    let total = row.multipliedReportingOverflow(by: height)
    let invalid = width <= 0 || height <= 0 || packed.overflow || bytesPerRow < 0
        || (bytesPerRow != 0 && bytesPerRow < packed.partialValue) || total.overflow
    if !invalid && total.partialValue > 1 << 20 { return nil }   // valid, but too slow to fuzz
    let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: bytesPerRow,
                            space: space, bitmapInfo: info)
    if invalid, context != nil { fatalError("CGContext accepted \(width)×\(height), bytesPerRow \(bytesPerRow)") }
    if let context, context.width != width || context.height != height || context.bytesPerRow < width * bpp {
        fatalError("CGContext made \(context.width)×\(context.height) for \(width)×\(height)")
    }
    return context
}

/// Runs the program `bytes` spell: a bitmap context, then up to 64 drawing calls. Traps
/// (`fatalError`) only where the context breaks its contract (accepts a size it must refuse,
/// or makes another size than asked): that is a finding, not hostile input.
public func runCGContextProgram(_ bytes: [UInt8]) {
    var r = FuzzReader(bytes)
    guard let c = makeContext(&r) else { return }
    r.trace("context \(c.width)×\(c.height) bytesPerRow \(c.bytesPerRow) info \(c.bitmapInfo.rawValue)")
    let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                              colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)] as CFArray,
                              locations: [0, 1])!
    let image = CGImage(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255, 9, 9, 9, 0])!
    for _ in 0..<64 where !r.isAtEnd {
        let op = r.below(40)
        defer { r.trace("op \(op)") }
        switch op {
        case 0: c.move(to: r.point())
        case 1: c.addLine(to: r.point())
        case 2: c.addCurve(to: r.point(), control1: r.point(), control2: r.point())
        case 3: c.addQuadCurve(to: r.point(), control: r.point())
        case 4: c.addArc(center: r.point(), radius: r.cg(), startAngle: r.cg(), endAngle: r.cg(), clockwise: r.bool())
        case 5: c.addArc(tangent1End: r.point(), tangent2End: r.point(), radius: r.cg())
        case 6: c.addRect(r.rect())
        case 7: c.addEllipse(in: r.rect())
        case 8: c.closePath()
        case 9: c.fillPath(using: r.bool() ? .winding : .evenOdd)
        case 10: c.strokePath()
        case 11: c.drawPath(using: [.fill, .eoFill, .stroke, .fillStroke, .eoFillStroke][r.below(5)])
        case 12: c.fill(r.rect())
        case 13: c.stroke(r.rect(), width: r.cg())
        case 14: c.fillEllipse(in: r.rect())
        case 15: c.strokeLineSegments(between: (0..<r.below(6)).map { _ in r.point() })
        case 16: c.clear(r.rect())
        case 17: c.setLineWidth(r.cg())
        case 18: c.setLineDash(phase: r.cg(), lengths: r.lengths())
        case 19: c.setLineCap([.butt, .round, .square][r.below(3)])
        case 20: c.setLineJoin([.miter, .round, .bevel][r.below(3)])
        case 21: c.setMiterLimit(r.cg())
        case 22: c.setShadow(offset: r.size(), blur: r.cg(), color: r.color())
        case 23: c.setFillColor(r.color())
        case 24: c.setStrokeColor(r.color())
        case 25: c.setAlpha(r.cg())
        case 26: c.setBlendMode(CGBlendMode(rawValue: Int32(r.below(28))) ?? .normal)
        case 27: c.scaleBy(x: r.cg(), y: r.cg())
        case 28: c.translateBy(x: r.cg(), y: r.cg())
        case 29: c.rotate(by: r.cg())
        case 30: c.concatenate(r.transform())
        case 31: c.saveGState()
        case 32: c.restoreGState()
        case 33: c.clip(to: r.rect())
        case 34: c.clip(using: r.bool() ? .winding : .evenOdd)
        case 35: c.beginTransparencyLayer(auxiliaryInfo: nil)
        case 36: c.beginTransparencyLayer(in: r.rect(), auxiliaryInfo: nil)
        case 37: c.endTransparencyLayer()
        case 38:
            if r.bool() {
                c.drawLinearGradient(gradient, start: r.point(), end: r.point(), options: [.drawsBeforeStartLocation])
            } else {
                c.drawRadialGradient(gradient, startCenter: r.point(), startRadius: r.cg(), endCenter: r.point(),
                                     endRadius: r.cg(), options: [.drawsAfterEndLocation])
            }
        default:
            switch r.below(5) {
            case 0: c.draw(image, in: r.rect(), byTiling: r.bool())
            case 1: c.replacePathWithStrokedPath()
            case 2: _ = c.pathContains(r.point(), mode: .fillStroke)
            case 3: c.clip(to: r.rect(), mask: image)
            default: _ = c.makeImage()
            }
        }
    }
    _ = c.boundingBoxOfPath
    _ = c.boundingBoxOfClipPath
    _ = c.makeImage()
}
