import Foundation

/// The layer tree: sublayers (back to front) and masks.
///
/// Core Animation raises an exception for a cycle and leaves a layer that already has a
/// superlayer, given as a mask or in a `sublayers` array, undefined. A Swift library has no
/// exceptions to raise and must not stop the process, so OpenQuartzCore leaves the tree
/// untouched by the offending layer (the call does nothing, or the `sublayers` array keeps the
/// other layers and each layer's first place) and says so once on standard error
/// (`MisuseReport`; docs/limits.md, "Misuse of the API"). Code handling untrusted input (the
/// scene parser) asks `canAddSublayer(_:)` / `canSetMask(_:)` first.
extension CALayer {

    // MARK: Checks (OpenQuartzCore extension)

    /// OpenQuartzCore extension: whether `layer` may become a sublayer of this layer. False when
    /// `layer` is this layer or one of its ancestors (a cycle), or is some layer's `mask`.
    public final func canAddSublayer(_ layer: CALayer) -> Bool {
        sublayerRefusal(layer) == nil
    }

    /// OpenQuartzCore extension: whether `layer` may become this layer's `mask`. False when it is
    /// this layer or one of its ancestors, or already the mask of another layer. Nil is always fine.
    public final func canSetMask(_ layer: CALayer?) -> Bool {
        guard let layer else { return true }
        return maskRefusal(layer) == nil
    }

    /// Why `layer` cannot be added as a sublayer, or nil.
    package final func sublayerRefusal(_ layer: CALayer) -> String? {
        if let cycle = cycleRefusal(layer) { return cycle }
        if layer.isMaskLayer, let host = layer.superlayer {
            return "cannot add layer \(layer.debugLabel) as a sublayer of \(debugLabel): it is the mask of \(host.debugLabel)"
        }
        return nil
    }

    final func maskRefusal(_ layer: CALayer) -> String? {
        if let cycle = cycleRefusal(layer) { return cycle }
        if layer.isMaskLayer, let host = layer.superlayer, host !== self {
            return "cannot make layer \(layer.debugLabel) the mask of \(debugLabel): it is the mask of \(host.debugLabel)"
        }
        return nil
    }

    private final func cycleRefusal(_ layer: CALayer) -> String? {
        if layer === self { return "cannot add layer \(debugLabel) to itself" }
        if isDescendant(of: layer) {
            return "cannot add layer \(layer.debugLabel) to \(debugLabel): \(debugLabel) is inside \(layer.debugLabel) (a cycle)"
        }
        return nil
    }

    /// Whether `ancestor` is reachable by following `superlayer` (masks count: a mask's
    /// superlayer is its host).
    final func isDescendant(of ancestor: CALayer) -> Bool {
        var l = superlayer
        while let layer = l {
            if layer === ancestor { return true }
            l = layer.superlayer
        }
        return false
    }

    /// Whether this layer is its superlayer's `mask`.
    final var isMaskLayer: Bool { superlayer?.storedMask === self }

    // MARK: The work behind Apple's API (the open entry points are in the class body)

    /// Inserts `layer` at `idx` of `sublayers` (counted after removing it from its old place),
    /// clamped to the end.
    final func attachSublayer(_ layer: CALayer, at idx: Int) {
        if let why = sublayerRefusal(layer) { return MisuseReport.note(.sublayerRefused, why) }
        layer.detachFromSuperlayer()
        // In place: a local copy of the array would make every insertion copy the whole list
        // (building a tree of n sublayers would cost n²/2 retains; SublayerBuildCostTests).
        if storedSublayers == nil { storedSublayers = [] }
        storedSublayers!.insert(layer, at: min(max(idx, 0), storedSublayers!.count))
        layer.superlayer = self
        noteChange()
        adoptLayoutState(of: layer)
        setNeedsLayout()
        // Core Animation runs the layer's onOrderIn action when it enters a tree on screen.
        if isCommittedToRender, !layer.isHidden { layer.runAction(forKey: kCAOnOrderIn, old: nil) }
    }

