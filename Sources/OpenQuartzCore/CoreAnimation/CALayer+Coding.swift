import Foundation

/// What a layer writes to a keyed archive and reads back (`encode(with:)`, `init?(coder:)`).
///
/// Every property of `CALayer` is archived under its own name, the tree too (`sublayers`,
/// `mask`); the `delegate` is not (Apple does not archive it either: a view re-attaches itself).
/// `contents` survives when it is a `CGImage`. Each subclass archives its own properties the
/// same way in its `encode(with:)`.
extension CALayer {

    final func encodeLayerProperties(with c: NSCoder) {
        c.encodeRect(bounds, forKey: "bounds")
        c.encodePoint(position, forKey: "position")
        c.encodeCGFloat(zPosition, forKey: "zPosition")
        c.encodePoint(anchorPoint, forKey: "anchorPoint")
        c.encodeCGFloat(anchorPointZ, forKey: "anchorPointZ")
        c.encodeTransform(transform, forKey: "transform")
        c.encodeTransform(sublayerTransform, forKey: "sublayerTransform")
        c.encode(isGeometryFlipped, forKey: "geometryFlipped")
        c.encode(isHidden, forKey: "hidden")
        c.encode(opacity, forKey: "opacity")
        c.encode(allowsGroupOpacity, forKey: "allowsGroupOpacity")
        c.encode(isDoubleSided, forKey: "doubleSided")
        c.encode(masksToBounds, forKey: "masksToBounds")
        c.encode(allowsEdgeAntialiasing, forKey: "allowsEdgeAntialiasing")
        c.encode(Int(edgeAntialiasingMask.rawValue), forKey: "edgeAntialiasingMask")
        c.encode(shouldRasterize, forKey: "shouldRasterize")
        c.encodeCGFloat(rasterizationScale, forKey: "rasterizationScale")
        c.encodeColor(backgroundColor, forKey: "backgroundColor")
        c.encodeCGFloat(cornerRadius, forKey: "cornerRadius")
        c.encodeString(cornerCurve.rawValue, forKey: "cornerCurve")
        c.encode(Int(maskedCorners.rawValue), forKey: "maskedCorners")
        c.encodeCGFloat(borderWidth, forKey: "borderWidth")
        c.encodeColor(borderColor, forKey: "borderColor")
        c.encode(shadowOpacity, forKey: "shadowOpacity")
        c.encodeColor(shadowColor, forKey: "shadowColor")
        c.encodeSize(shadowOffset, forKey: "shadowOffset")
        c.encodeCGFloat(shadowRadius, forKey: "shadowRadius")
        c.encodePath(shadowPath, forKey: "shadowPath")
        c.encodeImage(contents as? CGImage, forKey: "contents")
        c.encodeString(contentsGravity.rawValue, forKey: "contentsGravity")
        c.encodeCGFloat(contentsScale, forKey: "contentsScale")
        c.encodeRect(contentsRect, forKey: "contentsRect")
        c.encodeRect(contentsCenter, forKey: "contentsCenter")
        c.encodeString(minificationFilter.rawValue, forKey: "minificationFilter")
        c.encodeString(magnificationFilter.rawValue, forKey: "magnificationFilter")
        c.encode(minificationFilterBias, forKey: "minificationFilterBias")
        c.encodeString(name, forKey: "name")
        c.encode(allowsHitTesting, forKey: "allowsHitTesting")
        encodeRareHints(with: c)
        encodeDisplayProperties(with: c)
        encodeTiming(with: c)
        if let list = storedSublayers { c.encode(list, forKey: "sublayers") }
        if let m = storedMask { c.encode(m, forKey: "mask") }
    }

