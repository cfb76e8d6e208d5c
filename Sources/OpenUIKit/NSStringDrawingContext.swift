import Foundation

/// Settings and results of drawing or measuring a string. Text is never scaled down here, so
/// `actualScaleFactor` stays 1; `totalBounds` receives the area the text took.
open class NSStringDrawingContext: NSObject, @unchecked Sendable {
    /// The smallest scale the text may be shrunk to in order to fit. Default 0 (no shrinking);
    /// accepted and not applied.
    open var minimumScaleFactor: CGFloat = 0
    /// The scale the text was drawn or measured at: always 1.
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The bounds of the text last drawn or measured with this context.
    open internal(set) var totalBounds: CGRect = .zero

    /// A context with the default settings.
    public override init() { super.init() }
}
