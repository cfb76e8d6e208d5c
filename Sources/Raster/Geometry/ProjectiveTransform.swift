#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 3×3 projective transform of the plane in the row-vector convention: `[x y 1]·M`.
///
/// The affine part uses Core Graphics names (`a b c d tx ty`); `m13` and `m23` are the
/// perspective terms that a `CATransform3D` leaves after projection onto the screen.
package struct ProjectiveTransform: Sendable, Equatable {
    /// The first row: `a b` and the perspective term `m13`.
    package var m11, m12, m13: Double
    /// The second row: `c d` and the perspective term `m23`.
    package var m21, m22, m23: Double
    /// The third row: the translation `tx ty` and `m33`.
    package var m31, m32, m33: Double

    /// A transform from its nine entries, row by row.
    package init(m11: Double, m12: Double, m13: Double,
                m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The affine transform `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, as `CGAffineTransform`.
    package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.init(m11: a, m12: b, m13: 0, m21: c, m22: d, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    /// The identity.
    package static let identity = ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (tx, ty).
    package static func translation(_ tx: Double, _ ty: Double) -> ProjectiveTransform {
        ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by (sx, sy).
    package static func scale(_ sx: Double, _ sy: Double) -> ProjectiveTransform {
        ProjectiveTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Counter-clockwise in a y-up space, which is clockwise on a y-down screen (as `CGAffineTransform`).
    package static func rotation(_ angle: Double) -> ProjectiveTransform {
        let c = cos(angle), s = sin(angle)
        return ProjectiveTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other`.
    package func concatenating(_ o: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    /// The determinant of the 3×3 matrix.
    package var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse, or nil when the matrix is singular (a layer seen edge-on) or not finite.
    package func inverted() -> ProjectiveTransform? {
        if isAffine {
            // Exact affine inverse: keeps m13 = m23 = 0 and m33 = 1 so the result stays affine.
            let det = m11 * m22 - m12 * m21
            guard det != 0, det.isFinite else { return nil }
            let s = 1 / det
            let a = m22 * s, b = -m12 * s, c = -m21 * s, d = m11 * s
            let r = ProjectiveTransform(a: a, b: b, c: c, d: d,
                                        tx: -(m31 * a + m32 * c), ty: -(m31 * b + m32 * d))
            return [a, b, c, d, r.m31, r.m32].allSatisfy { $0.isFinite } ? r : nil
        }
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let s = 1 / det
        let r = ProjectiveTransform(
            m11: (m22 * m33 - m23 * m32) * s, m12: (m13 * m32 - m12 * m33) * s, m13: (m12 * m23 - m13 * m22) * s,
            m21: (m23 * m31 - m21 * m33) * s, m22: (m11 * m33 - m13 * m31) * s, m23: (m13 * m21 - m11 * m23) * s,
            m31: (m21 * m32 - m22 * m31) * s, m32: (m12 * m31 - m11 * m32) * s, m33: (m11 * m22 - m12 * m21) * s)
        let all = [r.m11, r.m12, r.m13, r.m21, r.m22, r.m23, r.m31, r.m32, r.m33]
        return all.allSatisfy { $0.isFinite } ? r : nil
    }

    /// Whether the perspective terms are absent (`m13 = m23 = 0`, `m33 = 1`).
    package var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// Whether the map is a scale and a translation (flips included): axis-aligned rectangles
    /// stay axis-aligned, which the closed-form coverage and exact edges need.
    package var isAxisAligned: Bool { isAffine && m12 == 0 && m21 == 0 }

    /// Whether this is exactly the identity.
    package var isIdentity: Bool { self == .identity }

    /// The homogeneous image of `(x, y)`; divide `x` and `y` by `w` for the plane point.
    @inline(__always)
    package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// The affine image of `(x, y)` (ignores the perspective row; for `isAffine` transforms).
    @inline(__always)
    func applyAffine(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32)
    }
}
