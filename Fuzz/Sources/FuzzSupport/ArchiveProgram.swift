// Keyed archives from an untrusted source: the bytes are handed to `NSKeyedUnarchiver` with
// secure coding on, and the root object is asked for as a layer or an animation, the classes
// the library archives. What decodes is rendered small (48 × 48, within the default budget),
// an animation on a layer at a few media times. An archive that names a class outside those
// must be refused, not instantiated; deep trees, huge counts and non-finite numbers must decode
// to something bounded or to nothing. Any trap, wild access, leak or hang is a finding.
//
// Here rather than in the harness, as RenderProgram.swift, so that the main package's tests
// replay fuzz-archive's findings (Fuzz/Crashers) through the very calls the fuzzer made.
import Foundation
import OpenQuartzCore

public func runArchiveProgram(_ bytes: [UInt8]) {
    let data = Data(bytes)
    // Linux Foundation's NSKeyedUnarchiver(forReadingFrom:) leaks the CFError of a property
    // list it cannot parse (every such input, found by this harness); PropertyListSerialization
    // releases its own, so only property lists reach the unarchiver.
    guard (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) != nil,
          let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else { return }
    unarchiver.requiresSecureCoding = true
    unarchiver.decodingFailurePolicy = .setErrorAndReturn
    let root = unarchiver.decodeObject(of: [CALayer.self, CAAnimation.self], forKey: NSKeyedArchiveRootObjectKey)
    unarchiver.finishDecoding()
    let layer: CALayer
    var times: [CFTimeInterval] = [0]
    if let decoded = root as? CALayer {
        layer = decoded
    } else if let animation = root as? CAAnimation {
        layer = CAShapeLayer()
        layer.frame = CGRect(x: 4, y: 4, width: 40, height: 40)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.add(animation, forKey: "decoded")
        times = [0, 0.5, 1e9]
    } else {
        return
    }
    let renderer = CAImageRenderer(size: CGSize(width: 48, height: 48))
    renderer.cachesFrames = false
    for t in times {
        _ = try? renderer.checkedImage(for: layer)
        _ = renderer.image(for: layer, atTime: t)
    }
    _ = layer.presentation()?.bounds
}
