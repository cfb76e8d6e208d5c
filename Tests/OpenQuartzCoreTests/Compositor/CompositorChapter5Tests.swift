import Testing
import Foundation
import Raster
import OpenQuartzCore

/// Chapter 5: transforms, perspective, flattening, depth order and back faces.
@Suite struct CompositorChapter5Tests {
    /// The rows of opaque pixels in column x, as (first, count).
    static func column(_ img: Rendered, _ x: Int, threshold: Int = 128) -> (first: Int, count: Int) {
        var first = -1, count = 0
        for y in 0..<img.surface.height where img.rgba(x, y).a >= threshold {
            if first < 0 { first = y }
            count += 1
        }
        return (first, count)
    }

    static func row(_ img: Rendered, _ y: Int, threshold: Int = 128) -> (first: Int, count: Int) {
        var first = -1, count = 0
        for x in 0..<img.surface.width where img.rgba(x, y).a >= threshold {
            if first < 0 { first = x }
            count += 1
        }
        return (first, count)
    }

    /// Listing 5.1: a 45° affine rotation turns the square clockwise on screen (y down): the
    /// corners now point up, down, left and right.
    @Test func affineRotationOf45Degrees() {
        let root = makeRoot(300, 300)
        let l = makeLayer(CGRect(x: 100, y: 100, width: 100, height: 100), red)
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        root.addSublayer(l)
        let img = Rendered(root, width: 300, height: 300)
        let half = 50 * 2.0.squareRoot()
        // The diamond's vertical extent through its centre column is 2·half.
        let c = Self.column(img, 150)
        #expect(abs(Double(c.count) - 2 * half) <= 2)
        #expect(img.at(150, 150 - half + 3).a == 255)
        #expect(img.at(105, 105).a == 0)   // the old corner is empty now
    }

    /// Listing 5.2: scale 0.5, rotate 30°, translate 200 (each pre-concatenated) moves the
    /// centre by the rotated, scaled translation: (100·cos 30°, 100·sin 30°) = (86.6, 50).
    @Test func combinedTransformMovesTheCentreByTheTransformedTranslation() {
        let root = makeRoot(500, 400)
        let l = makeLayer(CGRect(x: 100, y: 100, width: 100, height: 100), red)
        var t = CGAffineTransform.identity
        t = t.scaledBy(x: 0.5, y: 0.5)
        t = t.rotated(by: .pi / 6)
        t = t.translatedBy(x: 200, y: 0)
        l.setAffineTransform(t)
        root.addSublayer(l)
        let img = Rendered(root, width: 500, height: 400)
        let cx = 150 + 100 * cos(Double.pi / 6), cy = 150 + 100 * sin(Double.pi / 6)
        #expect(img.at(CGFloat(cx), CGFloat(cy)).a == 255)
        // Half-size square: 50 points on a side, so ±20 along its own axes is still inside.
        #expect(img.at(CGFloat(cx + 20 * cos(.pi / 6)), CGFloat(cy + 20 * sin(.pi / 6))).a == 255)
        #expect(img.at(CGFloat(cx + 40 * cos(.pi / 6)), CGFloat(cy + 40 * sin(.pi / 6))).a == 0)
        #expect(img.at(350, 150).a == 0)     // not translated by the raw 200
    }

