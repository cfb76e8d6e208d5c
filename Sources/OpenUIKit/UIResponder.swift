import Foundation

/// The root of UIKit's view classes. Events are not delivered here (there are no windows), so
/// it adds nothing to `NSObject`; it exists so that `UIView`'s class hierarchy is UIKit's.
open class UIResponder: NSObject {
    /// A responder.
    public override init() { super.init() }
}
