import Foundation
import Testing
import Raster

/// Writes a sample image (raw RGBA) when RASTER_DUMP names a file; skipped otherwise.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["RASTER_DUMP"] != nil))
struct VisualDump {
    @Test func scene() throws {
        let s = Surface(width: 480, height: 320)
        s.clear(0xFFFF_FFFF)
        let g = Gradient(kind: .axial, colors: [Color(r: 0.1, g: 0.3, b: 0.9, a: 1), Color(r: 0.9, g: 0.2, b: 0.5, a: 1)],
                         startX: 0, startY: 0, endX: 1, endY: 1)
        let card = Path.roundedRect(x: 20.5, y: 20.5, width: 200, height: 130, radiusX: 18, radiusY: 18)
        let shadow = Mask(width: 480, height: 320)
        shadow.fill(card, transform: .translation(6, 8))
        s.fill(gaussianBlur(shadow, sigma: 6), color: Color(r: 0, g: 0, b: 0, a: 0.4))
        s.fill(card, gradient: g, gradientTransform: ProjectiveTransform.scale(200, 130).concatenating(.translation(20.5, 20.5)))
        var star = Path()
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k * 2) * 2 * Double.pi / 5
            let (x, y) = (360 + 70 * cos(a), 90 + 70 * sin(a))
            if k == 0 { star.move(to: x, y) } else { star.line(to: x, y) }
        }
        star.close()
        s.fill(star, rule: .evenOdd, color: Color(r: 0.95, g: 0.7, b: 0.1, a: 1))
        s.fill(star.stroked(StrokeStyle(width: 3, join: .round)), color: Color(r: 0.3, g: 0.2, b: 0, a: 1))
        var wave = Path()
        wave.move(to: 20, 250)
        for i in 0..<8 { wave.cubic(to: 20 + Double(i + 1) * 55, 250, control1: 20 + Double(i) * 55 + 20, 190,
                                    control2: 20 + Double(i) * 55 + 35, 310) }
        s.fill(wave.stroked(StrokeStyle(width: 6, cap: .round, dashes: [30, 12])), color: Color(r: 0.1, g: 0.6, b: 0.3, a: 0.8))
        s.fill(wave.trimmed(from: 0.1, to: 0.6).stroked(StrokeStyle(width: 1)), color: .black)
        let tex = Surface(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { tex.setPixel(x: x, y: y, (x / 8 + y / 8) % 2 == 0 ? 0xFF20_20E0 : 0xFFF0_F0F0) } }
        let persp = ProjectiveTransform.translation(-32, -32)
            .concatenating(ProjectiveTransform(m11: 2.0, m12: 0.2, m13: 0.008, m21: -0.3, m22: 1.6, m23: 0.004, m31: 0, m32: 0, m33: 1))
            .concatenating(.translation(330, 200))
        s.draw(Texture(tex), transform: persp, filter: .trilinear)
        var bytes = [UInt8]()
        bytes.reserveCapacity(480 * 320 * 4)
        for i in 0..<(480 * 320) {
            let p = s.pixels[i]
            bytes += [UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24)]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: ProcessInfo.processInfo.environment["RASTER_DUMP"]!))
    }
}
