import Foundation

/// Reads numbers and booleans out of `Any` the way Swift code on Apple's platforms passes them
/// to key-value coding: `CGFloat`, `Double`, `Float`, any integer, `Bool` or `NSNumber`. (On
/// Linux a `CGFloat` or `Int` does not cast to `Double` or `NSNumber` through `Any`, so each
/// type is tried.)
enum KeyValueNumber {
    static func double(_ v: Any?) -> Double? {
        switch v {
        case let x as CGFloat: return Double(x)
        case let x as Double: return x
        case let x as Float: return Double(x)
        case let x as Int: return Double(x)
        case let x as Int32: return Double(x)
        case let x as Int64: return Double(x)
        case let x as UInt: return Double(x)
        case let x as UInt32: return Double(x)
        case let x as Int16: return Double(x)
        case let x as UInt8: return Double(x)
        case let x as Bool: return x ? 1 : 0
        case let x as NSNumber: return x.doubleValue
        default: return nil
        }
    }

    static func bool(_ v: Any?) -> Bool? {
        if let b = v as? Bool { return b }
        return double(v).map { $0 != 0 }
    }
}
