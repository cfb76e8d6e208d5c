import Foundation

/// The coder `presentation()` hands to the `init?(coder:)` of a layer subclass of yours.
///
/// Core Animation makes a presentation layer with the class's `init(layer:)`, through the
/// Objective-C runtime. Swift can call an initializer on a class known only at run time only
/// when it is `required`, and `init?(coder:)` is the one every `CALayer` subclass has (NSCoding
/// requires it). So a subclass of yours is copied by its own `init?(coder:)` given this coder:
/// `CALayer.init?(coder:)` recognises it and copies the model layer, as `init(layer:)` does (every
/// Core Animation property, timing, actions and custom keys), instead of reading an archive.
/// It holds no values: every decode answers "absent", so decoding code leaves defaults alone.
///
/// `presentation()` and `CALayer.defaultInstance(of:)` use it, never a render (a subclass
/// written for iOS often has `required init?(coder:) { fatalError(...) }`).
final class PresentationCoder: NSCoder {
    /// The layer being copied.
    let model: CALayer

    init(model: CALayer) { self.model = model }

    override var allowsKeyedCoding: Bool { true }
    override var requiresSecureCoding: Bool { false }
    override func containsValue(forKey key: String) -> Bool { false }
    override func decodeObject(forKey key: String) -> Any? { nil }
    override func decodeObject(of classes: [AnyClass]?, forKey key: String) -> Any? { nil }
    override func decodeBool(forKey key: String) -> Bool { false }
    override func decodeInt32(forKey key: String) -> Int32 { 0 }
    override func decodeInt64(forKey key: String) -> Int64 { 0 }
    override func decodeInteger(forKey key: String) -> Int { 0 }
    override func decodeFloat(forKey key: String) -> Float { 0 }
    override func decodeDouble(forKey key: String) -> Double { 0 }
    override func decodeData() -> Data? { nil }
    override func decodeObject() -> Any? { nil }
    override func version(forClassName className: String) -> Int { 0 }
    override func decodeValue(ofObjCType type: UnsafePointer<Int8>, at data: UnsafeMutableRawPointer) {}
    // Nothing is ever encoded into it; encoding calls are ignored.
    override func encode(_ object: Any?, forKey key: String) {}
    override func encodeConditionalObject(_ object: Any?, forKey key: String) {}
    override func encode(_ value: Bool, forKey key: String) {}
    override func encode(_ value: Int32, forKey key: String) {}
    override func encode(_ value: Int64, forKey key: String) {}
    override func encode(_ value: Int, forKey key: String) {}
    override func encode(_ value: Float, forKey key: String) {}
    override func encode(_ value: Double, forKey key: String) {}
    override func encodeValue(ofObjCType type: UnsafePointer<Int8>, at addr: UnsafeRawPointer) {}
    override func encode(_ data: Data) {}
}

extension CALayer {
    /// A new layer of `layerClass` with every property at its default: a class known only at
    /// run time can be instantiated only through a `required` initializer, so this is its
    /// `init?(coder:)` given a coder that copies a new `CALayer` (as `presentation()` copies
    /// a layer). What a view's `layerClass` is made with.
    package static func defaultInstance(of layerClass: CALayer.Type) -> CALayer? {
        layerClass.init(coder: PresentationCoder(model: CALayer()))
    }
}
