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

    /// `T` is one of the plain structs of doubles above; its bytes go through an array because
    /// Foundation's CGPoint and friends do not declare `BitwiseCopyable`, and `&value` on a
    /// generic `T` cannot prove it holds no reference.
    private convenience init<T>(boxing value: T, encoding: String) {
        let bytes = withUnsafeBytes(of: value) { Array($0) }
        self.init(bytes: bytes, objCType: encoding)
    }

    /// The class Foundation makes for `init(bytes:objCType:)` (`NSConcreteValue` on Linux).
    private static let concreteValueClass: AnyClass = type(of: NSValue(boxing: CGPoint.zero, encoding: cgPointEncoding))

    /// The boxed value when the box holds a `T` (by its type encoding), else nil.
    ///
    /// Linux Foundation's `objCType` leaks a C copy of the encoding on every read (its source
    /// says "XXX leaky"), and animations read their boxes every frame: a long-running renderer
    /// grew by about 30 MB a million reads (fuzz-animation's leak reports). So the encoding is
    /// checked without it: the box is Foundation's concrete value of `T`'s size (its
    /// description is its byte count), its bytes are read into a `T`, and a box of `encoding`
    /// made from them must equal it (`isEqual` compares the encodings and the bytes).
    func unboxed<T>(_: T.Type, encoding: String, empty: T) -> T? {
        guard type(of: self) == NSValue.concreteValueClass, description == "\(MemoryLayout<T>.size) bytes" else { return nil }
        var v = empty
        withUnsafeMutableBytes(of: &v) { getValue($0.baseAddress!) }  // its size checked above
        guard NSValue(boxing: v, encoding: encoding).isEqual(self) else { return nil }
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
