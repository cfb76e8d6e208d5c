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

/// The key of the action a layer runs when it becomes visible: added to a layer tree that has
/// been rendered, or shown again (`isHidden` set to false) in one (`action(forKey:)` is asked
/// for it; no action by default).
public let kCAOnOrderIn = "onOrderIn"

/// The key of the action a layer runs when it stops being visible: removed from a layer tree
/// that has been rendered, or hidden in one (`action(forKey:)` is asked for it; no action by
/// default).
public let kCAOnOrderOut = "onOrderOut"
