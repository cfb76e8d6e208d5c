import Foundation

/// `NSValue` boxes of Core Graphics and Core Animation structures, as Apple's overlays add
/// them (`NSValue(cgPoint:)`, `cgPointValue`, …); Linux Foundation lacks them.
///
/// Linux Foundation's `NSValue` cannot hold struct encodings (it traps on `{CGPoint=dd}`), so
/// the boxes hold arrays of doubles: `objCType` reads `[2d]` for points and sizes, `[4d]` for
/// rectangles, `[6d]` and `[16d]` for transforms (Apple: `{CGPoint=dd}`, …). A point box read
/// as a size gives the same two numbers.
extension NSValue {
    static let cgPointEncoding = "[2d]"
    static let cgSizeEncoding = "[2d]"
    static let cgRectEncoding = "[4d]"
    static let caTransform3DEncoding = "[16d]"
    static let cgAffineTransformEncoding = "[6d]"

    private convenience init<T>(boxing value: T, encoding: String) {
        var v = value
        self.init(bytes: &v, objCType: encoding)
    }

    /// The boxed value when the box holds a `T` (by its type encoding), else nil.
    func unboxed<T>(_: T.Type, encoding: String, empty: T) -> T? {
        guard String(cString: objCType) == encoding else { return nil }
        var v = empty
        getValue(&v)
        return v
    }

    /// A box holding a point.
    public convenience init(cgPoint point: CGPoint) { self.init(boxing: point, encoding: NSValue.cgPointEncoding) }
    /// A box holding a size.
    public convenience init(cgSize size: CGSize) { self.init(boxing: size, encoding: NSValue.cgSizeEncoding) }
    /// A box holding a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(boxing: rect, encoding: NSValue.cgRectEncoding) }
    /// A box holding a 3D transform.
    public convenience init(caTransform3D t: CATransform3D) { self.init(boxing: t, encoding: NSValue.caTransform3DEncoding) }
    /// A box holding an affine transform.
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        self.init(boxing: t, encoding: NSValue.cgAffineTransformEncoding)
    }

    /// The boxed point; `.zero` when the box holds something else.
    public var cgPointValue: CGPoint { unboxed(CGPoint.self, encoding: NSValue.cgPointEncoding, empty: .zero) ?? .zero }
    /// The boxed size; `.zero` when the box holds something else.
    public var cgSizeValue: CGSize { unboxed(CGSize.self, encoding: NSValue.cgSizeEncoding, empty: .zero) ?? .zero }
    /// The boxed rectangle; `.zero` when the box holds something else.
    public var cgRectValue: CGRect { unboxed(CGRect.self, encoding: NSValue.cgRectEncoding, empty: .zero) ?? .zero }
    /// The boxed 3D transform; the identity when the box holds something else.
    public var caTransform3DValue: CATransform3D {
        unboxed(CATransform3D.self, encoding: NSValue.caTransform3DEncoding, empty: CATransform3DIdentity) ?? CATransform3DIdentity
    }
    /// The boxed affine transform; the identity when the box holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        unboxed(CGAffineTransform.self, encoding: NSValue.cgAffineTransformEncoding, empty: .identity) ?? .identity
    }
}
