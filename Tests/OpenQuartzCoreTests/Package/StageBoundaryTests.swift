import Foundation
import Testing
import TestSupport

/// The stage rule of docs/architecture.md, checked on the sources in the spirit of Chromium's
/// DEPS files: each folder of `Sources/OpenQuartzCore` names the folders whose types it may use,
/// and every use outside that table is either one of the named exceptions below (each with the
/// reason it is still there) or a failure.
///
/// The check reads the sources as text: a folder "uses" another when one of its files names a
/// type declared at the top level of a file in the other (comments and string literals are
/// removed first). Methods added by extensions are not seen, so this is a floor, not a proof;
/// it catches the common back-edge, a stage naming a later stage's type.
@Suite struct StageBoundaryTests {
    /// Folder → the folders it may use. The model (`CoreAnimation`, `Animation`) and Core
    /// Graphics come first; then the pipeline, each stage reading the one before it:
    /// `Snapshot → RenderTree → Compositor → Renderer`.
    static let mayUse: [String: Set<String>] = [
        "CoreFoundation": [],
        "CoreGraphics": ["CoreFoundation", "CoreText"],
        "Text": ["CoreGraphics", "CoreFoundation"],
        "CoreText": ["CoreFoundation", "CoreGraphics", "Text"],
        // The layer model and its animations refer to each other, as on Apple's platforms.
        "CoreAnimation": ["Animation", "CoreGraphics", "CoreText", "CoreFoundation", "Text"],
        "Animation": ["CoreAnimation", "CoreGraphics", "CoreText", "CoreFoundation"],
        "Snapshot": ["RenderTree", "CoreAnimation", "Animation", "CoreGraphics", "CoreText", "Text", "CoreFoundation"],
        "RenderTree": ["CoreAnimation", "CoreGraphics"],
        "Compositor": ["RenderTree", "CoreAnimation", "CoreGraphics"],
        "Renderer": ["Compositor", "RenderTree", "Snapshot", "CoreAnimation", "Animation", "CoreGraphics"],
        "Scene": ["CoreAnimation", "Animation", "CoreGraphics", "CoreText", "Text", "CoreFoundation"],
        ".": [],
    ]

    /// Uses outside the table that are known, as "folder/File.swift → Type", with why each is
    /// still there. Removing one is progress; adding one needs a reason here.
    static let exceptions: [String: String] = [
        // The render node keeps what the compositor derived from it once (shadow shape,
        // occlusion plans, its depth order's extents) so that a reused subtree reuses them too.
        "RenderTree/RenderNode.swift → ShadowShape": "compositor caches kept on the node",
        "RenderTree/RenderNode.swift → OcclusionPlan": "compositor caches kept on the node",
        "RenderTree/RenderNode.swift → Target": "compositor caches kept on the node",
        "RenderTree/ContextOrder.swift → Extent": "the depth order's extents are the compositor's",
        "Snapshot/Snapshotter.swift → ShadowShape": "the shadow's shape is built during the snapshot",
        "Snapshot/Snapshotter.swift → UncheckedSendable": "a Renderer helper the snapshot's threads share",
        "Snapshot/LayerPresentation.swift → Target": "name shared with the compositor's Target (a nested type)",
        "Animation/DirectAnimation.swift → Target": "name shared with the compositor's Target (a nested type)",
        "Animation/DirectValues.swift → Target": "name shared with the compositor's Target (a nested type)",
        // A transition keeps its "before" picture as a render node.
        "Animation/CATransition.swift → RenderNode": "the transition's before state is a render node",
        // Hit testing of what is visible renders the layer's contents.
        "CoreAnimation/CALayer+VisibleHitTest.swift → ContentsRenderer": "visible hit testing samples rendered contents",
        "CoreAnimation/CALayer+VisibleHitTest.swift → RenderNode": "visible hit testing samples rendered contents",
        "CoreAnimation/CALayer+VisibleHitTest.swift → Snapshotter": "visible hit testing samples rendered contents",
        // Apple's `CALayer.render(in:)` draws a layer tree into a context: the renderer's job.
        "CoreGraphics/CGContext+Layers.swift → CAImageRenderer": "CALayer.render(in:) is the renderer's entry point",
        "CoreGraphics/CGContext+Layers.swift → CALayer": "CALayer.render(in:) is the renderer's entry point",
        "CoreGraphics/GLKMath.swift → CATransform3D": "GLKit's matrix conversions to and from CATransform3D",
        // The text engine lays out with Core Animation's alignment and truncation modes.
        "Text/OQCFont.swift → CATextLayerAlignmentMode": "text layout takes CATextLayer's modes",
        "Text/OQCFont.swift → CATextLayerTruncationMode": "text layout takes CATextLayer's modes",
        "Text/TextLayout.swift → CATextLayerAlignmentMode": "text layout takes CATextLayer's modes",
        "Text/TextLayout.swift → CATextLayerTruncationMode": "text layout takes CATextLayer's modes",
        "CoreText/AttributedTextRuns.swift → CATextLayerAlignmentMode": "text layout takes CATextLayer's modes",
        "CoreText/AttributedTextRuns.swift → CATextLayerTruncationMode": "text layout takes CATextLayer's modes",
        // The renderer's budget and the scene's operator limits share one table of limits.
        "Renderer/RenderBudget.swift → OperatorLimit": "the budget's limits are named by oqc's flags",
        "Scene/OperatorLimit.swift → RenderBudget": "the budget's limits are named by oqc's flags",
        // The compositor reads and fills the renderer's frame caches, budget and statistics.
        "Compositor/Compositor.swift → FrameCaches": "the renderer owns the caches the compositor fills",
        "Compositor/PerspectiveOcclusion.swift → FrameCaches": "the renderer owns the caches the compositor fills",
        "Compositor/ShadowShape.swift → FrameCaches": "the renderer owns the caches the compositor fills",
        "Compositor/Compositor.swift → KeptClip": "the renderer owns the caches the compositor fills",
        "Compositor/Compositor.swift → RenderBudgetLedger": "the compositor charges the renderer's budget",
        "Compositor/Compositor.swift → RenderBudgetMeter": "the compositor charges the renderer's budget",
        "Compositor/Compositor.swift → RenderStatistics": "the compositor counts into the renderer's statistics",
        "Compositor/PerspectiveOcclusion.swift → RenderStatistics": "the compositor counts into the renderer's statistics",
    ]

