import Foundation
import Testing
import OpenQuartzCore

/// The slow inputs fuzz-cgcontext found (Fuzz/Crashers/fuzz-cgcontext-timeout-… and
/// -slow-unit-…: five from session 2, four plus nine from session 3), replayed as the calls the
/// harness makes for their bytes (Fuzz/Sources/fuzz-cgcontext). They stroke curves 1e19–1e308
/// wide, often after scales that multiply to 10⁵, and took 2–9 s of CPU each in a debug build
/// before strokes were bounded by what can be seen and by `StrokeBudget` (docs/limits.md).
/// Each has a limit of this thread's CPU time in a debug build: under a second for most; the
/// slowest (7e0f…, 91f0…, 35444…) stroke ellipses about 1e11 px tall (a scale of 64 times a
/// height of 2³¹) crossing the canvas, so what can be seen does not cut them and the stroke is
/// flattened to the budget's 2¹⁸ segments: bounded work, profiled in Fuzz/README.md.
@Suite("CGContext fuzz timeouts")
struct CGContextFuzzTimeoutTests {
    static var cases: [(String, seconds: Double, (CGGradient, CGImage) -> Void)] { [
        ("32bd824c", 1, timeout32bd824c),
        ("5e17fbf4", 1, timeout5e17fbf4),
        ("711e7167", 1, timeout711e7167),
        ("aa7f445d", 1, timeoutaa7f445d),
        ("b7705185", 1, timeoutb7705185),
        ("62bfd41c", 1, timeout62bfd41c),
        ("745e3c3a", 1, timeout745e3c3a),
        ("91b793ad", 1, timeout91b793ad),
        ("e5dcdae2", 1, timeoute5dcdae2),
        ("6f628f12", 1, timeout6f628f12),
        ("7e0f9624", 1, timeout7e0f9624),
        ("ca121ad6", 1, timeoutca121ad6),
        ("cbae543f", 1, timeoutcbae543f),
        ("df639b61", 1, timeoutdf639b61),
        ("f5d64a2a", 1, timeoutf5d64a2a),
        ("35444df3", 1, timeout35444df3),
        ("91f0f292", 1, timeout91f0f292),
        ("9bd821d7", 1, timeout9bd821d7),
    ] }

    @Test func replaysAreQuick() {
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)] as CFArray,
                                  locations: [0, 1])!
        let image = CGImage(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255, 9, 9, 9, 0])!
        for (name, limit, replay) in Self.cases {
            let start = CGContextStrokeBudgetTests.cpuSeconds()
            replay(gradient, image)
            let seconds = CGContextStrokeBudgetTests.cpuSeconds() - start
            print("CGContext fuzz replay \(name): \(seconds) s of CPU")
            #expect(seconds < limit, "\(name): \(seconds) s")
        }
    }
}