    final func decodeLayerProperties(from c: NSCoder) {
        if let v = c.decodeRectValue(forKey: "bounds") { bounds = v }
        if let v = c.decodePointValue(forKey: "position") { position = v }
        if let v = c.decodeCGFloat(forKey: "zPosition") { zPosition = v }
        if let v = c.decodePointValue(forKey: "anchorPoint") { anchorPoint = v }
        if let v = c.decodeCGFloat(forKey: "anchorPointZ") { anchorPointZ = v }
        if let v = c.decodeTransformValue(forKey: "transform") { transform = v }
        if let v = c.decodeTransformValue(forKey: "sublayerTransform") { sublayerTransform = v }
        if let v = c.decodeBoolValue(forKey: "geometryFlipped") { isGeometryFlipped = v }
        if let v = c.decodeBoolValue(forKey: "hidden") { isHidden = v }
        if let v = c.decodeFloatValue(forKey: "opacity") { opacity = v }
        if let v = c.decodeBoolValue(forKey: "allowsGroupOpacity") { allowsGroupOpacity = v }
        if let v = c.decodeBoolValue(forKey: "doubleSided") { isDoubleSided = v }
        if let v = c.decodeBoolValue(forKey: "masksToBounds") { masksToBounds = v }
        if let v = c.decodeBoolValue(forKey: "allowsEdgeAntialiasing") { allowsEdgeAntialiasing = v }
        if let v = c.decodeIntValue(forKey: "edgeAntialiasingMask") {
            edgeAntialiasingMask = CAEdgeAntialiasingMask(rawValue: UInt32(truncatingIfNeeded: v))
        }
        if let v = c.decodeBoolValue(forKey: "shouldRasterize") { shouldRasterize = v }
        if let v = c.decodeCGFloat(forKey: "rasterizationScale") { rasterizationScale = v }
        if let v = c.decodeColor(forKey: "backgroundColor") { backgroundColor = v }
        if let v = c.decodeCGFloat(forKey: "cornerRadius") { cornerRadius = v }
        if let v = c.decodeStringValue(forKey: "cornerCurve") { cornerCurve = CALayerCornerCurve(rawValue: v) }
        if let v = c.decodeIntValue(forKey: "maskedCorners") {
            maskedCorners = CACornerMask(rawValue: UInt(truncatingIfNeeded: v))
        }
        if let v = c.decodeCGFloat(forKey: "borderWidth") { borderWidth = v }
        if let v = c.decodeColor(forKey: "borderColor") { borderColor = v }
        if let v = c.decodeFloatValue(forKey: "shadowOpacity") { shadowOpacity = v }
        if let v = c.decodeColor(forKey: "shadowColor") { shadowColor = v }
        if let v = c.decodeSizeValue(forKey: "shadowOffset") { shadowOffset = v }
        if let v = c.decodeCGFloat(forKey: "shadowRadius") { shadowRadius = v }
        if let v = c.decodePath(forKey: "shadowPath") { shadowPath = v }
        if let v = c.decodeImage(forKey: "contents") { contents = v }
        if let v = c.decodeStringValue(forKey: "contentsGravity") { contentsGravity = CALayerContentsGravity(rawValue: v) }
        if let v = c.decodeCGFloat(forKey: "contentsScale") { contentsScale = v }
        if let v = c.decodeRectValue(forKey: "contentsRect") { contentsRect = v }
        if let v = c.decodeRectValue(forKey: "contentsCenter") { contentsCenter = v }
        if let v = c.decodeStringValue(forKey: "minificationFilter") { minificationFilter = CALayerContentsFilter(rawValue: v) }
        if let v = c.decodeStringValue(forKey: "magnificationFilter") { magnificationFilter = CALayerContentsFilter(rawValue: v) }
        if let v = c.decodeFloatValue(forKey: "minificationFilterBias") { minificationFilterBias = v }
        name = c.decodeStringValue(forKey: "name")
        if let v = c.decodeBoolValue(forKey: "allowsHitTesting") { allowsHitTesting = v }
        decodeRareHints(from: c)
        decodeDisplayProperties(from: c)
        decodeTiming(from: c)
        // The tree last, through the checks untrusted trees get: an archive can describe a
        // cycle or share a layer between two parents, which `sublayers` would stop the program
        // for. swift-corelibs-foundation decodes an object that refers back to one still being
        // decoded as a new copy, so a cyclic archive nests without end: below
        // `LayerDecoding.maximumDepth` levels (the scene files' limit) no more layers are read.
        guard LayerDecoding.depth < LayerDecoding.maximumDepth else { return }
        LayerDecoding.$depth.withValue(LayerDecoding.depth + 1) { decodeTree(from: c) }
    }

