import Testing
import Foundation
import OpenQuartzCore

/// Expected values worked out by hand from `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
@Suite struct CGAffineTransformTests {
    func near(_ a: CGFloat, _ b: CGFloat, _ eps: CGFloat = 1e-12) -> Bool { abs(a - b) <= eps }
    func near(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat, _ eps: CGFloat = 1e-12) -> Bool {
        near(p.x, x, eps) && near(p.y, y, eps)
    }

    @Test func identityAndInitialisers() {
        #expect(CGAffineTransform().isIdentity)
        #expect(CGAffineTransform.identity == CGAffineTransform(1, 0, 0, 1, 0, 0))
        #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
        #expect(CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 10, y: 20)) == CGPoint(x: 11, y: 22))
        #expect(CGPoint(x: 1, y: 1).applying(CGAffineTransform(scaleX: 2, y: 3)) == CGPoint(x: 2, y: 3))
        // +x turns towards +y.
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(near(r.a, 0) && r.b == 1 && r.c == -1 && near(r.d, 0))
        #expect(near(CGPoint(x: 1, y: 0).applying(r), 0, 1))
        #expect(near(CGPoint(x: 0, y: 1).applying(r), -1, 0))
        let general = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // x' = 1 + 3 + 5, y' = 2 + 4 + 6.
        #expect(CGPoint(x: 1, y: 1).applying(general) == CGPoint(x: 9, y: 12))
    }

    @Test func concatenatingAppliesSelfFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0), s = CGAffineTransform(scaleX: 2, y: 2)
        #expect(CGPoint.zero.applying(t.concatenating(s)) == CGPoint(x: 20, y: 0))
        #expect(CGPoint.zero.applying(s.concatenating(t)) == CGPoint(x: 10, y: 0))
        // Matrix product by hand: [1 2;3 4|5 6] · [0 1;-1 0|7 8].
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
            .concatenating(CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 7, ty: 8))
        #expect(m == CGAffineTransform(a: -2, b: 1, c: -4, d: 3, tx: 1, ty: 13))
    }

    @Test func translatedScaledRotatedPreConcatenate() {
        // The new operation acts first, in the transform's local frame.
        let a = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(CGPoint.zero.applying(a) == CGPoint(x: 20, y: 0))
        let b = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        #expect(CGPoint(x: 1, y: 1).applying(b) == CGPoint(x: 12, y: 2))
        let c = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        #expect(near(CGPoint(x: 1, y: 0).applying(c), 10, 1))
    }

    @Test func inverted() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // det = −2; by hand: [−2 1; 1.5 −0.5 | 1 −2].
        let i = t.inverted()
        #expect(i == CGAffineTransform(a: -2, b: 1, c: 1.5, d: -0.5, tx: 1, ty: -2))
        #expect(CGPoint(x: 9, y: 12).applying(i) == CGPoint(x: 1, y: 1))
        #expect(t.concatenating(i).isIdentity)
        // Singular: returned unchanged, as Core Graphics does.
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 3)
        #expect(singular.inverted() == singular)
    }

    @Test func sizeIgnoresTranslation() {
        let size = CGSize(width: 3, height: 4)
        #expect(size.applying(CGAffineTransform(translationX: 5, y: 5)) == size)
        let r = size.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(near(r.width, -4) && near(r.height, 3))
    }

    @Test func rectApplyingIsBoundingBox() {
        let r = CGRect(x: 0, y: 0, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let s = 2.0.squareRoot()
        #expect(near(r.minX, -s) && near(r.minY, 0) && near(r.width, 2 * s) && near(r.height, 2 * s))
        let t = CGRect(x: 1, y: 2, width: 3, height: 4)
            .applying(CGAffineTransform(scaleX: -2, y: 1).translatedBy(x: 1, y: 1))
        // x ∈ [2, 5] → [−10, −4]; y ∈ [3, 7].
        #expect(t == CGRect(x: -10, y: 3, width: 6, height: 4))
        // A negative-size rect is standardised first.
        #expect(CGRect(x: 4, y: 6, width: -3, height: -4).applying(.identity) == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 1, y: 1)).isNull)
    }

    @Test func vector() {
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
        #expect(CGVector(dx: 1, dy: 2) == CGVector(dx: 1.0, dy: 2.0))
    }
}