extension CGContextFuzzTimeoutTests {
    /// Fuzz/Crashers/fuzz-cgcontext-timeout-32bd824cf66a01091c67bd81e8f70659ed981497
    static func timeout32bd824c(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: -9.208369175777913e+304), CGPoint(x: CGFloat.nan, y: -1.0), CGPoint(x: -1032.5, y: 793.875)])
        c.fill(CGRect(origin: CGPoint(x: 354.75, y: 1e+308), size: CGSize(width: -1.0, height: 2147483648.0)))
        c.setStrokeColor(CGColor(red: -1110.0, green: 0.0, blue: -541.125, alpha: -462.0))
        c.setLineWidth(-5.352703818484543e+70)
        c.setLineDash(phase: -10.3125, lengths: [-211.875, -358.3125, 1098.0])
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: -250.0, green: CGFloat.nan, blue: CGFloat.nan, alpha: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 17.5))
        c.clear(CGRect(origin: CGPoint(x: -1.0, y: -1032.5), size: CGSize(width: 793.875, height: 309.75)))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: 2147483648.0, height: 30851.51086182764)))
        c.addArc(tangent1End: CGPoint(x: 285.0, y: -0.0), tangent2End: CGPoint(x: 1e+19, y: 9.3e+18), radius: 1000000000.0)
        c.setLineCap(.butt)
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: 1e+308, y: -211.875))
        c.strokeLineSegments(between: [CGPoint(x: -4.0390017027519397e-269, y: -1000.0), CGPoint(x: CGFloat.nan, y: -5.369947323807469e+306), CGPoint(x: 91.5, y: -43.0)])
        c.fillPath(using: .winding)
        c.setLineJoin(.miter)
        c.saveGState()
        c.addQuadCurve(to: CGPoint(x: -204.0, y: 819.0), control: CGPoint(x: CGFloat.nan, y: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: -7.269300372276537e+182, b: 309.75, c: 70.0, d: -1.0, tx: -8.913306093133836e-164, ty: -34.375))
        c.addArc(center: CGPoint(x: -1.6223830008913593e-161, y: 0.0), radius: 0.0, startAngle: 0.0, endAngle: 0.0, clockwise: false)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-5e17fbf42339af7133a61ef0ea6b708beb672e11
    static func timeout5e17fbf4(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: CGFloat.nan, blue: -8.913306103863602e-164, alpha: 309.75))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: 2147483648.0, height: 30851.510861691997)))
        _ = c.pathContains(CGPoint(x: -49.5, y: 1e+19), mode: .fillStroke)
        c.clear(CGRect(origin: CGPoint(x: 10000000000.0, y: -10.3125), size: CGSize(width: -1.0, height: -211.875)))
        c.strokeLineSegments(between: [CGPoint(x: -1.6815558404795736e-268, y: -1000.0), CGPoint(x: CGFloat.nan, y: -5.280758763594775e+306), CGPoint(x: 322.5, y: 354.75)])
        c.move(to: CGPoint(x: -1.0, y: 2147483648.0))
        c.setStrokeColor(CGColor(red: -1110.0, green: 0.0, blue: -5.055442583308682e-68, alpha: -323.75))
        c.concatenate(CGAffineTransform(a: -32768.0, b: -389.5, c: 4.0625, d: 1000000000.0, tx: 65536.0, ty: -596.25))
        c.addEllipse(in: CGRect(origin: CGPoint(x: 231.875, y: -175.0), size: CGSize(width: -455.0, height: 433.5)))
        c.setStrokeColor(CGColor(red: 10000000000.0, green: 941.25, blue: 141.75, alpha: -9.375))
        c.clip(using: .winding)
        c.setLineWidth(365.0625)
        c.setLineWidth(-211.875)
        c.strokeLineSegments(between: [CGPoint(x: -8.574183245678611e-267, y: 365.0625), CGPoint(x: 365.0625, y: 365.0625), CGPoint(x: 365.0625, y: 365.0625)])
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.addCurve(to: CGPoint(x: 365.0625, y: 365.0625), control1: CGPoint(x: 365.0625, y: 365.0625), control2: CGPoint(x: 365.0625, y: 365.0625))
        c.setLineWidth(1e-200)
        c.addArc(tangent1End: CGPoint(x: 1e-200, y: 1e-200), tangent2End: CGPoint(x: 1e-200, y: 1e-200), radius: 1e-200)
        c.addArc(tangent1End: CGPoint(x: 1e-200, y: 1e-200), tangent2End: CGPoint(x: 1e-200, y: 1e-200), radius: 1e-200)
        c.addArc(tangent1End: CGPoint(x: 1e-200, y: 1e-200), tangent2End: CGPoint(x: 1e-200, y: 1e-200), radius: 1e-200)
        c.addArc(tangent1End: CGPoint(x: 1e-200, y: 1e-200), tangent2End: CGPoint(x: 1e-200, y: 1e-200), radius: 1e-200)
        c.addArc(tangent1End: CGPoint(x: 1e-200, y: 1e-200), tangent2End: CGPoint(x: 1e-200, y: 1e-200), radius: 1e-200)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.scaleBy(x: 332.0625, y: 365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(-282.625)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-711e71671ceabf8ef9253028c1cbd2c0c84c6079
    static func timeout711e7167(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 12, height: 94, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        c.strokePath()
        c.fillEllipse(in: CGRect(origin: CGPoint(x: 642.875, y: -553.0), size: CGSize(width: -8.567477092044123e-196, height: -34.125)))
        c.addArc(tangent1End: CGPoint(x: -89.25, y: 41.0), tangent2End: CGPoint(x: 66.9375, y: 5.0625), radius: 0.5)
        c.fillEllipse(in: CGRect(origin: CGPoint(x: -293.25, y: -32768.0), size: CGSize(width: 114.75, height: 46.125)))
        c.clear(CGRect(origin: CGPoint(x: -100.5, y: -19.25), size: CGSize(width: -182.1875, height: -94.5)))
        c.setLineDash(phase: 684.5, lengths: [-106.375, -1.0])
        c.addQuadCurve(to: CGPoint(x: 0.25, y: -14.4375), control: CGPoint(x: -41.625, y: 1e-200))
        c.addEllipse(in: CGRect(origin: CGPoint(x: -510.125, y: 152.375), size: CGSize(width: 275.0, height: 1.0)))
        c.setBlendMode(CGBlendMode(rawValue: 0) ?? .normal)
        c.addCurve(to: CGPoint(x: -16.5, y: -489.0), control1: CGPoint(x: -96.1875, y: -32768.0), control2: CGPoint(x: 248.5, y: -660.0))
        c.fillEllipse(in: CGRect(origin: CGPoint(x: CGFloat.nan, y: 2.784995840484015e+279), size: CGSize(width: -55.125, height: 71.5)))
        c.addLine(to: CGPoint(x: -2.2642327277795382e-29, y: -290.25))
        c.drawPath(using: .eoFillStroke)
        c.setMiterLimit(-138.75)
        c.fillPath(using: .winding)
        c.concatenate(CGAffineTransform(a: 936.0, b: -3.486506995446912e-283, c: 2147483648.0, d: 2.9321540082383484e+248, tx: -56.375, ty: -486.0))
        c.move(to: CGPoint(x: 350.0, y: 4294967296.0))
        c.fillPath(using: .winding)
        c.fillEllipse(in: CGRect(origin: CGPoint(x: -3.4476106011685905e-143, y: 515.0625), size: CGSize(width: -519.75, height: 0.5)))
        c.fillEllipse(in: CGRect(origin: CGPoint(x: -1046.75, y: -235.1875), size: CGSize(width: -1e+19, height: 486.0)))
        c.addCurve(to: CGPoint(x: 1.7976931348623157e+308, y: CGFloat.infinity), control1: CGPoint(x: 3.218399155022489e-178, y: 68.0), control2: CGPoint(x: -CGFloat.infinity, y: CGFloat.infinity))
        c.setLineCap(.round)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-aa7f445daaf723bf3d4232a9a4cbf5a626d87b02
    static func timeoutaa7f445d(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: CGFloat.nan, blue: -2.5104098817713814e-161, alpha: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 2147483648.0, c: -1.5, d: -1032.5, tx: 793.875, ty: 309.75))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: 2147483648.0, height: 30851.51086182764)))
        c.addArc(tangent1End: CGPoint(x: 285.0, y: -0.0), tangent2End: CGPoint(x: 1e+19, y: 9.3e+18), radius: 10000000000.0)
        c.setLineCap(.butt)
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: -1.6815558404795736e-268, y: -1000.0))
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.closePath()
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: -1.0138809104873329e+124), CGPoint(x: -7.377431585676764e-200, y: 56.25), CGPoint(x: 56.25, y: 2147483648.0)])
        c.clear(CGRect(origin: CGPoint(x: -1.0, y: -1032.5), size: CGSize(width: 793.875, height: 309.75)))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: 2147483648.0, height: 30851.51086182764)))
        c.addArc(tangent1End: CGPoint(x: 285.0, y: -0.0), tangent2End: CGPoint(x: 1e+19, y: 9.3e+18), radius: 10000000000.0)
        c.setLineCap(.butt)
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: -1.6815558404795736e-268, y: -1000.0))
        c.clip(using: .winding)
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: 156.0), CGPoint(x: -5.055442583308677e-68, y: -389.5), CGPoint(x: 4.0625, y: 9.3e+18)])
        c.rotate(by: -596.25)
        c.addEllipse(in: CGRect(origin: CGPoint(x: 231.875, y: -175.0), size: CGSize(width: -455.0, height: 433.5)))
        c.stroke(CGRect(origin: CGPoint(x: 10000000000.0, y: 941.25), size: CGSize(width: 123.375, height: 10000000000.0)), width: 1.0)
        c.setAlpha(-282.625)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-b77051855160b10651eb11eb2782c00b3eddadbc
    static func timeoutb7705185(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: CGFloat.nan, blue: -8.913306103863602e-164, alpha: 309.75))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: 2147483648.0, height: 30851.510861691997)))
        _ = c.pathContains(CGPoint(x: -49.5, y: 1e+19), mode: .fillStroke)
        c.clear(CGRect(origin: CGPoint(x: 10000000000.0, y: -10.3125), size: CGSize(width: -1.0, height: -211.875)))
        c.strokeLineSegments(between: [CGPoint(x: -1.6815558404795736e-268, y: -1000.0), CGPoint(x: CGFloat.nan, y: -5.280758763594775e+306), CGPoint(x: 322.5, y: 354.75)])
        c.move(to: CGPoint(x: -1.0, y: 2147483648.0))
        c.setStrokeColor(CGColor(red: -1110.0, green: 0.0, blue: -5.055442583308682e-68, alpha: -323.75))
        c.concatenate(CGAffineTransform(a: -32768.0, b: -389.5, c: 4.0625, d: 1000000000.0, tx: 65536.0, ty: -596.25))
        c.addEllipse(in: CGRect(origin: CGPoint(x: 231.875, y: -175.0), size: CGSize(width: -455.0, height: 433.5)))
        c.setStrokeColor(CGColor(red: 10000000000.0, green: 941.25, blue: 141.75, alpha: -9.375))
        c.clip(using: .winding)
        c.setLineWidth(365.0625)
        c.setLineWidth(-211.875)
        c.strokeLineSegments(between: [CGPoint(x: -8.574183245678611e-267, y: 365.0625), CGPoint(x: 365.0625, y: 365.0625), CGPoint(x: 365.0625, y: 365.0625)])
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.addCurve(to: CGPoint(x: 365.0625, y: 365.0625), control1: CGPoint(x: 365.0625, y: 365.0625), control2: CGPoint(x: 365.0625, y: 365.0625))
        c.setLineWidth(1e-200)
        c.addArc(tangent1End: CGPoint(x: 1e-200, y: 1e-200), tangent2End: CGPoint(x: 365.0625, y: 365.0625), radius: 365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(-409.3125)
        c.addLine(to: CGPoint(x: 365.0625, y: 365.0625))
        c.setLineWidth(365.0625)
        c.setLineWidth(226.875)
        c.stroke(CGRect(origin: CGPoint(x: 0.0, y: 0.0), size: CGSize(width: 0.0, height: 0.0)), width: 0.0)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-62bfd41c002b3103c84f14b21fbf3da1a51f4f50
    static func timeout62bfd41c(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 54, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -89.25), size: CGSize(width: -241.3125, height: -184.0)))
        c.move(to: CGPoint(x: CGFloat.nan, y: CGFloat.nan))
        c.concatenate(CGAffineTransform(a: 2147483648.0, b: -1.5, c: -1032.5, d: 0.0, tx: 309.75, ty: -806.25))
        c.fill(CGRect(origin: CGPoint(x: -4.523172203849726e+155, y: 505.3125), size: CGSize(width: 775.125, height: CGFloat.nan)))
        c.setShadow(offset: CGSize(width: 0.0, height: 0.0), blur: 9.3e+18, color: CGColor(red: 10000000000.0, green: -10.3125, blue: -358.3125, alpha: -1.6815558404795736e-268))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369175777913e+304, blue: -5.830346208852158e+303, alpha: 2147483648.0))
        c.clear(CGRect(origin: CGPoint(x: -1.0, y: -1032.5), size: CGSize(width: 0.0, height: 309.75)))
        c.addArc(center: CGPoint(x: 1118.25, y: -4.523171141990889e+155), radius: 0.0, startAngle: 0.0, endAngle: 0.0, clockwise: true)
        c.addArc(tangent1End: CGPoint(x: 285.0, y: 0.0), tangent2End: CGPoint(x: 0.0, y: 9.3e+18), radius: 10000000000.0)
        c.setLineCap(.butt)
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: 553.5, y: 465.75))
        c.saveGState()
        c.addQuadCurve(to: CGPoint(x: 56.25, y: 56.25), control: CGPoint(x: 56.25, y: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: -CGFloat.infinity, c: -CGFloat.infinity, d: -CGFloat.infinity, tx: -CGFloat.infinity, ty: -CGFloat.infinity))
        _ = c.makeImage()
        _ = c.makeImage()
        _ = c.makeImage()
        _ = c.makeImage()
        _ = c.makeImage()
        c.closePath()
        c.clip(to: CGRect(origin: CGPoint(x: -CGFloat.infinity, y: -CGFloat.infinity), size: CGSize(width: -CGFloat.infinity, height: -CGFloat.infinity)), mask: image)
        c.concatenate(CGAffineTransform(a: -CGFloat.infinity, b: -CGFloat.infinity, c: 14.625, d: -CGFloat.infinity, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 7.5, d: -1.5, tx: -1032.5, ty: 533.8125))
        c.addArc(center: CGPoint(x: -43.0, y: 4294967296.0), radius: -236.25, startAngle: 122.0625, endAngle: -1.0, clockwise: false)
        c.move(to: CGPoint(x: CGFloat.nan, y: -1.0770213435029859e+307))
        c.drawRadialGradient(gradient, startCenter: CGPoint(x: -1.5, y: -568.75), startRadius: 433.5, endCenter: CGPoint(x: -175.3125, y: CGFloat.nan), endRadius: 123.375, options: [.drawsAfterEndLocation])
        c.strokePath()
        c.clip(using: .evenOdd)
        c.strokeLineSegments(between: [CGPoint(x: 0.0, y: CGFloat.nan)])
        c.beginTransparencyLayer(in: CGRect(origin: CGPoint(x: 793.875, y: 309.75), size: CGSize(width: -806.25, height: 0.0)), auxiliaryInfo: nil)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-745e3c3a2ed20ad8415a735a93a9f4880310dc55
    static func timeout745e3c3a(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -246.75), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369175777913e+304, blue: CGFloat.nan, alpha: -1.0))
        c.clip(using: .evenOdd)
        c.setLineWidth(1.875)
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.fill(CGRect(origin: CGPoint(x: 354.75, y: 1e+308), size: CGSize(width: -1.0, height: 2147483648.0)))
        c.setStrokeColor(CGColor(red: -1110.0, green: 0.0, blue: -570.375, alpha: -1.6815558404795736e-268))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369175777913e+304, blue: CGFloat.nan, alpha: -1.0))
        c.clip(using: .evenOdd)
        c.setLineWidth(322.5)
        c.drawPath(using: .fill)
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.setLineWidth(70.0)
        c.addQuadCurve(to: CGPoint(x: 2147483648.0, y: 30849.038051576066), control: CGPoint(x: -5.352703818484543e+70, y: 10000000000.0))
        c.setLineCap(.butt)
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: 1098.0, y: -32.0))
        c.stroke(CGRect(origin: CGPoint(x: -236.25, y: 326.8125), size: CGSize(width: -303.6875, height: -170.4375)), width: -210.375)
        c.setMiterLimit(CGFloat.nan)
        c.addArc(center: CGPoint(x: -43.0, y: 4294967296.0), radius: -236.25, startAngle: 11.8125, endAngle: -211.875, clockwise: true)
        c.endTransparencyLayer()
        c.addArc(center: CGPoint(x: -43.0, y: 3000.0), radius: -236.25, startAngle: 122.0625, endAngle: -1.0, clockwise: false)
        c.move(to: CGPoint(x: CGFloat.nan, y: -5.280758763577826e+306))
        c.addArc(center: CGPoint(x: -34.375, y: 941.25), radius: 123.375, startAngle: 10000000000.0, endAngle: 1.0, clockwise: true)
        c.concatenate(CGAffineTransform(a: -103.125, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 12757.999999999998, d: CGFloat.nan, tx: -1032.5, ty: 793.875))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: -8.767909391924607e-164, height: 498.75)))
        c.strokePath()
        c.addArc(center: CGPoint(x: -1.6223830008913593e-161, y: 0.0), radius: 0.0, startAngle: 0.0, endAngle: 0.0, clockwise: false)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-91b793ad03119502db242396e2d5942f52be6d69
    static func timeout91b793ad(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369175777913e+304, blue: CGFloat.nan, alpha: -1.0))
        c.clip(using: .evenOdd)
        c.setLineWidth(322.5)
        c.setLineWidth(70.0)
        c.draw(image, in: CGRect(origin: CGPoint(x: 54.625, y: 1.25), size: CGSize(width: 951.5625, height: 64.0)), byTiling: false)
        c.addArc(center: CGPoint(x: 32768.0, y: 1000000000000000.0), radius: 712.9375, startAngle: -32.5, endAngle: 0.25, clockwise: false)
        c.saveGState()
        c.strokeLineSegments(between: [])
        c.closePath()
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.addEllipse(in: CGRect(origin: CGPoint(x: -146.0625, y: -464.0625), size: CGSize(width: -84.8125, height: 653.125)))
        c.scaleBy(x: 35.0, y: -64.0625)
        c.setLineCap(.round)
        c.addEllipse(in: CGRect(origin: CGPoint(x: -32768.0, y: -389.5), size: CGSize(width: 4.0625, height: 2147483648.0)))
        c.rotate(by: -165.625)
        c.concatenate(CGAffineTransform(a: -71.875, b: -1244.25, c: -541.5, d: 4.0625, tx: 2147483648.0, ty: 65536.0))
        c.drawPath(using: .fill)
        c.concatenate(CGAffineTransform(a: -71.875, b: -1244.25, c: -484.5, d: -2.1180635560693496e-93, tx: 156.0, ty: -5.055442583286832e-68))
        c.addLine(to: CGPoint(x: 951.5625, y: 64.0))
        c.translateBy(x: 0.5, y: 32768.0)
        c.setLineJoin(.round)
        c.scaleBy(x: -32.5, y: 0.25)
        c.addArc(center: CGPoint(x: 111.5625, y: -198.0), radius: -1.0, startAngle: 342.5625, endAngle: -1e+308, clockwise: true)
        c.strokeLineSegments(between: [CGPoint(x: 100.0, y: 653.125)])
        c.setAlpha(35.0)
        c.setLineCap(.round)
        c.setLineCap(.round)
        c.addEllipse(in: CGRect(origin: CGPoint(x: -32768.0, y: -389.5), size: CGSize(width: 4.0625, height: 2147483648.0)))
        c.rotate(by: -165.625)
        c.concatenate(CGAffineTransform(a: 0.0, b: 0.0, c: 7608044816.075223, d: -165.625, tx: -377.0, ty: 204.75))
        c.endTransparencyLayer()
        c.addArc(tangent1End: CGPoint(x: 38.25, y: -398.0625), tangent2End: CGPoint(x: -33.375, y: 1e-200), radius: 233.75)
        c.setFillColor(CGColor(red: -110.5625, green: -124.5, blue: 56.25, alpha: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 7.5, tx: -1.5, ty: -1032.5))
        c.setLineWidth(322.5)
        c.setLineWidth(70.0)
        c.addQuadCurve(to: CGPoint(x: -8.913306093133836e-164, y: -34.375), control: CGPoint(x: 941.25, y: 123.375))
        c.strokePath()
        c.clip(using: .evenOdd)
        c.setAlpha(0.0)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-e5dcdae2912ced4e55400aaae082dfe2afdb0ac4
    static func timeoute5dcdae2(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: CGFloat.nan, y: CGFloat.nan), size: CGSize(width: -5.369947323807469e+306, height: 56.25)))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 7.5, c: -1.5, d: -1032.5, tx: 793.875, ty: 309.75))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: 2147483648.0, height: 30851.51086182764)))
        c.addArc(tangent1End: CGPoint(x: 285.0, y: -0.0), tangent2End: CGPoint(x: 1e+19, y: 9.3e+18), radius: 10000000000.0)
        c.setLineCap(.butt)
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: -1.6815558404795736e-268, y: -1000.0))
        c.clip(using: .winding)
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: -1.5), CGPoint(x: -1032.5, y: 793.875), CGPoint(x: 309.75, y: 70.0)])
        c.addQuadCurve(to: CGPoint(x: 2147483648.0, y: -7.377431585676764e-200), control: CGPoint(x: 56.25, y: 56.25))
        c.setLineJoin(.round)
        c.addQuadCurve(to: CGPoint(x: -1032.5, y: 793.875), control: CGPoint(x: 309.75, y: 70.0))
        c.addQuadCurve(to: CGPoint(x: 2147483648.0, y: 30851.51086182764), control: CGPoint(x: CGFloat.nan, y: 285.0))
        c.clip(to: CGRect(origin: CGPoint(x: 1e+19, y: 9.3e+18), size: CGSize(width: 10000000000.0, height: -13.125)))
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: -1.6815558404795736e-268, y: -1000.0))
        c.clip(using: .winding)
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: 156.0), CGPoint(x: -5.055442583308677e-68, y: -389.5), CGPoint(x: 4.0625, y: 9.3e+18)])
        c.rotate(by: -596.25)
        c.addEllipse(in: CGRect(origin: CGPoint(x: 231.875, y: -175.0), size: CGSize(width: -455.0, height: 106.25)))
        c.strokePath()
        c.setMiterLimit(178.5)
        c.addArc(center: CGPoint(x: -172.5625, y: 1.0), radius: 281.875, startAngle: 0.0, endAngle: 0.0, clockwise: false)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-6f628f12213e921f1b6973a86958ddbeb48c4344
    static func timeout6f628f12(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -246.75), size: CGSize(width: 122.0625, height: -1.0)))
        c.setAlpha(9.600384355765728e+242)
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: -1.0), CGPoint(x: -1032.5, y: 793.875), CGPoint(x: 309.75, y: 70.0)])
        c.addQuadCurve(to: CGPoint(x: 2147483648.0, y: 30849.038449414387), control: CGPoint(x: 4294967296.0, y: -236.25))
        c.addEllipse(in: CGRect(origin: CGPoint(x: -32768.0, y: -1.0), size: CGSize(width: -1000.0, height: CGFloat.nan)))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: -5.280758763594775e+306))
        c.fillEllipse(in: CGRect(origin: CGPoint(x: 19.25, y: 0.0), size: CGSize(width: 0.0, height: 0.0)))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 354.75, y: 1e+308))
        c.addQuadCurve(to: CGPoint(x: 2147483648.0, y: 30849.038051576066), control: CGPoint(x: -5.352703818484543e+70, y: 10000000000.0))
        c.setLineCap(.butt)
        c.addQuadCurve(to: CGPoint(x: 309.75, y: 70.0), control: CGPoint(x: -1.0, y: 2147483648.0))
        c.setStrokeColor(CGColor(red: -1110.0, green: 0.0, blue: -570.375, alpha: -1.6815558404795736e-268))
        c.setStrokeColor(CGColor(red: 94.5, green: -8.86460648077211e+304, blue: -43.0, alpha: 4294967296.0))
        c.addQuadCurve(to: CGPoint(x: 465.75, y: -1.0), control: CGPoint(x: -211.875, y: -358.3125))
        c.addArc(center: CGPoint(x: -43.0, y: 3000.0), radius: -236.25, startAngle: 122.0625, endAngle: -1.0, clockwise: false)
        c.move(to: CGPoint(x: CGFloat.nan, y: -5.280758763577826e+306))
        c.addArc(center: CGPoint(x: -34.375, y: 941.25), radius: 123.375, startAngle: 10000000000.0, endAngle: 1.0, clockwise: true)
        c.concatenate(CGAffineTransform(a: -103.125, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 12757.999999999998, d: CGFloat.nan, tx: -1032.5, ty: 793.875))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: -8.767909404005741e-164, height: -4.9820192029476914e+187)))
        c.strokePath()
        c.addArc(center: CGPoint(x: -1.6223830008913593e-161, y: 0.0), radius: 0.0, startAngle: 0.0, endAngle: 0.0, clockwise: false)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-7e0f9624bb4c715cff7c19376268b793dd30b596
    static func timeout7e0f9624(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369175777913e+304, blue: CGFloat.nan, alpha: -1.0))
        c.clip(using: .evenOdd)
        c.setLineWidth(322.5)
        c.setLineWidth(70.0)
        c.draw(image, in: CGRect(origin: CGPoint(x: 54.625, y: 1.25), size: CGSize(width: 150.0, height: 484.0)), byTiling: false)
        c.addQuadCurve(to: CGPoint(x: 32768.0, y: 1000000000000000.0), control: CGPoint(x: 712.9375, y: -32.5))
        c.setBlendMode(CGBlendMode(rawValue: 4) ?? .normal)
        c.saveGState()
        c.strokeLineSegments(between: [])
        c.closePath()
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.addEllipse(in: CGRect(origin: CGPoint(x: -146.0625, y: -464.0625), size: CGSize(width: -84.8125, height: 653.125)))
        c.scaleBy(x: 35.0, y: -64.0625)
        c.setLineCap(.round)
        c.addEllipse(in: CGRect(origin: CGPoint(x: -32768.0, y: -389.5), size: CGSize(width: 4.0625, height: 2147483648.0)))
        c.rotate(by: -781.75)
        c.strokePath()
        c.concatenate(CGAffineTransform(a: -71.875, b: -1244.25, c: -541.5, d: 4.0625, tx: 2147483648.0, ty: 65536.0))
        c.drawPath(using: .fill)
        c.concatenate(CGAffineTransform(a: -71.875, b: -1244.25, c: -484.5, d: -2.1180635560693496e-93, tx: 156.0, ty: -5.055442504368857e-68))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.addArc(tangent1End: CGPoint(x: 54.625, y: 1.25), tangent2End: CGPoint(x: 951.5625, y: 64.0), radius: 11.0)
        c.setShadow(offset: CGSize(width: 1000000000000000.0, height: 712.9375), blur: -32.5, color: CGColor(red: 0.25, green: 0.5, blue: 111.5625, alpha: -198.0))
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.addEllipse(in: CGRect(origin: CGPoint(x: -146.0625, y: -464.0625), size: CGSize(width: -84.8125, height: 653.125)))
        c.setAlpha(35.0)
        c.setLineCap(.round)
        c.setLineCap(.round)
        c.addEllipse(in: CGRect(origin: CGPoint(x: -32768.0, y: -389.5), size: CGSize(width: 4.0625, height: 2147483648.0)))
        c.rotate(by: -165.625)
        c.concatenate(CGAffineTransform(a: -71.875, b: -1244.25, c: -541.5, d: 4.0625, tx: 2147483648.0, ty: 65536.0))
        c.drawPath(using: .fill)
        c.fill(CGRect(origin: CGPoint(x: -274.75, y: 1.1112380166598511e+63), size: CGSize(width: 1e-200, height: 233.75)))
        c.setFillColor(CGColor(red: -110.5625, green: -124.5, blue: 56.25, alpha: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 7.5, tx: -1.5, ty: -1032.5))
        c.setLineWidth(322.5)
        c.setLineWidth(70.0)
        c.addQuadCurve(to: CGPoint(x: -8.913306093133836e-164, y: -34.375), control: CGPoint(x: 941.25, y: 123.375))
        c.strokePath()
        c.clip(using: .evenOdd)
        c.setAlpha(0.0)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-ca121ad6b6667a9691e86628dbcdad041f47fa3f
    static func timeoutca121ad6(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369175650181e+304, blue: 0.0, alpha: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.setLineCap(.square)
        c.setLineJoin(.round)
        c.addQuadCurve(to: CGPoint(x: -1032.5, y: 793.875), control: CGPoint(x: 309.75, y: 70.0))
        c.addQuadCurve(to: CGPoint(x: 2147483648.0, y: 30849.038449414387), control: CGPoint(x: 4294967296.0, y: -236.25))
        c.addEllipse(in: CGRect(origin: CGPoint(x: -32768.0, y: -1.0), size: CGSize(width: -1000.0, height: -0.0)))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.drawRadialGradient(gradient, startCenter: CGPoint(x: -9.208369175777913e+304, y: CGFloat.nan), startRadius: -1.0, endCenter: CGPoint(x: -1032.5, y: 793.875), endRadius: 309.75, options: [.drawsAfterEndLocation])
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: 2147483648.0, height: 30849.038051576066)))
        c.addArc(tangent1End: CGPoint(x: 616.125, y: CGFloat.nan), tangent2End: CGPoint(x: 285.0, y: -0.0), radius: 1e+19)
        c.clear(CGRect(origin: CGPoint(x: 10000000000.0, y: -10.3125), size: CGSize(width: -1.0, height: -211.875)))
        c.strokeLineSegments(between: [CGPoint(x: 1098.0, y: -43.0), CGPoint(x: 1000000.0, y: -236.25), CGPoint(x: 122.0625, y: -1.0)])
        c.concatenate(CGAffineTransform(a: -210.0, b: -255.9375, c: 0.0, d: 0.0, tx: 56.25, ty: 56.25))
        c.move(to: CGPoint(x: 56.25, y: -364.5))
        c.addArc(center: CGPoint(x: -43.0, y: 1000000.0), radius: -236.25, startAngle: 122.0625, endAngle: -1.0, clockwise: false)
        c.restoreGState()
        c.setAlpha(-255.9375)
        c.concatenate(CGAffineTransform(a: 0.0, b: 0.0, c: 56.25, d: 56.25, tx: 150.0, ty: 56.25))
        c.strokeLineSegments(between: [CGPoint(x: 819.0, y: CGFloat.nan), CGPoint(x: -7.698048541028594e-162, y: -1.8816253761260132e+43), CGPoint(x: CGFloat.nan, y: -155.75), CGPoint(x: 498.75, y: -1000000000.0)])
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 7.5))
        c.clear(CGRect(origin: CGPoint(x: -1.0, y: -752.5), size: CGSize(width: 486.75, height: 793.875)))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: -8.768343877445215e-164, height: 498.75)))
        c.strokePath()
        c.addArc(center: CGPoint(x: -2.563716015916296e-69, y: -9.375), radius: 1.0, startAngle: -3.851859888774472e-34, endAngle: 0.0, clockwise: false)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-cbae543f16b8742a9a48fb45a41a9d55db1158d5
    static func timeoutcbae543f(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369151688311e+304, blue: -181.875, alpha: -326.25))
        c.setMiterLimit(CGFloat.nan)
        c.setLineWidth(322.5)
        c.setLineWidth(-806.25)
        c.fill(CGRect(origin: CGPoint(x: -4.523172203849726e+155, y: 505.3125), size: CGSize(width: 616.125, height: CGFloat.nan)))
        c.setShadow(offset: CGSize(width: 0.0, height: 0.0), blur: 9.3e+18, color: CGColor(red: 10000000000.0, green: -10.3125, blue: -1.0, alpha: -211.875))
        c.strokeLineSegments(between: [CGPoint(x: 553.5, y: 465.75), CGPoint(x: -32768.0, y: -1.0), CGPoint(x: -1000.0, y: CGFloat.nan)])
        c.strokeLineSegments(between: [CGPoint(x: 131.25, y: 56.25), CGPoint(x: 56.25, y: 56.25), CGPoint(x: -1.5292378715106013e-268, y: -1000.0)])
        c.clip(using: .winding)
        c.move(to: CGPoint(x: -5.48612408919822e+303, y: 56.25))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: -9.375, b: 56.25, c: 56.25, d: 56.25, tx: 56.25, ty: 56.25))
        c.concatenate(CGAffineTransform(a: 2147483648.0, b: -1.5, c: -1032.5, d: 793.875, tx: 309.75, ty: 70.0))
        c.addQuadCurve(to: CGPoint(x: -8.913306093133836e-164, y: -34.375), control: CGPoint(x: 941.25, y: 123.375))
        c.strokePath()
        c.clip(using: .evenOdd)
        c.setAlpha(0.0)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-df639b61a750edd0bd53d406577d86e6b6d28b3e
    static func timeoutdf639b61(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369175650181e+304, blue: 0.0, alpha: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.setLineCap(.square)
        c.setLineJoin(.round)
        c.addQuadCurve(to: CGPoint(x: -1032.5, y: 793.875), control: CGPoint(x: 309.75, y: 70.0))
        c.addQuadCurve(to: CGPoint(x: 2147483648.0, y: 30849.038449414387), control: CGPoint(x: 4294967296.0, y: -236.25))
        c.addEllipse(in: CGRect(origin: CGPoint(x: -32768.0, y: -1.0), size: CGSize(width: -1000.0, height: -0.0)))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.drawLinearGradient(gradient, start: CGPoint(x: 0.0, y: 0.0), end: CGPoint(x: 0.0, y: 0.0), options: [.drawsBeforeStartLocation])
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: -1.0), CGPoint(x: -1032.5, y: 793.875), CGPoint(x: 309.75, y: 70.0)])
        c.addQuadCurve(to: CGPoint(x: -CGFloat.infinity, y: 30849.038051576066), control: CGPoint(x: -5.352703818484543e+70, y: 10000000000.0))
        c.setLineCap(.butt)
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: 1098.0, y: -43.0))
        c.fillEllipse(in: CGRect(origin: CGPoint(x: -236.25, y: 122.0625), size: CGSize(width: -1.0, height: 42.0)))
        c.setAlpha(-255.9375)
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 150.0, tx: 95.625, ty: 24.0))
        c.move(to: CGPoint(x: CGFloat.nan, y: -5.351512609778423e+306))
        c.move(to: CGPoint(x: -1.8816253761260132e+43, y: CGFloat.nan))
        c.strokePath()
        c.setLineDash(phase: 498.75, lengths: [941.25, 123.375, 10000000000.0, 1.0, 281.875])
        c.stroke(CGRect(origin: CGPoint(x: 56.25, y: 56.25), size: CGSize(width: 56.25, height: 56.25)), width: 56.25)
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 56.25, d: 56.25, tx: CGFloat.nan, ty: -24.0))
        c.addRect(CGRect(origin: CGPoint(x: -236.25, y: 122.0625), size: CGSize(width: -1.0, height: -1000.0)))
        c.addArc(center: CGPoint(x: CGFloat.nan, y: 56.25), radius: 56.25, startAngle: 10000000000.0, endAngle: 941.25, clockwise: true)
        c.setLineWidth(365.0625)
        c.addRect(CGRect(origin: CGPoint(x: 4.6875, y: 285.0), size: CGSize(width: -0.0, height: 1e+19)))
        c.clear(CGRect(origin: CGPoint(x: 10000000000.0, y: 0.0), size: CGSize(width: 0.0, height: 0.0)))
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-timeout-f5d64a2aaa2c37c3ac96e3e2e332962c9a3f14d3
    static func timeoutf5d64a2a(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -236.25), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369175777913e+304, blue: CGFloat.nan, alpha: -1.0))
        c.clip(using: .evenOdd)
        c.setLineWidth(322.5)
        c.draw(image, in: CGRect(origin: CGPoint(x: 354.75, y: 1e+308), size: CGSize(width: -1.0, height: 2147483648.0)), byTiling: false)
        c.setStrokeColor(CGColor(red: 1243.125, green: CGFloat.nan, blue: -1.0, alpha: -1032.5))
        c.setLineWidth(322.5)
        c.addCurve(to: CGPoint(x: 0.0, y: 1e+308), control1: CGPoint(x: -1.0, y: 2147483648.0), control2: CGPoint(x: 30851.51086182764, y: CGFloat.nan))
        c.setShadow(offset: CGSize(width: -37.5, height: -0.0), blur: 1e+19, color: CGColor(red: 9.3e+18, green: 10000000000.0, blue: -10.3125, alpha: -1.0))
        c.fillPath(using: .evenOdd)
        c.strokeLineSegments(between: [CGPoint(x: -1.6815558404795736e-268, y: -1000.0), CGPoint(x: CGFloat.nan, y: -4.8453887524794885e+305), CGPoint(x: 322.5, y: 354.75)])
        c.move(to: CGPoint(x: -1.0, y: 2147483648.0))
        c.setStrokeColor(CGColor(red: -1110.0, green: 0.0, blue: -5.055442583308677e-68, alpha: -389.5))
        c.fillPath(using: .winding)
        c.fillPath(using: .winding)
        c.drawPath(using: .fill)
        c.addEllipse(in: CGRect(origin: CGPoint(x: -48.125, y: -175.0), size: CGSize(width: -455.0, height: 433.5)))
        c.stroke(CGRect(origin: CGPoint(x: 10000000000.0, y: 941.25), size: CGSize(width: 0.0, height: 0.0)), width: 0.0)
        c.move(to: CGPoint(x: 0.0, y: 309.75))
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: 2147483648.0, height: 30851.51086182764)))
        c.addArc(tangent1End: CGPoint(x: 301.625, y: -32768.0), tangent2End: CGPoint(x: -389.5, y: 4.0625), radius: 1000000000.0)
        c.rotate(by: -596.25)
        c.addEllipse(in: CGRect(origin: CGPoint(x: -48.125, y: -175.0), size: CGSize(width: -455.0, height: 433.5)))
        c.stroke(CGRect(origin: CGPoint(x: 10000000000.0, y: 941.25), size: CGSize(width: 0.0, height: 0.0)), width: 0.0)
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.strokePath()
        c.clip(using: .evenOdd)
        c.move(to: CGPoint(x: -1.0, y: 2147483648.0))
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 2147483648.0, d: -1.5, tx: -1032.5, ty: 793.875))
        c.fill(CGRect(origin: CGPoint(x: 354.75, y: 1e+308), size: CGSize(width: -1.0, height: -8.807178672845822e-164)))
        c.strokePath()
        c.setLineDash(phase: 498.75, lengths: [941.25, 123.375, 10000000000.0, CGFloat.nan, CGFloat.nan])
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-slow-unit-35444df38371fe8b9a4a707e852120ce1cae09d0
    static func timeout35444df3(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 35, height: 32, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -573.75), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.208369175777913e+304, blue: -5.487463454552552e+303, alpha: 2147483648.0))
        c.clear(CGRect(origin: CGPoint(x: -1.0, y: -1032.5), size: CGSize(width: 793.875, height: 309.75)))
        c.addArc(center: CGPoint(x: 1118.25, y: -4.523172203849726e+155), radius: 505.3125, startAngle: 616.125, endAngle: CGFloat.nan, clockwise: false)
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.clear(CGRect(origin: CGPoint(x: 10000000000.0, y: 1e+19), size: CGSize(width: -10.3125, height: -1.0)))
        c.fillPath(using: .evenOdd)
        c.strokeLineSegments(between: [CGPoint(x: -1e+308, y: -236.25), CGPoint(x: 122.0625, y: -1.0), CGPoint(x: -1000.0, y: CGFloat.nan)])
        c.strokeLineSegments(between: [CGPoint(x: 131.25, y: 56.25), CGPoint(x: 56.25, y: 56.25), CGPoint(x: -1.680077025246865e-268, y: -1000.0)])
        c.clip(using: .winding)
        c.strokeLineSegments(between: [CGPoint(x: CGFloat(Double(bitPattern: 0xff969696)), y: 56.25), CGPoint(x: 56.25, y: 56.25), CGPoint(x: 56.25, y: 56.25)])
        c.concatenate(CGAffineTransform(a: 56.25, b: 95.625, c: -5.486124068793689e+303, d: 0.0, tx: 0.0, ty: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: 56.25), CGPoint(x: 125.375, y: 0.0), CGPoint(x: 0.0, y: 56.25)])
        c.setLineJoin(.round)
        c.addQuadCurve(to: CGPoint(x: -1032.5, y: 793.875), control: CGPoint(x: 85.75, y: 70.0))
        c.addQuadCurve(to: CGPoint(x: -8.913306093133836e-164, y: -34.375), control: CGPoint(x: 941.25, y: 123.375))
        c.strokePath()
        c.clip(using: .evenOdd)
        c.setAlpha(0.0)
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-slow-unit-91f0f29262d730f97103313d19c3971a3c1d95c4
    static func timeout91f0f292(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 1, height: 9, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.setStrokeColor(CGColor(red: 819.0, green: 1e+308, blue: -239.0625, alpha: 3.158427409299326e+21))
        c.clear(CGRect(origin: CGPoint(x: -192.125, y: -246.75), size: CGSize(width: 122.0625, height: -1.0)))
        c.setStrokeColor(CGColor(red: 819.0, green: -9.20836917567039e+304, blue: 7.18643890598037e+151, alpha: -239.0625))
        c.strokeLineSegments(between: [CGPoint(x: -43.0, y: 3000.0), CGPoint(x: 0.0, y: 0.0), CGPoint(x: 0.0, y: 0.0)])
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.endTransparencyLayer()
        c.addQuadCurve(to: CGPoint(x: -411.75, y: -43.0), control: CGPoint(x: 4294967296.0, y: -236.25))
        c.addEllipse(in: CGRect(origin: CGPoint(x: -32768.0, y: -1.0), size: CGSize(width: -1000.0, height: CGFloat.nan)))
        c.saveGState()
        c.saveGState()
        c.setStrokeColor(CGColor(red: 505.3125, green: 616.125, blue: CGFloat.nan, alpha: 285.0))
        c.clip(to: CGRect(origin: CGPoint(x: CGFloat.infinity, y: 1e+19), size: CGSize(width: 9.3e+18, height: 10000000000.0)))
        c.setLineCap(.butt)
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: 1098.0, y: -43.0))
        c.closePath()
        c.addQuadCurve(to: CGPoint(x: 465.75, y: -32768.0), control: CGPoint(x: -1.0, y: -1000.0))
        c.clip(using: .winding)
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: -1.6815558404776793e-268)])
        c.setBlendMode(CGBlendMode(rawValue: 11) ?? .normal)
        c.endTransparencyLayer()
        c.setStrokeColor(CGColor(red: 503.25, green: -43.0, blue: 3000.0, alpha: -236.25))
        c.addEllipse(in: CGRect(origin: CGPoint(x: -32768.0, y: -1.0), size: CGSize(width: -0.0, height: 1e+19)))
        c.clear(CGRect(origin: CGPoint(x: 10000000000.0, y: -10.3125), size: CGSize(width: -1.0, height: -211.875)))
        c.strokeLineSegments(between: [CGPoint(x: 4294967296.0, y: -236.25), CGPoint(x: 122.0625, y: -1.0), CGPoint(x: -1000.0, y: CGFloat.nan)])
        c.clear(CGRect(origin: CGPoint(x: -1000.0, y: CGFloat.nan), size: CGSize(width: -5.280758763577826e+306, height: 498.75)))
        c.strokePath()
        c.addArc(center: CGPoint(x: -1.6223828508801599e-161, y: 56.25), radius: 56.25, startAngle: 56.25, endAngle: 56.25, clockwise: false)
        c.concatenate(CGAffineTransform(a: 56.25, b: 56.25, c: 95.625, d: -1000.0, tx: CGFloat.nan, ty: -5.280758763594775e+306))
        c.fillEllipse(in: CGRect(origin: CGPoint(x: 70.0, y: -1.0), size: CGSize(width: -8.767909393099081e-164, height: 0.0)))
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }

    /// Fuzz/Crashers/fuzz-cgcontext-slow-unit-9bd821d7e7c3fd1dacf9cc13f404eef2cde13a42
    static func timeout9bd821d7(_ gradient: CGGradient, _ image: CGImage) {
        let c = CGContext(data: nil, width: 56, height: 56, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.move(to: CGPoint(x: -180.0, y: -180.0))
        c.move(to: CGPoint(x: -180.0, y: -180.0))
        c.move(to: CGPoint(x: -180.0, y: -193.5))
        c.setBlendMode(CGBlendMode(rawValue: 11) ?? .normal)
        c.endTransparencyLayer()
        c.addArc(center: CGPoint(x: -43.0, y: 4294967296.0), radius: -236.25, startAngle: 122.0625, endAngle: -1.0, clockwise: false)
        c.move(to: CGPoint(x: CGFloat.nan, y: -5.280758763594775e+306))
        c.fillEllipse(in: CGRect(origin: CGPoint(x: 309.75, y: 6.053482004208089e-116), size: CGSize(width: 505.3125, height: CGFloat.infinity)))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 10000000000.0, y: -10.3125))
        c.addQuadCurve(to: CGPoint(x: -211.875, y: -358.3125), control: CGPoint(x: -1.6803727882934068e-268, y: -1000.0))
        c.clip(using: .winding)
        c.strokeLineSegments(between: [CGPoint(x: CGFloat.nan, y: -1.0), CGPoint(x: -1.5, y: -1032.5), CGPoint(x: 793.875, y: 309.75)])
        c.fill(CGRect(origin: CGPoint(x: 1e+308, y: -1.0), size: CGSize(width: 2147483648.0, height: 30851.51086182764)))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 1000000000.0))
        c.rotate(by: -596.25)
        c.addEllipse(in: CGRect(origin: CGPoint(x: 231.875, y: -175.0), size: CGSize(width: -455.0, height: 433.5)))
        c.setStrokeColor(CGColor(red: 9.3e+18, green: 941.25, blue: 141.75, alpha: -34.6875))
        c.setLineWidth(10000000000.0)
        c.setLineWidth(1.0)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setFillColor(CGColor(red: 365.0625, green: 365.0625, blue: 365.0625, alpha: 365.0625))
        c.setLineWidth(365.0625)
        c.setLineWidth(10000000000.0)
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 0.0, y: 0.0))
        c.move(to: CGPoint(x: 365.0625, y: 365.0625))
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.setLineWidth(365.0625)
        c.addArc(tangent1End: CGPoint(x: 301.625, y: -32768.0), tangent2End: CGPoint(x: -389.5, y: 4.0625), radius: 1000000000.0)
        c.rotate(by: -596.25)
        c.addEllipse(in: CGRect(origin: CGPoint(x: 231.875, y: -276.5625), size: CGSize(width: 365.0625, height: 365.0625)))
        c.setLineWidth(-43.0)
        c.drawPath(using: .fillStroke)
        c.setLineJoin(.miter)
        c.setLineWidth(497.0625)
        c.concatenate(CGAffineTransform(a: 0.0, b: 0.0, c: 0.0, d: 0.0, tx: 0.0, ty: 0.0))
        _ = c.boundingBoxOfPath
        _ = c.makeImage()
    }
}
