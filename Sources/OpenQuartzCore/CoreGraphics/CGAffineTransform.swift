import Foundation

/// Core Graphics' 2D affine transform: the matrix `[a b 0; c d 0; tx ty 1]` applied to row
/// vectors, so `x' = a·x + c·y + tx` and `y' = b·x + d·y + ty` (CGAffineTransform.h).
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The matrix entries: `a b` and `c d` the linear part, `tx ty` the translation.
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// The identity transform.
    public init() { self = .identity }

    /// A transform from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// A transform from its six entries, unlabelled (Core Graphics' `CGAffineTransformMake`).
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (tx, ty).
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by (sx, sy).
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `[cos sin −sin cos 0 0]`: a positive angle turns +x towards +y, which is clockwise on
    /// screen in iOS's y-down coordinates.
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self · t`: `self` is applied first, then `t`.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t.a + b * t.c,
                          b: a * t.b + b * t.d,
                          c: c * t.a + d * t.c,
                          d: c * t.b + d * t.d,
                          tx: tx * t.a + ty * t.c + t.tx,
                          ty: tx * t.b + ty * t.d + t.ty)
    }

    /// The new operation applies first, in this transform's local frame (`T · self`).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// This transform with a scale applied first, in its local frame (`S · self`).
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// This transform with a rotation by `angle` radians applied first, in its local frame
    /// (`R · self`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse, or `self` unchanged when the matrix is singular (as Core Graphics does).
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        if det == 0 || !det.isFinite { return self }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id,
                                 tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The six entries, for debugging.
    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

extension CGPoint {
    /// The point mapped by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Sizes are vectors: the translation does not apply.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the four transformed corners.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let r = standardized
        // Each output coordinate is linear in x and y separately, so its extremes over the
        // corners come from the extremes of each term (no arrays: drawing calls this per shape).
        let x0 = r.minX, x1 = r.maxX, y0 = r.minY, y1 = r.maxY
        let ax0 = t.a * x0, ax1 = t.a * x1, cy0 = t.c * y0, cy1 = t.c * y1
        let bx0 = t.b * x0, bx1 = t.b * x1, dy0 = t.d * y0, dy1 = t.d * y1
        let minX = min(ax0, ax1) + min(cy0, cy1) + t.tx, maxX = max(ax0, ax1) + max(cy0, cy1) + t.tx
        let minY = min(bx0, bx1) + min(dy0, dy1) + t.ty, maxY = max(bx0, bx1) + max(dy0, dy1) + t.ty
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// A two-dimensional vector (Foundation on Linux lacks it).
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component.
    public var dy: CGFloat
    /// The zero vector.
    public init() { dx = 0; dy = 0 }
    /// A vector from its components.
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// A vector from integer components.
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// The zero vector.
    public static let zero = CGVector()
    /// The components, for debugging.
    public var description: String { "(\(dx), \(dy))" }
}
