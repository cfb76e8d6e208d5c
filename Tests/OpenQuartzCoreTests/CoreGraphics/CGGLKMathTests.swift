import Testing
import Foundation
import OpenQuartzCore

/// GLKit helpers, checked against the lighting listing (5.10) worked by hand.
@Suite struct CGGLKMathTests {
    func near(_ a: Float, _ b: Float, _ eps: Float = 1e-6) -> Bool { abs(a - b) <= eps }
    func near(_ v: GLKVector3, _ x: Float, _ y: Float, _ z: Float) -> Bool {
        near(v.x, x) && near(v.y, y) && near(v.z, z)
    }

    @Test func vectors() {
        #expect(near(GLKVector3Normalize(GLKVector3Make(3, 4, 0)), 0.6, 0.8, 0))
        #expect(GLKVector3Normalize(GLKVector3Make(0, 0, 0)) == GLKVector3Make(0, 0, 0))
        #expect(GLKVector3DotProduct(GLKVector3Make(1, 2, 3), GLKVector3Make(4, -5, 6)) == 12)
        #expect(GLKVector3CrossProduct(GLKVector3Make(1, 0, 0), GLKVector3Make(0, 1, 0)) == GLKVector3Make(0, 0, 1))
        #expect(GLKVector3Length(GLKVector3Make(2, 3, 6)) == 7)
        var v = GLKVector3(v: (1, 2, 3))
        v.b = 9
        #expect(v.r == 1 && v.t == 2 && v.z == 9)
    }

    @Test func matrixLayoutIsColumnMajor() {
        // Columns (1,2,3), (4,5,6), (7,8,9).
        let m = GLKMatrix3Make(1, 2, 3, 4, 5, 6, 7, 8, 9)
        #expect(GLKMatrix3MultiplyVector3(m, GLKVector3Make(1, 0, 0)) == GLKVector3Make(1, 2, 3))
        #expect(GLKMatrix3MultiplyVector3(m, GLKVector3Make(1, 1, 1)) == GLKVector3Make(12, 15, 18))
        let m4 = GLKMatrix4Make(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
        #expect(GLKMatrix4GetMatrix3(m4) == GLKMatrix3Make(1, 2, 3, 5, 6, 7, 9, 10, 11))
        #expect(GLKMatrix4GetMatrix3(GLKMatrix4Identity) == GLKMatrix3Identity)
    }

    @Test func bridgeKeepsMemoryOrder() {
        let values = (1...16).map { CGFloat($0) }
        let g = GLKMatrix4(CATransform3D(values))
        #expect(g.m == (1...16).map { Float($0) })
        #expect(g.m12 == 7 && g.m30 == 13)
    }

    @Test func lightingListing() {
        // Face 2: rotated π/2 about y, so its normal (0,0,1) turns to +x (z → x, right-handed).
        let t = CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0)
        let n = GLKVector3Normalize(GLKMatrix3MultiplyVector3(GLKMatrix4GetMatrix3(GLKMatrix4(t)), GLKVector3Make(0, 0, 1)))
        #expect(near(n, 1, 0, 0))
        // Face 1 faces +z; light (0, 1, −0.5)/√1.25 gives dot −0.5/√1.25, shadow 1 + dot − 0.5.
        let light = GLKVector3Normalize(GLKVector3Make(0, 1, -0.5))
        let n1 = GLKMatrix3MultiplyVector3(GLKMatrix4GetMatrix3(GLKMatrix4(CATransform3DMakeTranslation(0, 0, 100))),
                                           GLKVector3Make(0, 0, 1))
        let dot = GLKVector3DotProduct(light, n1)
        #expect(near(dot, -0.5 / Float(1.25).squareRoot()))
        #expect(near(1 + dot - 0.5, 0.0527864))
    }
}
