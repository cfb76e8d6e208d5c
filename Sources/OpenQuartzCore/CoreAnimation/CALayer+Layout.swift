import Foundation

/// The layout pass, as Core Animation runs it before it displays and renders a tree:
///
/// * `setNeedsLayout()` marks a layer, and marks every ancestor as having a marked descendant,
///   so that a pass visits only the branches that lead to marked layers (a tree of tens of
///   thousands of laid-out layers costs nothing per frame).
/// * The pass goes top down: a marked layer's `layoutSublayers()` runs before any of its
///   sublayers are visited, so a parent's layout (which sets its sublayers' frames, marking
///   those whose size changes) is seen by its children in the same pass.
/// * Each layer is laid out at most once per pass: the mark is cleared before `layoutSublayers()`
///   runs, and a layer visited already is not revisited when a later layout marks it again; that
///   mark waits for the next pass, as it does on Apple's platforms (a layout loop cannot hang a
///   frame).
/// * Masks are laid out like sublayers, after them.
extension CALayer {

    /// The two layout flags of a layer.
    struct LayoutState: OptionSet {
        let rawValue: UInt8
        /// `setNeedsLayout()` was called since the last layout.
        static let needsLayout = LayoutState(rawValue: 1)
        /// Some layer below (sublayer or mask, any depth) needs layout.
        static let descendantNeedsLayout = LayoutState(rawValue: 2)
    }

    /// Marks this layer, and its ancestors as leading to it (stopping at the first that is
    /// marked already: the ones above it are too).
    final func markNeedsLayout() {
        layoutState.insert(.needsLayout)
        markAncestorsForLayout()
    }

    private final func markAncestorsForLayout() {
        var up = superlayer
        while let l = up, !l.layoutState.contains(.descendantNeedsLayout) {
            l.layoutState.insert(.descendantNeedsLayout)
            up = l.superlayer
        }
    }

    /// Called when `child` joins this layer's tree: a child that needs layout (or leads to one
    /// that does) makes this layer's branch lead to it.
    final func adoptLayoutState(of child: CALayer) {
        if !child.layoutState.isEmpty { child.markAncestorsForLayout() }
    }

    /// Lays out this layer (when marked) and then every marked layer below it, top down, once
    /// each. The renderer runs it on the layer it renders before taking its snapshot.
    final func runLayoutPass() {
        guard !layoutState.isEmpty else { return }
        if layoutState.contains(.needsLayout) {
            layoutState.remove(.needsLayout)
            layoutSublayers()
        }
        // Cleared before the sublayers are visited, so that a mark made while they are laid out
        // (one sibling's layout resizing another already visited) reaches this layer again and
        // the next pass finds it.
        layoutState.remove(.descendantNeedsLayout)
        if let list = storedSublayers {
            for s in list { s.runLayoutPass() }
        }
        storedMask?.runLayoutPass()
    }
}

/// The layout pass over the tree a renderer is about to draw (see `CALayer+Layout.swift`).
enum LayoutPass {
    /// Lays out every layer of `root`'s tree that needs it, parents before children.
    static func run(_ root: CALayer) { root.runLayoutPass() }
}
