import Foundation
import OpenQuartzCore

/// The pictures the book's projects load with `[UIImage imageNamed:]`, painted in code (no
/// downloaded art): a snowman with a transparent background (the book's chapter 2 icon), an
/// igloo "photo", and the cone that listing 4.5 uses as a mask. The scene files load the same
/// pictures from `Examples/images/<name>`; GalleryTests checks the committed PNGs are up to date.
public enum StandInImages {
    /// The file names, as the listings and scene files spell them.
    public static let names = ["Snowman.png", "Igloo.png", "Cone.png"]

    public static func image(named name: String) -> CGImage? {
        switch name {
        case "Snowman.png": snowman
        case "Igloo.png": igloo
        case "Cone.png": cone
        default: nil
        }
    }

    package static let snowman = makeImage(paintSnowman)
    package static let igloo = makeImage(paintIgloo)
    package static let cone = makeImage(paintCone)

    /// All three are 400×400 pixels: sharp on the gallery's 2× canvases at 200×200 points.
    static let side = 400

    private static func makeImage(_ paint: (inout StandInPainter) -> Void) -> CGImage {
        var painter = StandInPainter(width: side, height: side)
        paint(&painter)
        // The byte count is width·height·4 by construction, which is all the initialiser checks.
        guard let image = CGImage(width: side, height: side, rgba: painter.rgbaBytes) else {
            preconditionFailure("stand-in image of \(side)×\(side) refused")
        }
        return image
    }

    typealias RGBA = StandInPainter.RGBA

    private static func paintSnowman(_ p: inout StandInPainter) {
        let outline = RGBA(r: 0.55, g: 0.62, b: 0.75, a: 1)
        let snow = RGBA(r: 0.98, g: 0.98, b: 1, a: 1)
        let coal = RGBA(r: 0.12, g: 0.12, b: 0.14, a: 1)
        let wood = RGBA(r: 0.45, g: 0.3, b: 0.15, a: 1)
        // Arms first so the body covers their roots; the raised right arm makes the picture
        // asymmetric, so mirror images are easy to tell.
        p.line(wood, from: (150, 190), to: (55, 150), width: 9)
        p.line(wood, from: (75, 158), to: (62, 128), width: 6)
        p.line(wood, from: (250, 190), to: (340, 95), width: 9)
        p.line(wood, from: (318, 118), to: (350, 122), width: 6)
        for (cy, r) in [(300.0, 90.0), (185.0, 62.0), (95.0, 45.0)] {
            p.circle(outline, cx: 200, cy: cy, r: r + 3)
            p.circle(snow, cx: 200, cy: cy, r: r)
        }
        let scarf = RGBA(r: 0.85, g: 0.15, b: 0.2, a: 1)
        p.rect(scarf, x: 158, y: 128, w: 84, h: 15)
        p.rect(scarf, x: 216, y: 136, w: 17, h: 50)
        p.rect(coal, x: 145, y: 50, w: 110, h: 11)
        p.rect(coal, x: 168, y: 8, w: 64, h: 44)
        p.circle(coal, cx: 183, cy: 88, r: 6)
        p.circle(coal, cx: 217, cy: 88, r: 6)
        p.polygon(RGBA(r: 1, g: 0.55, b: 0.1, a: 1), [(200, 99), (244, 106), (200, 112)])
        for y in [165.0, 195.0, 225.0] { p.circle(coal, cx: 200, cy: y, r: 7) }
    }

    private static func paintIgloo(_ p: inout StandInPainter) {
        let horizon = 290.0
        p.fill(x0: 0, y0: 0, x1: 400, y1: horizon, color: { _, y in
            let t = y / horizon
            return RGBA(r: 0.3 + 0.45 * t, g: 0.55 + 0.33 * t, b: 0.88 + 0.12 * t, a: 1)
        }, inside: { _, _ in true })
        p.circle(RGBA(r: 1, g: 0.85, b: 0.3, a: 1), cx: 80, cy: 80, r: 40)
        p.ellipse(RGBA(r: 0.82, g: 0.88, b: 0.96, a: 1), cx: 330, cy: horizon + 10, rx: 170, ry: 70)
        p.rect(RGBA(r: 0.93, g: 0.95, b: 1, a: 1), x: 0, y: horizon, w: 400, h: 400 - horizon)
        // The dome: the upper half of an ellipse, with darker joints between rows of blocks.
        let cx = 220.0, rx = 125.0, ry = 115.0
        func inDome(_ x: Double, _ y: Double) -> Bool {
            let u = (x - cx) / rx, v = (y - horizon) / ry
            return y <= horizon && u * u + v * v <= 1
        }
        p.fill(RGBA(r: 0.97, g: 0.98, b: 1, a: 1), x0: cx - rx, y0: horizon - ry, x1: cx + rx, y1: horizon,
               inside: inDome)
        let joint = RGBA(r: 0.68, g: 0.75, b: 0.86, a: 1)
        for row in 1...4 {
            let y = horizon - Double(row) * 24
            p.fill(joint, x0: cx - rx, y0: y - 1.5, x1: cx + rx, y1: y + 1.5) { x, py in
                abs(py - y) <= 1.5 && inDome(x, py)
            }
            // Vertical joints, staggered row by row like brickwork.
            let offset = row % 2 == 0 ? 0.0 : 20.0
            for k in -6...6 {
                let x = cx + Double(k) * 40 + offset
                p.fill(joint, x0: x - 1.5, y0: y, x1: x + 1.5, y1: y + 24) { px, py in
                    abs(px - x) <= 1.5 && py >= y && py <= y + 24 && inDome(px, py)
                }
            }
        }
        p.fill(RGBA(r: 0.2, g: 0.25, b: 0.38, a: 1), x0: 125, y0: horizon - 55, x1: 185, y1: horizon) { x, y in
            let u = (x - 155) / 30, v = (y - (horizon - 25)) / 30
            return y >= horizon - 25 ? abs(x - 155) <= 30 : u * u + v * v <= 1
        }
    }

    private static func paintCone(_ p: inout StandInPainter) {
        let ink = RGBA(r: 0, g: 0, b: 0, a: 1)
        p.polygon(ink, [(200, 20), (322, 340), (78, 340)])
        p.ellipse(ink, cx: 200, cy: 340, rx: 122, ry: 40)
    }
}
