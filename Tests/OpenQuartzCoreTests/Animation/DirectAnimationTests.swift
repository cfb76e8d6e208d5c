import Foundation
import Testing
import OpenQuartzCore

/// The render's direct evaluation of simple basic animations (DirectAnimation.swift) shows
/// exactly what the generic evaluator computes (the one `presentation()` uses), at every
/// phase: before, during (several cycles, reversed), after.
@Suite struct DirectAnimationTests {
    /// The numbers of a value, for an exact comparison.
    static func numbers(_ v: AnimationValue?) -> [Double] {
        switch v {
        case .number(let d)?: return [d]
        case .point(let p)?: return [Double(p.x), Double(p.y)]
        case .color(let r, let g, let b, let a)?: return [r, g, b, a]
        default: return [.nan]
        }
    }

    static var cases: [(String, Any, Any)] {
        [("opacity", 0.2, 0.9), ("position.x", 3.0, 70.0), ("position", CGPoint(x: 1, y: 2), CGPoint(x: 30, y: -4)),
         ("backgroundColor", CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.5)),
         ("strokeEnd", 0.0, 1.0), ("cornerRadius", 2.0, 8.0)]
    }

    @Test(arguments: 0..<6)
    func directEqualsGeneric(_ i: Int) throws {
        let (key, from, to) = Self.cases[i]
        let l = CAShapeLayer()
        l.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        l.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = from; a.toValue = to
        a.beginTime = 1; a.duration = 2; a.repeatCount = 2; a.autoreverses = true
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        l.add(a, forKey: "a")
        let kp = try #require(LayerKeyPath(key))
        let snapshotter = Snapshotter()
        for t in [0.5, 1, 1.3, 2.9, 3.5, 5.2, 8.99, 9, 12] {
            snapshotter.mediaTime = t
            snapshotter.frameNumber &+= 1
            let shown = snapshotter.presentationSource(l)
            let generic = l.builtInCopy()
            AnimationEvaluator.apply(l, to: generic, localTime: t, events: nil)
            #expect(Self.numbers(kp.get(shown)) == Self.numbers(kp.get(generic)), "\(key) at \(t)")
        }
        #expect(l.animationStorage?.resolvedDirectly == true, "\(key) is evaluated directly")
    }
}
