import Foundation

/// The names of Core Animation's value functions, which turn animated numbers into transforms.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The function's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// One number: a rotation in radians about x.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// One number: a rotation in radians about y.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// One number: a rotation in radians about z.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Three numbers: scale factors in x, y and z.
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// One number: a scale in x.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// One number: a scale in y.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// One number: a scale in z.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Three numbers: a translation in x, y and z.
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// One number: a translation in x.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// One number: a translation in y.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// One number: a translation in z.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}
