import Foundation

/// A `CATransform3D` split into translation, scale, skew, perspective and a rotation
/// quaternion, for interpolating transforms as Core Animation does: the parts are
/// interpolated (the quaternion by spherical interpolation) and the matrix rebuilt, so a
/// rotation stays a rotation half-way instead of shrinking as an element-wise blend would.
///
/// The algorithm is the classic "unmatrix" (Graphics Gems II, Thomas; the form the CSS
/// Transforms 2 specification gives, which WebKit — on Apple's platforms backed by Core
/// Animation — uses for the same purpose). Matrices are row-vector (`p' = p · M`), so the
/// translation is the fourth row and the perspective the fourth column.
package struct TransformDecomposition: Equatable {
    var translate: (Double, Double, Double) = (0, 0, 0)
    var scale: (Double, Double, Double) = (1, 1, 1)
    /// xy, xz, yz shears.
    var skew: (Double, Double, Double) = (0, 0, 0)
    var perspective: (Double, Double, Double, Double) = (0, 0, 0, 1)
    /// x, y, z, w.
    var quaternion: (Double, Double, Double, Double) = (0, 0, 0, 1)

    package static func == (a: Self, b: Self) -> Bool {
        a.translate == b.translate && a.scale == b.scale && a.skew == b.skew
            && a.perspective == b.perspective && a.quaternion == b.quaternion
    }

    /// Nil for a singular matrix (it cannot be decomposed).
    package init?(_ t: CATransform3D) {
        var m = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        let v = t.values.map { Double($0) }
        for i in 0..<4 { for j in 0..<4 { m[i][j] = v[i * 4 + j] } }
        guard m[3][3] != 0, m.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { return nil }
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= v[15] } }
        // The perspective matrix: m with the fourth column set to (0, 0, 0, 1).
        var p = m
        for i in 0..<3 { p[i][3] = 0 }
        p[3][3] = 1
        guard abs(Self.det4(p)) > 1e-12 else { return nil }
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
            // perspective = rhs · (p⁻¹)ᵀ, i.e. solve pᵀ... written with the inverse.
            let inv = Self.inverse4(p)
            var r = [0.0, 0, 0, 0]
            for j in 0..<4 { for i in 0..<4 { r[j] += rhs[i] * inv[j][i] } }
            perspective = (r[0], r[1], r[2], r[3])
            m[0][3] = 0; m[1][3] = 0; m[2][3] = 0; m[3][3] = 1
        }
        translate = (m[3][0], m[3][1], m[3][2])
        var row = [[m[0][0], m[0][1], m[0][2]], [m[1][0], m[1][1], m[1][2]], [m[2][0], m[2][1], m[2][2]]]
        func len(_ a: [Double]) -> Double { (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).squareRoot() }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func comb(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
            [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
        }
        var sx = len(row[0])
        guard sx > 0 else { return nil }
        row[0] = row[0].map { $0 / sx }
        var xy = dot(row[0], row[1])
        row[1] = comb(row[1], row[0], 1, -xy)
        var sy = len(row[1])
        guard sy > 0 else { return nil }
        row[1] = row[1].map { $0 / sy }
        xy /= sy
        var xz = dot(row[0], row[2])
        row[2] = comb(row[2], row[0], 1, -xz)
        var yz = dot(row[1], row[2])
        row[2] = comb(row[2], row[1], 1, -yz)
        var sz = len(row[2])
        guard sz > 0 else { return nil }
        row[2] = row[2].map { $0 / sz }
        xz /= sz; yz /= sz
        // A left-handed frame means a negative scale: flip everything.
        let cross = [row[1][1] * row[2][2] - row[1][2] * row[2][1],
                     row[1][2] * row[2][0] - row[1][0] * row[2][2],
                     row[1][0] * row[2][1] - row[1][1] * row[2][0]]
        if dot(row[0], cross) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            for i in 0..<3 { row[i] = row[i].map { -$0 } }
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)
        // Quaternion of the rotation rows (row-vector matrix, so the rows are the images of
        // the axes).
        var qx = 0.5 * max(1 + row[0][0] - row[1][1] - row[2][2], 0).squareRoot()
        var qy = 0.5 * max(1 - row[0][0] + row[1][1] - row[2][2], 0).squareRoot()
        var qz = 0.5 * max(1 - row[0][0] - row[1][1] + row[2][2], 0).squareRoot()
        let qw = 0.5 * max(1 + row[0][0] + row[1][1] + row[2][2], 0).squareRoot()
        if row[2][1] > row[1][2] { qx = -qx }
        if row[0][2] > row[2][0] { qy = -qy }
        if row[1][0] > row[0][1] { qz = -qz }
        quaternion = (qx, qy, qz, qw)
    }

    init() {}

    /// The matrix, rebuilt: perspective, translation, rotation, skew, scale (the reverse of
    /// the decomposition, in row-vector order).
    package var matrix: CATransform3D {
        var m = CATransform3DIdentity
        m.m14 = CGFloat(perspective.0); m.m24 = CGFloat(perspective.1)
        m.m34 = CGFloat(perspective.2); m.m44 = CGFloat(perspective.3)
        // Composition in column-vector terms is P·T·R·K·S; with row vectors the same matrix is
        // built by pre-multiplying: M = S · K · R · T · P.
        let (x, y, z, w) = quaternion
        var r = CATransform3DIdentity
        r.m11 = CGFloat(1 - 2 * (y * y + z * z)); r.m12 = CGFloat(2 * (x * y - z * w)); r.m13 = CGFloat(2 * (x * z + y * w))
        r.m21 = CGFloat(2 * (x * y + z * w)); r.m22 = CGFloat(1 - 2 * (x * x + z * z)); r.m23 = CGFloat(2 * (y * z - x * w))
        r.m31 = CGFloat(2 * (x * z - y * w)); r.m32 = CGFloat(2 * (y * z + x * w)); r.m33 = CGFloat(1 - 2 * (x * x + y * y))
        // The rotation rows above follow the column-vector convention of the quaternion; the
        // row-vector matrix is its transpose.
        r = CATransform3D(m11: r.m11, m12: r.m21, m13: r.m31, m14: 0, m21: r.m12, m22: r.m22, m23: r.m32, m24: 0,
                          m31: r.m13, m32: r.m23, m33: r.m33, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        var k = CATransform3DIdentity
        // Row-vector skew: row 1 gets xy·row0, row 2 gets xz·row0 + yz·row1.
        var sk = CATransform3DIdentity
        sk.m21 = CGFloat(skew.0)
        k = CATransform3DConcat(sk, k)
        sk = CATransform3DIdentity
        sk.m31 = CGFloat(skew.1)
        k = CATransform3DConcat(sk, k)
        sk = CATransform3DIdentity
        sk.m32 = CGFloat(skew.2)
        k = CATransform3DConcat(sk, k)
        let s = CATransform3DMakeScale(CGFloat(scale.0), CGFloat(scale.1), CGFloat(scale.2))
        let t = CATransform3DMakeTranslation(CGFloat(translate.0), CGFloat(translate.1), CGFloat(translate.2))
        var out = CATransform3DConcat(s, k)
        out = CATransform3DConcat(out, r)
        out = CATransform3DConcat(out, t)
        return CATransform3DConcat(out, m)
    }

    /// The parts interpolated at `f` (0 → self, 1 → other); the rotation along the shorter arc.
    func interpolated(to o: Self, _ f: Double) -> Self {
        func l(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        var r = Self()
        r.translate = (l(translate.0, o.translate.0), l(translate.1, o.translate.1), l(translate.2, o.translate.2))
        r.scale = (l(scale.0, o.scale.0), l(scale.1, o.scale.1), l(scale.2, o.scale.2))
        r.skew = (l(skew.0, o.skew.0), l(skew.1, o.skew.1), l(skew.2, o.skew.2))
        r.perspective = (l(perspective.0, o.perspective.0), l(perspective.1, o.perspective.1),
                         l(perspective.2, o.perspective.2), l(perspective.3, o.perspective.3))
        var (ax, ay, az, aw) = quaternion
        let (bx, by, bz, bw) = o.quaternion
        var d = ax * bx + ay * by + az * bz + aw * bw
        if d < 0 { ax = -ax; ay = -ay; az = -az; aw = -aw; d = -d }
        if d > 0.99999 {
            r.quaternion = (l(ax, bx), l(ay, by), l(az, bz), l(aw, bw))
        } else {
            let theta = acos(min(d, 1))
            let s = sin(theta)
            let wa = sin((1 - f) * theta) / s, wb = sin(f * theta) / s
            r.quaternion = (ax * wa + bx * wb, ay * wa + by * wb, az * wa + bz * wb, aw * wa + bw * wb)
        }
        return r
    }

    private static func det3(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double,
                             _ g: Double, _ h: Double, _ i: Double) -> Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    static func det4(_ m: [[Double]]) -> Double {
        var d = 0.0
        for j in 0..<4 {
            let cols = (0..<4).filter { $0 != j }
            let minor = det3(m[1][cols[0]], m[1][cols[1]], m[1][cols[2]], m[2][cols[0]], m[2][cols[1]], m[2][cols[2]],
                             m[3][cols[0]], m[3][cols[1]], m[3][cols[2]])
            d += (j % 2 == 0 ? 1 : -1) * m[0][j] * minor
        }
        return d
    }

    static func inverse4(_ m: [[Double]]) -> [[Double]] {
        let det = det4(m)
        var inv = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                let rows = (0..<4).filter { $0 != j }, cols = (0..<4).filter { $0 != i }
                let minor = det3(m[rows[0]][cols[0]], m[rows[0]][cols[1]], m[rows[0]][cols[2]],
                                 m[rows[1]][cols[0]], m[rows[1]][cols[1]], m[rows[1]][cols[2]],
                                 m[rows[2]][cols[0]], m[rows[2]][cols[1]], m[rows[2]][cols[2]])
                inv[i][j] = ((i + j) % 2 == 0 ? 1 : -1) * minor / det
            }
        }
        return inv
    }
}

