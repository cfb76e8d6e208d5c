import Testing
import Foundation
import OpenQuartzCore

@Suite struct CATransform3DTests {
    @Test func concatAppliesLeftFirst() {
        // CATransform3D.h: Concat(a, b) = a·b, a first (GS catransform3d.m values).
        let t1 = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 2))
        #expect(t1.m41 == 20)
        let t2 = CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(10, 0, 0))
        #expect(t2.m41 == 10)
        #expect(CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0).m41 == 20)
        #expect(CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 2).m41 == 10)
    }

    @Test func rotationSign() {
        let z = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(abs(z.m11) < 1e-12 && abs(z.m12 - 1) < 1e-12 && abs(z.m21 + 1) < 1e-12)
        let x = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        #expect(abs(x.m23 - 1) < 1e-12 && abs(x.m32 + 1) < 1e-12)
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
    }

    @Test func invertRoundTripAndSingular() {
        var t = CATransform3DMakeRotation(0.7, 1, 2, 3)
        t = CATransform3DTranslate(t, 5, -7, 11)
        t.m34 = -1.0 / 500
        let p = CATransform3DConcat(t, CATransform3DInvert(t))
        for (v, e) in zip(p.values, CATransform3DIdentity.values) { #expect(abs(v - e) < 1e-9) }
        let singular = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(singular) == singular)
    }

    @Test func affineBridge() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == a)
        var p = t; p.m34 = -0.002
        #expect(!CATransform3DIsAffine(p))
        #expect(CATransform3DGetAffineTransform(p) == .identity)
    }
}
