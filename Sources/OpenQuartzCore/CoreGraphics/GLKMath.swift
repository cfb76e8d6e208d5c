import Foundation

// The handful of GLKit math types and functions that the book's lighting listing (5.10) uses,
// named and laid out as GLKit names them, so the listing ports unchanged. GLKit is
// column-major: `mCR` is column C, row R, and memory runs m00, m01, m02, … (column by column).

/// A 3-component single-precision vector; `x y z`, `r g b` and `s t p` name the same storage.
public struct GLKVector3: Equatable, Hashable, Sendable {
    /// The three components.
    public var x: Float, y: Float, z: Float

    /// A vector from its components.
    public init(x: Float, y: Float, z: Float) { self.x = x; self.y = y; self.z = z }
    /// A vector from a tuple of its components.
    public init(v: (Float, Float, Float)) { self.init(x: v.0, y: v.1, z: v.2) }
    /// The zero vector.
    public init() { self.init(x: 0, y: 0, z: 0) }

    /// The components as a tuple.
    public var v: (Float, Float, Float) {
        get { (x, y, z) }
        set { (x, y, z) = newValue }
    }
    /// The first component, named as a colour.
    public var r: Float { get { x } set { x = newValue } }
    /// The second component, named as a colour.
    public var g: Float { get { y } set { y = newValue } }
    /// The third component, named as a colour.
    public var b: Float { get { z } set { z = newValue } }
    /// The first component, named as a texture coordinate.
    public var s: Float { get { x } set { x = newValue } }
    /// The second component, named as a texture coordinate.
    public var t: Float { get { y } set { y = newValue } }
    /// The third component, named as a texture coordinate.
    public var p: Float { get { z } set { z = newValue } }
}

/// A 3×3 column-major matrix.
public struct GLKMatrix3: Equatable, Hashable, Sendable {
    /// The first column (`mCR`: column C, row R).
    public var m00: Float, m01: Float, m02: Float
    /// The second column.
    public var m10: Float, m11: Float, m12: Float
    /// The third column.
    public var m20: Float, m21: Float, m22: Float

    /// A matrix from its nine values, column by column.
    public init(m00: Float, m01: Float, m02: Float,
                m10: Float, m11: Float, m12: Float,
                m20: Float, m21: Float, m22: Float) {
        self.m00 = m00; self.m01 = m01; self.m02 = m02
        self.m10 = m10; self.m11 = m11; self.m12 = m12
        self.m20 = m20; self.m21 = m21; self.m22 = m22
    }

    /// The nine values in memory (column) order.
    public var m: [Float] { [m00, m01, m02, m10, m11, m12, m20, m21, m22] }
}

/// A 4×4 column-major matrix.
public struct GLKMatrix4: Equatable, Hashable, Sendable {
    /// The first column (`mCR`: column C, row R).
    public var m00: Float, m01: Float, m02: Float, m03: Float
    /// The second column.
    public var m10: Float, m11: Float, m12: Float, m13: Float
    /// The third column.
    public var m20: Float, m21: Float, m22: Float, m23: Float
    /// The fourth column: the translation in `m30 m31 m32`.
    public var m30: Float, m31: Float, m32: Float, m33: Float

