import Foundation
import Raster

/// Calls that Core Animation answers with an Objective-C exception, or documents as undefined,
/// and that a Swift library without exceptions must survive: adding a layer to itself or to one
/// of its descendants, making a layer its own mask, listing a layer twice in `sublayers`,
/// animation groups that contain themselves or nest without end. OpenQuartzCore leaves out the
/// part of the call that would break the tree (docs/limits.md, "Misuse of the API") and says
/// so on standard error once per kind of misuse, so a loop repeating the mistake prints one
/// line, not millions; the process goes on.
package enum MisuseReport {
    /// What went wrong, one line per kind at most.
    package enum Kind: String, Sendable, CaseIterable {
        /// A sublayer that would make a cycle (the layer itself or an ancestor), or that is
        /// another layer's mask.
        case sublayerRefused
        /// A mask that would make a cycle, or that is another layer's mask.
        case maskRefused
        /// A layer listed more than once in one `sublayers` array.
        case duplicateSublayer
        /// An animation group containing itself, or nested deeper than
        /// `CAAnimationGroup.maxNesting`, or holding more than `CAAnimationGroup.maxAnimations`.
        case animationGroupCut
        /// `CATransaction.begin()` nested deeper than the transactions kept open.
        case transactionDepth
        /// A `compositingFilter` naming a Core Image compositing filter with no equivalent
        /// here (drawn source-over).
        case compositingFilterUnsupported
        /// A `compositingFilter` that names no compositing filter (drawn source-over).
        case compositingFilterUnknown
    }

    private static let state = Locked<(printed: Set<Kind>, counts: [Kind: Int])>(([], [:]))

    /// Records one misuse of `kind`; the first of its kind is printed on standard error.
    package static func note(_ kind: Kind, _ message: @autoclosure () -> String) {
        let first = state.withLock { s -> Bool in
            s.counts[kind, default: 0] += 1
            return s.printed.insert(kind).inserted
        }
        guard first else { return }
        let line = "OpenQuartzCore: \(message()) (ignored; reported once)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// How many misuses of `kind` this process has recorded (for tests).
    package static func count(_ kind: Kind) -> Int {
        state.withLock { $0.counts[kind, default: 0] }
    }
}
