import Foundation

extension CALayer {
    /// The layer's subtree as the last commit left it, for the old appearance of a
    /// `CATransition` added to it now: a copy of each committed layer of the subtree (its
    /// mask included) with the properties the open transaction changed put back
    /// (`TransactionState.committedValues`), drawn as they are (a copy has no animations).
    /// Layers no timed render has committed are left
    /// out, as they had no appearance; nil when this layer itself has none.
    ///
    /// Taken when the transition is added, from the model, never from what a renderer drew
    /// last: so the frames of the transition depend only on their time, whichever frames were
    /// rendered before (docs/time.md, "Frames depend only on their time").
    final func committedAppearance() -> CALayer? {
        guard isCommittedToRender else { return nil }
        return committedCopy(TransactionState.current.committedValues)
    }

    private final func committedCopy(_ changed: [ObjectIdentifier: (layer: CALayer, restores: [String: (CALayer) -> Void])]) -> CALayer {
        let c = builtInCopy()
        if let record = changed[ObjectIdentifier(self)], record.layer === self {
            for restore in record.restores.values { restore(c) }
        }
        if let m = mask, m.isCommittedToRender { c.mask = m.committedCopy(changed) }
        for s in storedSublayers ?? [] where s.isCommittedToRender {
            c.addSublayer(s.committedCopy(changed))
        }
        return c
    }

    /// Notes, for a committed layer, the value of `key` before the change being made (`old`),
    /// so that a transition added in the same transaction starts from it.
    final func noteCommittedValue(_ key: String, old: AnimationValue?, in transaction: TransactionState) {
        guard let kp = LayerKeyPath(key) else { return }
        if let old {
            transaction.noteCommitted(self, key: key) { _ = kp.set($0, old) }
        } else if key == "contents" {
            transaction.noteCommitted(self, key: key) { $0.contents = nil }
        } else if key == "backgroundColor" {
            transaction.noteCommitted(self, key: key) { $0.backgroundColor = nil }
        }
    }
}