    /// A matrix from its sixteen values, column by column.
    public init(m00: Float, m01: Float, m02: Float, m03: Float,
                m10: Float, m11: Float, m12: Float, m13: Float,
                m20: Float, m21: Float, m22: Float, m23: Float,
                m30: Float, m31: Float, m32: Float, m33: Float) {
        self.m00 = m00; self.m01 = m01; self.m02 = m02; self.m03 = m03
        self.m10 = m10; self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m20 = m20; self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m30 = m30; self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// OpenQuartzCore extension: the matrix whose memory matches `transform`'s, value for
    /// value (`mIJ = m(I+1)(J+1)`), narrowed to `Float`. This is what the book's
    /// `*(GLKMatrix4 *)&transform` cast means; on 64-bit Apple platforms that cast
    /// reinterprets doubles as floats, so portable code should use this initialiser.
    /// CATransform3D's row-vector matrix read column-major is its transpose, i.e. the
    /// same linear map for GLKit's column vectors.
    public init(_ transform: CATransform3D) {
        let t = transform
        self.init(m00: Float(t.m11), m01: Float(t.m12), m02: Float(t.m13), m03: Float(t.m14),
                  m10: Float(t.m21), m11: Float(t.m22), m12: Float(t.m23), m13: Float(t.m24),
                  m20: Float(t.m31), m21: Float(t.m32), m22: Float(t.m33), m23: Float(t.m34),
                  m30: Float(t.m41), m31: Float(t.m42), m32: Float(t.m43), m33: Float(t.m44))
    }

    /// The sixteen values in memory (column) order.
    public var m: [Float] {
        [m00, m01, m02, m03, m10, m11, m12, m13, m20, m21, m22, m23, m30, m31, m32, m33]
    }
}

/// The 3×3 identity matrix.
public let GLKMatrix3Identity = GLKMatrix3(m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: 0, m21: 0, m22: 1)

/// The 4×4 identity matrix.
public let GLKMatrix4Identity = GLKMatrix4(m00: 1, m01: 0, m02: 0, m03: 0, m10: 0, m11: 1, m12: 0, m13: 0,
                                           m20: 0, m21: 0, m22: 1, m23: 0, m30: 0, m31: 0, m32: 0, m33: 1)

/// A vector from its components.
public func GLKVector3Make(_ x: Float, _ y: Float, _ z: Float) -> GLKVector3 {
    GLKVector3(x: x, y: y, z: z)
}

/// The vector's Euclidean length.
public func GLKVector3Length(_ v: GLKVector3) -> Float {
    (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot()
}

/// `v` scaled to length 1. GLKit divides by the length unconditionally, so a zero vector
/// gives NaNs there; here it stays the zero vector, so lighting code cannot poison colours.
public func GLKVector3Normalize(_ v: GLKVector3) -> GLKVector3 {
    let len = GLKVector3Length(v)
    guard len > 0 else { return v }
    let s = 1 / len
    return GLKVector3(x: v.x * s, y: v.y * s, z: v.z * s)
}

/// The dot product `a·b`.
public func GLKVector3DotProduct(_ a: GLKVector3, _ b: GLKVector3) -> Float {
    a.x * b.x + a.y * b.y + a.z * b.z
}

/// The cross product `a × b` (right-handed).
public func GLKVector3CrossProduct(_ a: GLKVector3, _ b: GLKVector3) -> GLKVector3 {
    GLKVector3(x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x)
}

/// A 4×4 matrix from its sixteen values, column by column.
public func GLKMatrix4Make(_ m00: Float, _ m01: Float, _ m02: Float, _ m03: Float,
                           _ m10: Float, _ m11: Float, _ m12: Float, _ m13: Float,
                           _ m20: Float, _ m21: Float, _ m22: Float, _ m23: Float,
                           _ m30: Float, _ m31: Float, _ m32: Float, _ m33: Float) -> GLKMatrix4 {
    GLKMatrix4(m00: m00, m01: m01, m02: m02, m03: m03, m10: m10, m11: m11, m12: m12, m13: m13,
               m20: m20, m21: m21, m22: m22, m23: m23, m30: m30, m31: m31, m32: m32, m33: m33)
}

/// A 3×3 matrix from its nine values, column by column.
public func GLKMatrix3Make(_ m00: Float, _ m01: Float, _ m02: Float,
                           _ m10: Float, _ m11: Float, _ m12: Float,
                           _ m20: Float, _ m21: Float, _ m22: Float) -> GLKMatrix3 {
    GLKMatrix3(m00: m00, m01: m01, m02: m02, m10: m10, m11: m11, m12: m12, m20: m20, m21: m21, m22: m22)
}

/// The upper-left 3×3 (the linear part, without translation or perspective).
public func GLKMatrix4GetMatrix3(_ m: GLKMatrix4) -> GLKMatrix3 {
    GLKMatrix3(m00: m.m00, m01: m.m01, m02: m.m02,
               m10: m.m10, m11: m.m11, m12: m.m12,
               m20: m.m20, m21: m.m21, m22: m.m22)
}

/// `M · v` with `v` a column vector: component R is `Σ_C mCR · v_C`.
public func GLKMatrix3MultiplyVector3(_ m: GLKMatrix3, _ v: GLKVector3) -> GLKVector3 {
    GLKVector3(x: m.m00 * v.x + m.m10 * v.y + m.m20 * v.z,
               y: m.m01 * v.x + m.m11 * v.y + m.m21 * v.z,
               z: m.m02 * v.x + m.m12 * v.y + m.m22 * v.z)
}
