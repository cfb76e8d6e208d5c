import Foundation

/// An animation of one layer property, named by a key path (`"position"`, `"transform.scale"`,
/// `"bounds.size.width"`, …). Abstract: use `CABasicAnimation` or `CAKeyframeAnimation`.
open class CAPropertyAnimation: CAAnimation, @unchecked Sendable {
    /// Creates an animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// The animated property's key path, relative to the layer. Default nil (animates nothing).
    open var keyPath: String? { didSet { resolvedKeyPath = nil } }
    /// Whether the animation's value is added to the value below it (the model value or the
    /// animations added before this one) instead of replacing it. Default false.
    open var isAdditive = false
    /// Whether each repeat continues from where the previous one ended instead of restarting.
    /// Default false.
    open var isCumulative = false
    /// Turns the animated values (numbers or vectors) into a transform before they are applied
    /// (`transform` key paths). Default nil.
    open var valueFunction: CAValueFunction?

    /// The key path, resolved against layer properties once per copy.
    var resolvedKeyPath: LayerKeyPath??

    override func encodeAttributes(with c: NSCoder) {
        super.encodeAttributes(with: c)
        c.encodeString(keyPath, forKey: "keyPath")
        c.encode(isAdditive, forKey: "additive")
        c.encode(isCumulative, forKey: "cumulative")
        c.encodeString(valueFunction?.name.rawValue, forKey: "valueFunction")
    }

    override func decodeAttributes(from c: NSCoder) {
        super.decodeAttributes(from: c)
        keyPath = c.decodeStringValue(forKey: "keyPath")
        if let v = c.decodeBoolValue(forKey: "additive") { isAdditive = v }
        if let v = c.decodeBoolValue(forKey: "cumulative") { isCumulative = v }
        valueFunction = c.decodeStringValue(forKey: "valueFunction").flatMap { CAValueFunction(name: CAValueFunctionName(rawValue: $0)) }
    }

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative
        valueFunction = o.valueFunction
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": return keyPath
        case "additive", "isAdditive": return isAdditive
        case "cumulative", "isCumulative": return isCumulative
        case "valueFunction": return valueFunction
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "keyPath": keyPath = value as? String
        case "additive", "isAdditive": if let v = KeyValueNumber.bool(value) { isAdditive = v }
        case "cumulative", "isCumulative": if let v = KeyValueNumber.bool(value) { isCumulative = v }
        case "valueFunction": valueFunction = value as? CAValueFunction
        default: super.setValue(value, forKey: key)
        }
    }
}
