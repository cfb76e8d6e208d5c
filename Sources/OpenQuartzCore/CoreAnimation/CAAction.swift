import Foundation

/// An object that responds to an action triggered by a layer: a change of one of its
/// properties (the key is the property's name) or an event such as `onOrderIn`.
///
/// `CAAnimation` adopts it: running an animation as an action adds it to the layer under the
/// event's key. Declared as Apple declares it in Swift.
public protocol CAAction {
    /// Called with the event's key (a property name or an event), the layer the event
    /// concerns, and optional arguments.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}
