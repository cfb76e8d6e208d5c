import Foundation
import Raster

/// What `CALayer.compositingFilter` names, resolved to the blend the compositor draws the layer
/// with.
///
/// On Apple's platforms the property holds a Core Image filter (`CIFilter(name:
/// "CIMultiplyBlendMode")`); there is no Core Image on Linux, so a layer takes what Apple's code
/// passes in practice: the filter's name as a string, either Core Image's (`"CIMultiplyBlendMode"`)
/// or Core Animation's spelling of it (`"multiplyBlendMode"`, the form Lottie and UIKit code
/// use). Filters of Core Image's "composite operation" category whose result has a closed form
/// among Core Graphics' blend modes draw with that mode (W3C Compositing and Blending Level 1,
/// the formulas `CGBlendMode` documents); the others are recognised but draw source-over, with
/// one line on standard error (docs/limits.md, "compositingFilter"). Anything else is an unknown
/// filter: source-over too, reported the same way.
package enum CompositingFilter {
    /// What a filter value resolves to.
    package enum Resolution: Equatable, Sendable {
        /// Drawn with this blend; nil is plain source-over (no filter, or a source-over one).
        case blend(BlendMode?)
        /// A Core Image compositing filter with no exact equivalent here: drawn source-over.
        case unsupported(String)
        /// Not a compositing filter's name (or not a name at all): drawn source-over.
        case unknown
    }

    /// The supported filters, by Core Animation's spelling (Core Image's name without "CI",
    /// first letter lowered), and their blend. Core Image documents each as the blend mode of
    /// the same name in the PDF and W3C specifications, which are Core Graphics' modes.
    package static let supported: KeyValuePairs<String, BlendMode?> = [
        "sourceOverCompositing": nil,
        "multiplyBlendMode": .multiply,
        "screenBlendMode": .screen,
        "overlayBlendMode": .overlay,
        "darkenBlendMode": .darken,
        "lightenBlendMode": .lighten,
        "colorDodgeBlendMode": .colorDodge,
        "colorBurnBlendMode": .colorBurn,
        "softLightBlendMode": .softLight,
        "hardLightBlendMode": .hardLight,
        "differenceBlendMode": .difference,
        "exclusionBlendMode": .exclusion,
        "hueBlendMode": .hue,
        "saturationBlendMode": .saturation,
        "colorBlendMode": .color,
        "luminosityBlendMode": .luminosity,
        // Porter–Duff source-atop: the layer drawn only where something lies below it.
        "sourceAtopCompositing": .sourceAtop,
        // Core Image adds the premultiplied components, alpha included, clamped at 1:
        // kCGBlendModePlusLighter.
        "additionCompositing": .plusLighter,
    ]

    /// Core Image's other compositing filters, recognised but drawn source-over, each for a
    /// reason docs/limits.md gives: no Core Graphics mode computes them (`multiplyCompositing`,
    /// `maximumCompositing`, `minimumCompositing` work on premultiplied colour and alpha alike;
    /// the linear, pin, vivid and hard-mix lights, subtract, divide and the darker/lighter colour
    /// modes are Core Image's own), or what they leave outside the layer's pixels depends on the
    /// extent Core Image gives the filter, which Apple does not document (`sourceInCompositing`,
    /// `sourceOutCompositing`, which erase the content below).
    package static let unsupported: Set<String> = [
        "sourceInCompositing", "sourceOutCompositing",
        "multiplyCompositing", "maximumCompositing", "minimumCompositing",
        "subtractBlendMode", "divideBlendMode", "linearBurnBlendMode", "linearDodgeBlendMode",
        "linearLightBlendMode", "pinLightBlendMode", "vividLightBlendMode", "hardMixBlendMode",
        "darkerColorBlendMode", "lighterColorBlendMode",
    ]

    /// The filter's name in Core Animation's spelling, when `filter` is a name: a `String` or
    /// `NSString`, with or without Core Image's "CI" prefix.
    package static func name(of filter: Any?) -> String? {
        guard let filter else { return nil }
        let text: String
        if let s = filter as? String { text = s } else if let s = filter as? NSString { text = s as String } else { return nil }
        guard text.hasPrefix("CI"), text.count > 2 else { return text }
        let rest = text.dropFirst(2)
        return rest.prefix(1).lowercased() + rest.dropFirst()
    }

    /// What `filter` draws as.
    package static func resolve(_ filter: Any?) -> Resolution {
        guard let filter else { return .blend(nil) }
        guard let name = name(of: filter) else { return .unknown }
        for (n, mode) in supported where n == name { return .blend(mode) }
        return unsupported.contains(name) ? .unsupported(name) : .unknown
    }

    /// The blend a layer draws with, reporting (once per process) a filter drawn source-over
    /// in its stead.
    package static func blend(for filter: Any?) -> BlendMode? {
        switch resolve(filter) {
        case .blend(let mode): return mode
        case .unsupported(let name):
            MisuseReport.note(.compositingFilterUnsupported,
                              "compositingFilter \"\(name)\" has no equivalent here and draws source-over")
            return nil
        case .unknown:
            MisuseReport.note(.compositingFilterUnknown,
                              "compositingFilter \(filter.map { String(describing: $0).prefix(80) } ?? "nil") is not a compositing filter's name; drawn source-over")
            return nil
        }
    }
}