    /// Inserts `layer` just behind (or in front of) `sibling`; at the back (front) when `sibling`
    /// is nil or not a sublayer.
    final func attachSublayer(_ layer: CALayer, nextTo sibling: CALayer?, above: Bool) {
        if let why = sublayerRefusal(layer) { return MisuseReport.note(.sublayerRefused, why) }
        layer.detachFromSuperlayer()
        let i = sibling.flatMap { s in storedSublayers?.firstIndex { $0 === s } }
        let end = storedSublayers?.count ?? 0
        attachSublayer(layer, at: above ? (i.map { $0 + 1 } ?? end) : (i ?? 0))
    }

    /// Puts `newLayer` where `oldLayer` is; nothing when `oldLayer` is not a sublayer here.
    final func swapSublayer(_ oldLayer: CALayer, for newLayer: CALayer) {
        guard oldLayer !== newLayer, oldLayer.superlayer === self, !oldLayer.isMaskLayer else { return }
        if let why = sublayerRefusal(newLayer) { return MisuseReport.note(.sublayerRefused, why) }
        newLayer.detachFromSuperlayer()
        guard let i = storedSublayers?.firstIndex(where: { $0 === oldLayer }) else { return }
        storedSublayers![i] = newLayer
        oldLayer.superlayer = nil
        newLayer.superlayer = self
        noteChange()
        adoptLayoutState(of: newLayer)
        setNeedsLayout()
    }

    // MARK: Storage updates

    final func detachFromSuperlayer() {
        guard let parent = superlayer else { return }
        let wasMask = parent.storedMask === self
        if wasMask {
            parent.storedMask = nil
        } else if let i = parent.storedSublayers?.firstIndex(where: { $0 === self }) {
            parent.storedSublayers!.remove(at: i)
        }
        superlayer = nil
        parent.noteChange()
        if !wasMask { parent.setNeedsLayout() }
    }

    final func replaceAllSublayers(with newList: [CALayer]?) {
        // Sets of identities, so that a list of n layers costs O(n), not O(n²). A layer that
        // would make a cycle or is another layer's mask is left out, and a layer listed twice
        // keeps its first place: the tree stays a tree.
        var seen = Set<ObjectIdentifier>(minimumCapacity: newList?.count ?? 0)
        var kept = newList
        if let list = newList {
            var filtered: [CALayer] = []
            filtered.reserveCapacity(list.count)
            for layer in list {
                if layer.superlayer !== self || layer.isMaskLayer, let why = sublayerRefusal(layer) {
                    MisuseReport.note(.sublayerRefused, why)
                } else if !seen.insert(ObjectIdentifier(layer)).inserted {
                    MisuseReport.note(.duplicateSublayer, "layer \(layer.debugLabel) appears twice in the sublayers of \(debugLabel); its first place is kept")
                } else {
                    filtered.append(layer)
                }
            }
            if filtered.count != list.count { kept = filtered }
        }
        let incoming = kept ?? []
        for old in storedSublayers ?? [] where !seen.contains(ObjectIdentifier(old)) {
            old.superlayer = nil
        }
        for layer in incoming where layer.superlayer !== self {
            layer.detachFromSuperlayer()
            layer.superlayer = self
        }
        storedSublayers = kept
        noteChange()
        for layer in incoming { adoptLayoutState(of: layer) }
        setNeedsLayout()
    }

    final func replaceMask(with newMask: CALayer?) {
        if newMask === storedMask { noteChange(); return }
        if let newMask, let why = maskRefusal(newMask) { return MisuseReport.note(.maskRefused, why) }
        storedMask?.superlayer = nil
        storedMask = nil
        if let newMask {
            newMask.detachFromSuperlayer()
            newMask.superlayer = self
            storedMask = newMask
            adoptLayoutState(of: newMask)
        }
        noteChange()
    }
}