    struct Source {
        let folder: String
        let path: String  // relative to Sources/OpenQuartzCore
        let code: String  // comments and string literals removed
    }

    static func sources() throws -> [Source] {
        let base = Repository.root.appendingPathComponent("Sources/OpenQuartzCore")
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var result: [Source] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
            let folder = relative.contains("/") ? String(relative.prefix { $0 != "/" }) : "."
            result.append(Source(folder: folder, path: relative, code: withoutCommentsAndStrings(text)))
        }
        return result.sorted { $0.path < $1.path }
    }

    /// The text with `//` and `/* */` comments and string literals blanked, so that a type named
    /// in prose or a message does not count as a use.
    static func withoutCommentsAndStrings(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let chars = Array(text.unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let next: Unicode.Scalar? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "/", next == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
            } else if c == "/", next == "*" {
                i += 2
                while i + 1 < chars.count, !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i += 2
            } else if c == "\"" {
                let triple = i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\""
                i += triple ? 3 : 1
                while i < chars.count {
                    if chars[i] == "\\" { i += 2; continue }
                    if triple {
                        if i + 2 < chars.count, chars[i] == "\"", chars[i + 1] == "\"", chars[i + 2] == "\"" { i += 3; break }
                    } else if chars[i] == "\"" || chars[i] == "\n" { i += 1; break }
                    i += 1
                }
                out.unicodeScalars.append(" ")
            } else {
                out.unicodeScalars.append(c)
                i += 1
            }
        }
        return out
    }

    /// Capitalised identifiers in code.
    static func typeNames(in code: String) -> Set<String> {
        var names = Set<String>()
        var current = ""
        for c in code.unicodeScalars {
            if c == "_" || CharacterSet.alphanumerics.contains(c) {
                current.unicodeScalars.append(c)
            } else {
                if let f = current.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(f) { names.insert(current) }
                current = ""
            }
        }
        return names
    }

    /// Top-level type declarations: a line that starts (after modifiers) with a type keyword.
    static func declaredTypes(in code: String) -> [String] {
        let modifiers: Set<String> = ["public", "package", "open", "final", "private", "fileprivate", "internal", "indirect"]
        let keywords: Set<String> = ["class", "struct", "enum", "protocol", "typealias", "actor"]
        var result: [String] = []
        for line in code.split(separator: "\n") where !line.hasPrefix(" ") && !line.hasPrefix("\t") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })[...]
            while let w = words.first, modifiers.contains(String(w)) || w.hasPrefix("@") { words = words.dropFirst() }
            guard let k = words.first, keywords.contains(String(k)), let name = words.dropFirst().first else { continue }
            result.append(String(name))
        }
        return result
    }

    /// Every use of another folder's type outside the table, as "folder/File.swift → Type".
    static func violations(_ files: [Source]) -> [String] {
        var owners: [String: Set<String>] = [:]
        for f in files { for t in declaredTypes(in: f.code) { owners[t, default: []].insert(f.folder) } }
        var found: [String] = []
        for f in files {
            let allowed = mayUse[f.folder] ?? []
            for name in typeNames(in: f.code).sorted() {
                guard let homes = owners[name], !homes.contains(f.folder) else { continue }
                if homes.contains(where: { !allowed.contains($0) }) { found.append("\(f.path) → \(name)") }
            }
        }
        return found
    }

    @Test func everyFolderIsInTheTable() throws {
        let files = try Self.sources()
        #expect(files.count > 150)  // the walk found the library
        let folders = Set(files.map(\.folder))
        #expect(folders == Set(Self.mayUse.keys), "add new folders to mayUse with what they may use")
    }

    @Test func stagesUseOnlyWhatTheTableAllows() throws {
        let found = Self.violations(try Self.sources())
        let unexplained = found.filter { Self.exceptions[$0] == nil }
        #expect(unexplained.isEmpty, "a stage uses a type it may not (move it, or name the exception with its reason): \(unexplained)")
        // An exception that no longer happens is removed from the list, so the list stays true.
        let stale = Set(Self.exceptions.keys).subtracting(found)
        #expect(stale.isEmpty, "exceptions that no longer occur: \(stale.sorted())")
    }

    /// The check itself, on small sources: a back-edge is found, comments and strings are not.
    @Test func theCheckFindsABackEdgeAndIgnoresProse() {
        let files = [
            Source(folder: "Compositor", path: "Compositor/A.swift", code: Self.withoutCommentsAndStrings("struct Painter { }")),
            Source(folder: "RenderTree", path: "RenderTree/B.swift",
                   code: Self.withoutCommentsAndStrings("final class Node {\n  var p: Painter? // Painter\n  let s = \"Painter\"\n}")),
            Source(folder: "Snapshot", path: "Snapshot/C.swift", code: Self.withoutCommentsAndStrings("/* Painter */ let x = 1")),
        ]
        #expect(Self.violations(files) == ["RenderTree/B.swift → Painter"])
    }
}
