import Testing
import Foundation
import OpenQuartzCore

@Suite struct Geometry3DFacingTests {
    let bounds = CGRect(x: 0, y: 0, width: 200, height: 100)

    @Test func identityFacesTheViewer() {
        #expect(!isBackFacing(HomogeneousPoint.quad(bounds, transform: CATransform3DIdentity)))
        #expect(!isBackFacing(HomogeneousPoint.quad(bounds, transform: CATransform3DMakeRotation(2.5, 0, 0, 1))))
    }

    @Test func halfTurnAboutXOrYFacesAway() {
        #expect(isBackFacing(HomogeneousPoint.quad(bounds, transform: CATransform3DMakeRotation(.pi, 0, 1, 0))))
        #expect(isBackFacing(HomogeneousPoint.quad(bounds, transform: CATransform3DMakeRotation(.pi, 1, 0, 0))))
        // A mirror (scale x by −1) is a half turn about y composed with a z flip: facing away.
        #expect(isBackFacing(HomogeneousPoint.quad(bounds, transform: CATransform3DMakeScale(-1, 1, 1))))
        #expect(!isBackFacing(HomogeneousPoint.quad(bounds, transform: CATransform3DMakeScale(-1, -1, 1))))
    }

    /// Rotating about y under perspective 1/500: facing flips at 90° (edge-on). Near it the quad is
    /// a sliver on screen and the sign must still be right.
    @Test func rotationSweepUnderPerspective() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let centred = CGRect(x: -100, y: -50, width: 200, height: 100)
        for degrees in [0.0, 30, 60, 89, 89.999, 90.001, 91, 120, 179, 181, 269.999, 270.001, 300] {
            let t = CATransform3DConcat(CATransform3DMakeRotation(degrees * .pi / 180, 0, 1, 0), perspective)
            let expected = degrees > 90 && degrees < 270
            #expect(isBackFacing(HomogeneousPoint.quad(centred, transform: t)) == expected, "\(degrees)°")
        }
    }

    /// The facing test agrees with the sign of the post-divide plane normal (Newell) where the
    /// whole quad is in front of the eye, and needs no divide when it is not.
    @Test func agreesWithPlaneNormalAndSurvivesWZero() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        for degrees in stride(from: 5.0, through: 355.0, by: 10.0) {
            let t = CATransform3DConcat(CATransform3DMakeRotation(degrees * .pi / 180, 1, 1, 0), perspective)
            let quad = HomogeneousPoint.quad(CGRect(x: -100, y: -100, width: 200, height: 200), transform: t)
            let plane = try #require(Plane3D(polygon: clipToPositiveW(quad)))
            #expect(isBackFacing(quad) == plane.isBackFacing, "\(degrees)°")
        }
        // Half behind the eye (corners at z = 300 + 600·sin): the visible part still decides.
        let t = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0),
                                                        CATransform3DMakeTranslation(0, 0, 400)), perspective)
        let quad = HomogeneousPoint.quad(CGRect(x: -600, y: -600, width: 1200, height: 1200), transform: t)
        #expect(quad.contains { $0.w < 0 })
        let plane = try #require(Plane3D(polygon: clipToPositiveW(quad)))
        #expect(isBackFacing(quad) == plane.isBackFacing)
        #expect(!isBackFacing(quad))
    }

    /// The book's cube (Listing 5.9): faces 1, 2, 3 face the viewer, 4, 5, 6 face away.
    @Test func bookCubeFaces() {
        let faces = bookCube()
        #expect(faces.map { isBackFacing($0) } == [false, false, false, true, true, true])
    }
}