    /// The compositing filter (by name: a `CIFilter` cannot be archived here, a name can) and
    /// the format and dynamic-range hints, each only when it is not its default, so that most
    /// layers' archives do not grow.
    private final func encodeRareHints(with c: NSCoder) {
        if let name = compositingFilter.flatMap({ $0 as? String ?? ($0 as? NSString).map { String($0) } }) {
            c.encodeString(name, forKey: "compositingFilter")
        }
        if contentsFormat != .RGBA8Uint { c.encodeString(contentsFormat.rawValue, forKey: "contentsFormat") }
        if wantsExtendedDynamicRangeContent { c.encode(true, forKey: "wantsExtendedDynamicRangeContent") }
        if toneMapMode != .automatic { c.encodeString(toneMapMode.rawValue, forKey: "toneMapMode") }
        if preferredDynamicRange != .automatic { c.encodeString(preferredDynamicRange.rawValue, forKey: "preferredDynamicRange") }
        if contentsHeadroom != 0 { c.encodeCGFloat(contentsHeadroom, forKey: "contentsHeadroom") }
        if wantsDynamicContentScaling { c.encode(true, forKey: "wantsDynamicContentScaling") }
    }

    private final func decodeRareHints(from c: NSCoder) {
        if let v = c.decodeStringValue(forKey: "compositingFilter") { compositingFilter = v }
        if let v = c.decodeStringValue(forKey: "contentsFormat") { contentsFormat = CALayerContentsFormat(rawValue: v) }
        if let v = c.decodeBoolValue(forKey: "wantsExtendedDynamicRangeContent") { wantsExtendedDynamicRangeContent = v }
        if let v = c.decodeStringValue(forKey: "toneMapMode") { toneMapMode = CALayer.ToneMapMode(rawValue: v) }
        if let v = c.decodeStringValue(forKey: "preferredDynamicRange") { preferredDynamicRange = CALayer.DynamicRange(rawValue: v) }
        if let v = c.decodeCGFloat(forKey: "contentsHeadroom") { contentsHeadroom = v }
        if let v = c.decodeBoolValue(forKey: "wantsDynamicContentScaling") { wantsDynamicContentScaling = v }
    }

    /// The `CAMediaTiming` properties, under their names; only a timing other than the
    /// default is written (most layers have none, and keep no storage for it).
    private final func encodeTiming(with c: NSCoder) {
        guard let t = animationStorage?.timing, t != MediaTiming() else { return }
        c.encodeMediaTiming(t)
    }

    /// Reads what `encodeTiming` wrote; absent or malformed values keep their defaults, and a
    /// default timing makes no storage.
    private final func decodeTiming(from c: NSCoder) {
        var t = MediaTiming()
        c.decodeMediaTiming(into: &t)
        guard t != MediaTiming() else { return }
        animStorage.timing = t
        noteChange()
    }

    private final func decodeTree(from c: NSCoder) {
        if let list = c.decodeLayers(forKey: "sublayers") {
            // A set of identities: 30 000 sublayers compared each against the ones before
            // took minutes.
            var accepted: [CALayer] = []
            var seen = Set<ObjectIdentifier>(minimumCapacity: list.count)
            for l in list where l.superlayer == nil && canAddSublayer(l) && seen.insert(ObjectIdentifier(l)).inserted {
                accepted.append(l)
            }
            sublayers = accepted
        }
        if c.containsValue(forKey: "mask"), let m = c.decodeObject(of: CALayer.self, forKey: "mask"),
           m.superlayer == nil, canSetMask(m) {
            mask = m
        }
    }
}

/// How deep the layer being decoded is in the archive's tree.
package enum LayerDecoding {
    /// Layers deeper than this are not read (their superlayer keeps no sublayers or mask).
    package static let maximumDepth = 256
    @TaskLocal static var depth = 0
}
