import Foundation
import Testing
import OpenQuartzCore

/// Values that are not single numbers, animated: whole `CATransform3D` keyframes (decomposed,
/// parts interpolated, recomposed: the CSS Transforms rule, which WebKit drawn by Core
/// Animation uses), `CGPath` morphing between paths of the same elements, and arrays of
/// colours and numbers (gradient `colors` and `locations`). Expected values are closed forms.
@Suite struct ValueInterpolationTests {
    /// A keyframe animation of `keyPath` through `values` over 1 s from time 1, on `l`, shown at `t`.
    static func shown<L: CALayer>(_ l: L, _ keyPath: String, _ values: [Any], at t: Double) -> L {
        let stage = AnimationStage(l)
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.values = values
        a.duration = 1; a.beginTime = 1
        l.add(a, forKey: "k")
        return stage.shown(l, at: t) as! L
    }

    /// Rotate-then-translate keyframes: half-way is half the rotation and half the translation,
    /// not the element-wise average (which would shrink the layer).
    @Test func transformKeyframesInterpolateByDecomposition() {
        let end = CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), CATransform3DMakeTranslation(100, 0, 0))
        let scaled = CATransform3DConcat(CATransform3DMakeScale(3, 3, 1), end)
        let values: [Any] = [CATransform3DIdentity, NSValue(caTransform3D: end), scaled]
        let half = Self.shown(CALayer(), "transform", values, at: 1.25).transform
        let expectedHalf = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 0, 1), CATransform3DMakeTranslation(50, 0, 0))
        #expect(close(half, expectedHalf, 1e-9))
        // Second segment: same rotation and translation, scale 1 → 3: half-way scale 2.
        let later = Self.shown(CALayer(), "transform", values, at: 1.75).transform
        #expect(close(later, CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), end), 1e-9))
    }

    static func rect(_ r: CGRect) -> CGPath { CGPath(rect: r, transform: nil) }

    /// Paths of the same elements morph point by point; the result is the path of the
    /// interpolated rectangle.
    @Test func pathMorphing() {
        let from = CGRect(x: 0, y: 0, width: 10, height: 10), to = CGRect(x: 10, y: 20, width: 30, height: 40)
        let shape = Self.shown(CAShapeLayer(), "path", [Self.rect(from), Self.rect(to)], at: 1.5)
        #expect(shape.path?.elements == Self.rect(CGRect(x: 5, y: 10, width: 20, height: 25)).elements)
        // Curves too: two ellipses' control points, half-way.
        let a = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let b = CGPath(ellipseIn: CGRect(x: 20, y: 0, width: 40, height: 60), transform: nil)
        let mid = Self.shown(CAShapeLayer(), "path", [a, b], at: 1.5).path
        let expected = CGPath(ellipseIn: CGRect(x: 10, y: 0, width: 30, height: 40), transform: nil)
        let got = mid?.elements ?? [], want = expected.elements
        #expect(got.count == want.count)
        for (g, w) in zip(got, want) { #expect(Self.points(g).count == Self.points(w).count && zip(Self.points(g), Self.points(w)).allSatisfy { close($0, $1, 1e-9) }) }
        // Paths of different elements do not morph: they switch half-way.
        let tri = CGMutablePath()
        tri.move(to: .zero); tri.addLine(to: CGPoint(x: 5, y: 0)); tri.addLine(to: CGPoint(x: 0, y: 5)); tri.closeSubpath()
        let before = Self.shown(CAShapeLayer(), "path", [Self.rect(from), tri], at: 1.4).path
        let after = Self.shown(CAShapeLayer(), "path", [Self.rect(from), tri], at: 1.6).path
        #expect(before?.elements == Self.rect(from).elements && after?.elements == tri.elements)
    }

    static func points(_ e: CGPath.Element) -> [CGPoint] {
        switch e {
        case .move(let p), .line(let p): return [p]
        case .quadCurve(let p, let c): return [p, c]
        case .curve(let p, let c1, let c2): return [p, c1, c2]
        case .closeSubpath: return []
        }
    }

    /// Gradient colours colour by colour (straight sRGB), locations number by number.
    @Test func gradientColorsAndLocations() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let g = Self.shown(CAGradientLayer(), "colors", [[red, blue], [blue, red]], at: 1.25)
        let colors = (g.colors as? [CGColor])?.map { $0.components ?? [] } ?? []
        #expect(colors.count == 2)
        if colors.count == 2 {
            #expect(zip(colors[0], [0.75, 0, 0.25, 1] as [CGFloat]).allSatisfy { close($0, $1, 1e-9) })
            #expect(zip(colors[1], [0.25, 0, 0.75, 1] as [CGFloat]).allSatisfy { close($0, $1, 1e-9) })
        }
        let locations: [[NSNumber]] = [[0, 1], [0.5, 1], [0.5, 0.6]]
        let l = Self.shown(CAGradientLayer(), "locations", locations, at: 1.75)
        let shown = l.locations?.map(\.doubleValue) ?? []
        #expect(shown.count == 2 && close(shown[0], 0.5) && close(shown[1], 0.8))
    }

    /// A basic animation of `locations` between arrays of NSNumbers (the shimmer's form).
    @Test func locationsBasicAnimation() {
        let l = CAGradientLayer()
        let stage = AnimationStage(l)
        let a = CABasicAnimation(keyPath: "locations")
        a.fromValue = [-1.0, -0.5, 0.0] as [NSNumber]
        a.toValue = [1.0, 1.5, 2.0] as [NSNumber]
        a.duration = 1; a.beginTime = 1
        l.add(a, forKey: "shimmer")
        let shown = (stage.shown(l, at: 1.25) as! CAGradientLayer).locations?.map(\.doubleValue) ?? []
        #expect(shown.count == 3 && close(shown[0], -0.5) && close(shown[1], 0) && close(shown[2], 0.5))
    }
}
