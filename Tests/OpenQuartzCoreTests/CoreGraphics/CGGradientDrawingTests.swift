import Foundation
import Testing
import OpenQuartzCore

@Suite struct CGGradientDrawingTests {
    let blackToWhite = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)] as CFArray,
                                  locations: [0, 1])!

    @Test func initialisersAndRefusals() {
        let comps: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        let g = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: comps, locations: nil, count: 2)
        #expect(g != nil && g!.locations == [0, 1])
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: comps, locations: nil, count: 0) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [] as CFArray, locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: ["red"] as CFArray, locations: nil) == nil)
        // Locations are sorted with their colours.
        let s = CGGradient(colorsSpace: nil, colors: [CGColor.white, CGColor.black] as CFArray, locations: [1, 0])!
        #expect(s.locations == [0, 1] && s.colors[0].r == 0)
    }

    @Test func linearRampValuesAndExtension() {
        let ctx = makeRGBAContext(100, 1)
        ctx.drawLinearGradient(blackToWhite, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [])
        // At pixel centre x + 0.5 the ramp is (x + 0.5 − 20) / 60.
        for x in [20, 35, 50, 79] {
            let expected = Int(((Double(x) + 0.5 - 20) / 60 * 255).rounded())
            #expect(near(ctx.rgba(device: x, 0).r, expected), "x = \(x)")
        }
        #expect(ctx.rgba(device: 10, 0).a == 0 && ctx.rgba(device: 90, 0).a == 0)
        let ext = makeRGBAContext(100, 1)
        ext.drawLinearGradient(blackToWhite, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0),
                               options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(ext.rgba(device: 10, 0) == (0, 0, 0, 255) && ext.rgba(device: 90, 0) == (255, 255, 255, 255))
    }

    @Test func radialRampsBetweenCircles() {
        let ctx = makeRGBAContext(101, 101)
        ctx.drawRadialGradient(blackToWhite, startCenter: CGPoint(x: 50.5, y: 50.5), startRadius: 10,
                               endCenter: CGPoint(x: 50.5, y: 50.5), endRadius: 40, options: [])
        // Concentric circles: t = (d − 10) / 30 at distance d from the centre.
        for d in [12, 25, 39] {
            let expected = Int((Double(d - 10) / 30 * 255).rounded())
            #expect(near(ctx.rgba(device: 50 + d, 50).r, expected), "d = \(d)")
        }
        #expect(ctx.rgba(device: 50, 50).a == 0 && ctx.rgba(device: 95, 50).a == 0)
        // A cone: start circle of radius 0 at (20, 50), end circle of radius 30 at (50, 50), extended
        // after the end. On the axis left of the start nothing is painted (no circle passes there).
        let cone = makeRGBAContext(101, 101)
        cone.drawRadialGradient(blackToWhite, startCenter: CGPoint(x: 20, y: 50.5), startRadius: 0,
                                endCenter: CGPoint(x: 50, y: 50.5), endRadius: 30, options: [.drawsAfterEndLocation])
        #expect(cone.rgba(device: 10, 50).a == 0)
        // Right of the start on the axis, point x lies on circle t with 20 + 30 t + 30 t = x.
        let t = (60.5 - 20) / 60
        #expect(near(cone.rgba(device: 60, 50).r, Int((t * 255).rounded())))
        #expect(cone.rgba(device: 95, 50) == (255, 255, 255, 255))
    }

    @Test func colorsInterpolateWithStraightAlpha() {
        let g = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 0),
                                                      CGColor(red: 1, green: 0, blue: 0, alpha: 1)] as CFArray,
                           locations: nil)!
        let ctx = makeRGBAContext(2, 1)
        ctx.drawLinearGradient(g, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 2, y: 0), options: [])
        // At t = 0.75 straight red with alpha 0.75: premultiplied (191, 0, 0, 191).
        #expect(near(ctx.rgba(device: 1, 0).r, 191) && near(ctx.rgba(device: 1, 0).a, 191))
    }
}
