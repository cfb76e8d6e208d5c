import Foundation
import Testing
import OpenQuartzCore

/// A root layer rendered once (so that its tree is committed and implicit animations run), and
/// a small renderer to show frames at chosen media times.
struct AnimationStage {
    let root = CALayer()
    let renderer = CAImageRenderer(size: CGSize(width: 8, height: 8))

    init(_ layers: CALayer...) {
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        root.position = CGPoint(x: 4, y: 4)
        for l in layers { root.addSublayer(l) }
        CATransaction.flush()
        _ = renderer.image(for: root, atTime: 0)
    }

    /// Renders the frame at `t` and returns `l`'s presentation layer.
    func shown(_ l: CALayer, at t: CFTimeInterval) -> CALayer {
        _ = renderer.image(for: root, atTime: t)
        return l.presentation()!
    }
}

/// `a ≈ b` within `tol`.
func close(_ a: CGFloat, _ b: CGFloat, _ tol: CGFloat = 1e-9) -> Bool { abs(a - b) <= tol }
func close(_ a: Double, _ b: Double, tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
func close(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool { close(a.x, b.x, tol) && close(a.y, b.y, tol) }
func close(_ a: CATransform3D, _ b: CATransform3D, _ tol: CGFloat = 1e-9) -> Bool {
    zip(a.values, b.values).allSatisfy { abs($0 - $1) <= tol }
}