/// The components Apple's transform key paths read and write (`transform.rotation.z`,
/// `transform.scale.x`, `transform.translation`, …): a translation, per-axis scale and Euler
/// angles of a matrix M = S · Rx · Ry · Rz · T (row vectors: scale, then rotate about x, y, z,
/// then translate). Skew and perspective are kept as the remainder when a component is set.
package struct TransformComponents {
    var translation: (x: Double, y: Double, z: Double)
    var scale: (x: Double, y: Double, z: Double)
    var rotation: (x: Double, y: Double, z: Double)
    /// The perspective column (m14, m24, m34, m44), carried through.
    var perspective: (CGFloat, CGFloat, CGFloat, CGFloat)

    package init(_ t: CATransform3D) {
        translation = (Double(t.m41), Double(t.m42), Double(t.m43))
        perspective = (t.m14, t.m24, t.m34, t.m44)
        let r0 = [Double(t.m11), Double(t.m12), Double(t.m13)]
        let r1 = [Double(t.m21), Double(t.m22), Double(t.m23)]
        let r2 = [Double(t.m31), Double(t.m32), Double(t.m33)]
        func len(_ a: [Double]) -> Double { (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).squareRoot() }
        var sx = len(r0), sy = len(r1), sz = len(r2)
        let det = r0[0] * (r1[1] * r2[2] - r1[2] * r2[1]) - r0[1] * (r1[0] * r2[2] - r1[2] * r2[0])
            + r0[2] * (r1[0] * r2[1] - r1[1] * r2[0])
        if det < 0 { sx = -sx }
        scale = (sx, sy, sz)
        let n0 = sx != 0 ? r0.map { $0 / sx } : [1, 0, 0]
        let n1 = sy != 0 ? r1.map { $0 / sy } : [0, 1, 0]
        let n2 = sz != 0 ? r2.map { $0 / sz } : [0, 0, 1]
        // R = Rx(a)·Ry(b)·Rz(c): R13 = −sin b, R23 = sin a cos b, R33 = cos a cos b,
        // R12 = cos b sin c, R11 = cos b cos c.
        let sb = min(max(-n0[2], -1), 1)
        let b = asin(sb)
        if abs(cos(b)) > 1e-9 {
            rotation = (atan2(n1[2], n2[2]), b, atan2(n0[1], n0[0]))
        } else {
            // Gimbal lock: put the whole remaining rotation in x.
            rotation = (atan2(n1[0] * sb, n1[1]), b, 0)
        }
    }

    package var matrix: CATransform3D {
        var m = CATransform3DMakeScale(CGFloat(scale.x), CGFloat(scale.y), CGFloat(scale.z))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(rotation.x), 1, 0, 0))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(rotation.y), 0, 1, 0))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(rotation.z), 0, 0, 1))
        m.m41 = CGFloat(translation.x); m.m42 = CGFloat(translation.y); m.m43 = CGFloat(translation.z)
        m.m14 = perspective.0; m.m24 = perspective.1; m.m34 = perspective.2; m.m44 = perspective.3
        return m
    }
}