    /// Listing 5.4: a 45° rotation about Y without perspective only narrows the layer.
    @Test func yRotationWithoutPerspectiveIsNarrowerNotATrapezoid() {
        let root = makeRoot(300, 300)
        let l = makeLayer(CGRect(x: 50, y: 50, width: 200, height: 200), red)
        l.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        root.addSublayer(l)
        let img = Rendered(root, width: 300, height: 300)
        let w = 200 * cos(Double.pi / 4)
        for y in [60, 150, 240] { #expect(abs(Double(Self.row(img, y).count) - w) <= 2) }
        #expect(abs(Self.column(img, 150 - 65).count - 200) <= 1)
        #expect(abs(Self.column(img, 150 + 65).count - 200) <= 1)
    }

    /// Listing 5.5: with m34 = −1/500 the near edge is taller than the far edge by the ratio
    /// of their w: w = 1 − z/500 with z = ∓100·sin 45° at x = ∓100.
    @Test func perspectiveMakesTheNearEdgeTaller() {
        let root = makeRoot(400, 400)
        let l = makeLayer(CGRect(x: 100, y: 100, width: 200, height: 200), red)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        t = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
        l.transform = t
        root.addSublayer(l)
        let img = Rendered(root, width: 400, height: 400)
        let s = sin(Double.pi / 4)
        let wNear = 1 - 100 * s / 500, wFar = 1 + 100 * s / 500
        let xNear = -100 * s / wNear, xFar = 100 * s / wFar
        // Height of the trapezoid at screen offset X from the centre, linear between the edges.
        func height(_ X: Double) -> Double {
            let f = (X - xNear) / (xFar - xNear)
            return 200 / wNear + f * (200 / wFar - 200 / wNear)
        }
        for X in [-75.0, 0, 55] {
            let measured = Double(Self.column(img, Int(200 + X)).count)
            #expect(abs(measured - height(X + 0.5)) <= 2, "column \(X): \(measured) vs \(height(X + 0.5))")
        }
        #expect(Self.row(img, 200).first == Int((200 + xNear).rounded(.up)) || Self.row(img, 200).first == Int(200 + xNear))
    }

    /// Listing 5.6: two layers rotated ±45° under one perspective sublayerTransform are mirror
    /// images about the container's centre: they share its vanishing point.
    @Test func sublayerTransformSharesOneVanishingPoint() {
        let root = makeRoot(400, 200)
        let container = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 200))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        container.sublayerTransform = p
        let left = makeLayer(CGRect(x: 30, y: 50, width: 100, height: 100), red)
        left.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        let right = makeLayer(CGRect(x: 270, y: 50, width: 100, height: 100), red)
        right.transform = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
        container.addSublayer(left)
        container.addSublayer(right)
        root.addSublayer(container)
        let img = Rendered(root, width: 400, height: 200)
        for x in stride(from: 20, to: 200, by: 7) {
            #expect(Self.column(img, x).count == Self.column(img, 399 - x).count, "column \(x)")
        }
        // Each layer's far edge is its inner edge (towards the vanishing point at the centre),
        // so it is shorter than its outer edge.
        let l = Self.row(img, 100)
        #expect(Self.column(img, l.first + 2).count > Self.column(img, l.first + l.count - 3).count)
    }

    // MARK: - The cube

    static let faceColors: [CGColor] = [
        CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
        CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
        CGColor(red: 0, green: 1, blue: 1, alpha: 1), CGColor(red: 1, green: 0, blue: 1, alpha: 1),
    ]

    /// The book's listing 5.9 faces.
    static func faceTransforms() -> [CATransform3D] {
        [CATransform3DMakeTranslation(0, 0, 100),
         CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0),
         CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), .pi / 2, 1, 0, 0),
         CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -.pi / 2, 1, 0, 0),
         CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -.pi / 2, 0, 1, 0),
         CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), .pi, 0, 1, 0)]
    }

    static func cube(order: [Int], corner: Bool, doubleSided: Bool = true) -> CALayer {
        let root = makeRoot(400, 400)
        let container = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 400))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        if corner {
            p = CATransform3DRotate(p, -.pi / 4, 1, 0, 0)
            p = CATransform3DRotate(p, -.pi / 4, 0, 1, 0)
        }
        container.sublayerTransform = p
        let transforms = faceTransforms()
        for i in order {
            let face = makeLayer(CGRect(x: 100, y: 100, width: 200, height: 200), faceColors[i], name: "face\(i + 1)")
            face.transform = transforms[i]
            face.isDoubleSided = doubleSided
            container.addSublayer(face)
        }
        root.addSublayer(container)
        return root
    }

    static func colorCounts(_ img: Rendered) -> [Int] {
        var counts = [Int](repeating: 0, count: 6)
        for y in 0..<img.surface.height {
            for x in 0..<img.surface.width {
                let p = img.rgba(x, y)
                guard p.a == 255 else { continue }
                for (i, c) in faceColors.enumerated() {
                    let v = c.rgba
                    if p.r == Int(v.red * 255) && p.g == Int(v.green * 255) && p.b == Int(v.blue * 255) { counts[i] += 1 }
                }
            }
        }
        return counts
    }

    @Test(arguments: [true, false]) func cubeFromTheCornerShowsFaces1To3WhateverTheOrder(doubleSided: Bool) {
        let a = Rendered(Self.cube(order: [0, 1, 2, 3, 4, 5], corner: true, doubleSided: doubleSided), width: 400, height: 400)
        let b = Rendered(Self.cube(order: [5, 4, 3, 2, 1, 0], corner: true, doubleSided: doubleSided), width: 400, height: 400)
        let counts = Self.colorCounts(a)
        for i in 0..<3 { #expect(counts[i] > 5000, "face \(i + 1) should be visible: \(counts)") }
        for i in 3..<6 { #expect(counts[i] == 0, "face \(i + 1) should be hidden: \(counts)") }
        #expect(Self.colorCounts(b) == counts)
    }

    @Test func cubeFromTheFrontShowsOnlyFace1() {
        let img = Rendered(Self.cube(order: [5, 3, 1, 0, 2, 4], corner: false), width: 400, height: 400)
        let counts = Self.colorCounts(img)
        #expect(counts[0] > 30000)
        #expect(counts[3] == 0 && counts[4] == 0 && counts[5] == 0)
    }

    // MARK: - Faces

    /// A layer half red, half blue, turned by 180° about Y.
    static func turned(doubleSided: Bool) -> CALayer {
        let root = makeRoot(300, 200)
        let l = makeLayer(CGRect(x: 50, y: 50, width: 200, height: 100))
        l.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), red))
        l.addSublayer(makeLayer(CGRect(x: 100, y: 0, width: 100, height: 100), blue))
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        l.transform = CATransform3DRotate(t, .pi, 0, 1, 0)
        l.isDoubleSided = doubleSided
        root.addSublayer(l)
        return root
    }

    @Test func singleSidedLayerSeenFromBehindIsCulled() {
        let img = Rendered(Self.turned(doubleSided: false), width: 300, height: 200)
        #expect(img.at(100, 100).a == 0 && img.at(200, 100).a == 0)
    }

    @Test func doubleSidedLayerSeenFromBehindIsMirrored() {
        let img = Rendered(Self.turned(doubleSided: true), width: 300, height: 200)
        #expect(img.at(100, 100) == (0, 0, 255, 255))
        #expect(img.at(200, 100) == (255, 0, 0, 255))
    }

    /// A layer swinging through the eye plane: no crash, nothing smeared, bounded work.
    @Test(arguments: [0.0, 60.0, 85.0, 89.9, 90.0, 95.0, 120.0, 180.0]) func layerSwingingThroughTheEye(degrees: Double) {
        let root = makeRoot(400, 300)
        let l = makeLayer(CGRect(x: -400, y: 50, width: 1200, height: 200), red)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 300
        l.transform = CATransform3DRotate(t, CGFloat(degrees) * .pi / 180, 0, 1, 0)
        root.addSublayer(l)
        let img = Rendered(root, width: 400, height: 300)
        // Only the layer's own colour appears: nothing smeared or garbled by w ≤ 0.
        var painted = 0
        for y in stride(from: 0, to: 300, by: 3) {
            for x in stride(from: 0, to: 400, by: 3) {
                let p = img.rgba(x, y)
                #expect(p.g == 0 && p.b == 0 && p.r == p.a)
                if p.a > 0 { painted += 1 }
            }
        }
        if degrees == 0 {
            #expect(img.rgba(200, 5).a == 0 && img.rgba(200, 295).a == 0)
            #expect(img.rgba(200, 150).a == 255)
        }
        if degrees == 90 { #expect(painted < 200) }   // edge-on: a line at most
        if degrees < 80 || degrees > 100 { #expect(painted > 0) }
    }

    /// Two planes crossing in a CATransformLayer: on each side of the crossing line the nearer
    /// plane shows.
    @Test func intersectingPlanesAreCutAlongTheirIntersection() {
        let root = makeRoot(300, 300)
        let tl = CATransformLayer()
        tl.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 800
        tl.transform = p
        let a = makeLayer(CGRect(x: 50, y: 50, width: 200, height: 200), red)
        a.transform = CATransform3DMakeRotation(.pi / 6, 0, 1, 0)      // left half comes forward
        let b = makeLayer(CGRect(x: 50, y: 50, width: 200, height: 200), blue)
        b.transform = CATransform3DMakeRotation(-.pi / 6, 0, 1, 0)     // right half comes forward
        tl.addSublayer(a)
        tl.addSublayer(b)
        root.addSublayer(tl)
        for order in [[a, b], [b, a]] {
            tl.sublayers = order
            let img = Rendered(root, width: 300, height: 300)
            #expect(img.at(110, 150) == (255, 0, 0, 255))
            #expect(img.at(190, 150) == (0, 0, 255, 255))
        }
    }

    /// Three planes crossing pairwise in a CATransformLayer (rotated 0°, 60° and 120° about Y):
    /// at every sampled point the colour shown is that of the plane nearest the eye there,
    /// computed from the plane equations independently of the renderer.
    @Test func threeMutuallyIntersectingPlanes() {
        let root = makeRoot(300, 300)
        let tl = CATransformLayer()
        tl.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 1000
        tl.transform = CATransform3DRotate(p, 0.3, 1, 0, 0)
        let colors = [red, blue, CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
        let angles: [CGFloat] = [0.2, 0.2 + .pi / 3, 0.2 + 2 * .pi / 3]
        var planes: [CALayer] = []
        for (i, c) in colors.enumerated() {
            let l = makeLayer(CGRect(x: 50, y: 100, width: 200, height: 100), c)
            l.transform = CATransform3DMakeRotation(angles[i], 0, 1, 0)
            tl.addSublayer(l)
            planes.append(l)
        }
        root.addSublayer(tl)
        for order in [[0, 1, 2], [2, 0, 1], [1, 2, 0]] {
            tl.sublayers = order.map { planes[$0] }
            let img = Rendered(root, width: 300, height: 300)
            var checked = 0
            for x in stride(from: 70.5, to: 230, by: 7) {
                for y in stride(from: 120.5, to: 185, by: 16) {
                    // Depth of each plane under the screen point: un-project onto the plane, then
                    // z in the context (larger is nearer the eye).
                    var best: (z: CGFloat, i: Int)? = nil
                    var nearAnEdge = false
                    for (i, l) in planes.enumerated() {
                        let q = l.convert(CGPoint(x: x, y: y), from: nil)
                        guard q.x.isFinite else { continue }
                        if l.bounds.insetBy(dx: -3, dy: -3).contains(q) && !l.bounds.insetBy(dx: 3, dy: 3).contains(q) {
                            nearAnEdge = true
                        }
                        guard l.bounds.insetBy(dx: 3, dy: 3).contains(q) else { continue }
                        let t = CATransform3DConcat(l.transformToSuperlayer(), tl.transformToSuperlayer())
                        let h = t.apply(x: q.x, y: q.y, z: 0)
                        let z = h.z / h.w
                        if best == nil || z > best!.z + 0.5 { best = (z, i) } else if abs(z - best!.z) <= 0.5 { best = nil; break }
                    }
                    guard let b = best, !nearAnEdge else { continue }
                    let v = colors[b.i].rgba
                    let px = img.at(CGFloat(x), CGFloat(y))
                    #expect(px.r == Int(v.red * 255) && px.g == Int(v.green * 255) && px.b == Int(v.blue * 255),
                            "(\(x), \(y)) should show plane \(b.i), got \(px)")
                    checked += 1
                }
            }
            #expect(checked > 60)
        }
    }

    /// Figure 5.16/5.17: counter-rotating an inner layer does not undo the outer rotation,
    /// because the outer layer flattens it into its plane.
    @Test func nestedFlatteningDoesNotUndoTheOuterRotation() {
        let root = makeRoot(400, 400)
        let outer = makeLayer(CGRect(x: 100, y: 100, width: 200, height: 200))
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        outer.transform = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
        let inner = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), red)
        inner.transform = CATransform3DRotate(t, -.pi / 4, 0, 1, 0)
        outer.addSublayer(inner)
        root.addSublayer(outer)
        let img = Rendered(root, width: 400, height: 400)
        let w = Self.row(img, 200).count
        #expect(w < 170, "inner still looks rotated: width \(w)")
        #expect(w > 60)
    }
}
