import Foundation
import Testing
import OpenQuartzCore
import Raster

/// The layer members with Apple's defaults and no effect on pixels here (docs/limits.md, "Core
/// Image, extended range and hints with no effect"): their defaults are Apple's, they survive a
/// presentation copy and (where archived) a keyed archive, and they leave the picture unchanged.
@Suite struct LayerHintPropertyTests {
    @Test func defaultsAreApples() {
        let l = CALayer()
        // Apple: contentsFormat's default is RGBA8Uint; toneMapMode and preferredDynamicRange
        // start automatic; the rest are off, zero or nil.
        #expect(l.contentsFormat == .RGBA8Uint)
        #expect(l.wantsExtendedDynamicRangeContent == false)
        #expect(l.toneMapMode == .automatic)
        #expect(l.preferredDynamicRange == .automatic)
        #expect(l.contentsHeadroom == 0)
        #expect(l.wantsDynamicContentScaling == false)
        #expect(l.filters == nil && l.backgroundFilters == nil && l.style == nil)
        #expect(CATextLayer().allowsFontSubpixelQuantization == false)
    }

    @Test func rawValuesAreCoreAnimations() {
        #expect(CALayerContentsFormat.RGBA8Uint.rawValue == "RGBA8")
        #expect(CALayerContentsFormat.RGBA16Float.rawValue == "RGBAh")
        #expect(CALayerContentsFormat.gray8Uint.rawValue == "Gray8")
        #expect(CALayerContentsFormat(rawValue: "RGBAh") == .RGBA16Float)
        #expect(Set([CALayer.ToneMapMode.automatic, .never, .ifSupported]).count == 3)
        #expect(Set([CALayer.DynamicRange.automatic, .standard, .constrainedHigh, .high]).count == 4)
        #expect(CALayer.ToneMapMode(rawValue: "never") == .never)
        #expect(CALayer.DynamicRange(rawValue: "high") == .high)
    }

    static func configured() -> CALayer {
        let l = CALayer()
        l.contentsFormat = .RGBA16Float
        l.wantsExtendedDynamicRangeContent = true
        l.toneMapMode = .ifSupported
        l.preferredDynamicRange = .constrainedHigh
        l.contentsHeadroom = 2.5
        l.wantsDynamicContentScaling = true
        return l
    }

    static func expectConfigured(_ l: CALayer?) {
        #expect(l?.contentsFormat == .RGBA16Float)
        #expect(l?.wantsExtendedDynamicRangeContent == true)
        #expect(l?.toneMapMode == .ifSupported)
        #expect(l?.preferredDynamicRange == .constrainedHigh)
        #expect(l?.contentsHeadroom == 2.5)
        #expect(l?.wantsDynamicContentScaling == true)
    }

    @Test func survivePresentationCopiesAndArchives() throws {
        let l = Self.configured()
        l.filters = ["a"]
        l.backgroundFilters = ["b"]
        l.style = ["cornerRadius": 4]
        let copy = CALayer(layer: l)
        Self.expectConfigured(copy)
        #expect(copy.filters?.first as? String == "a" && copy.backgroundFilters?.first as? String == "b")
        #expect(copy.style?["cornerRadius"] as? Int == 4)
        let data = try NSKeyedArchiver.archivedData(withRootObject: l, requiringSecureCoding: true)
        Self.expectConfigured(try NSKeyedUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data))

        let t = CATextLayer()
        t.allowsFontSubpixelQuantization = true
        #expect(CATextLayer(layer: t).allowsFontSubpixelQuantization)
        let tdata = try NSKeyedArchiver.archivedData(withRootObject: t, requiringSecureCoding: true)
        #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: CATextLayer.self, from: tdata)?.allowsFontSubpixelQuantization == true)
    }

    @Test func changeNoPixel() {
        func picture(_ l: CALayer) -> [UInt32] {
            let root = makeRoot(8, 8)
            l.frame = CGRect(x: 1, y: 1, width: 6, height: 6)
            l.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8)
            l.cornerRadius = 2
            root.addSublayer(l)
            let img = Rendered(root, width: 8, height: 8)
            return (0..<64).map { img.surface.pixel(x: $0 % 8, y: $0 / 8) }
        }
        let hinted = Self.configured()
        hinted.filters = ["CIGaussianBlur"]
        hinted.backgroundFilters = ["CIGaussianBlur"]
        hinted.style = ["backgroundColor": CGColor.black]
        #expect(picture(hinted) == picture(CALayer()))
    }

    /// Apple: "Returns the expansion factor required to produce a continuous curve": 1 for
    /// circular corners; continuous corners reach about 1.528665 radii along each edge (the
    /// figure PaintCode measured of iOS 7's corner).
    @Test func cornerCurveExpansionFactor() {
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(abs(CALayer.cornerCurveExpansionFactor(.continuous) - 1.528665) < 1e-5)
    }

    /// onOrderIn and onOrderOut: the actions a layer is asked for when it enters and leaves a
    /// tree that has been rendered (none by default).
    @Test func orderActionsRunOnATreeOnScreen() {
        final class Recorder: CAAction {
            var events: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { events.append(event) }
        }
        #expect(kCAOnOrderIn == "onOrderIn" && kCAOnOrderOut == "onOrderOut")
        let recorder = Recorder()
        let root = makeRoot(4, 4)
        // A timed render puts the tree on screen (an untimed one is `render(in:)`, which does not).
        _ = CAImageRenderer(size: CGSize(width: 4, height: 4), scale: 1, background: nil).image(for: root, atTime: 0)
        let l = CALayer()
        l.actions = [kCAOnOrderIn: recorder, kCAOnOrderOut: recorder]
        root.addSublayer(l)
        // Apple: also "when the layer is no longer set as hidden", and out when hidden.
        l.isHidden = true
        l.isHidden = false
        l.removeFromSuperlayer()
        #expect(recorder.events == [kCAOnOrderIn, kCAOnOrderOut, kCAOnOrderIn, kCAOnOrderOut])
        // A tree never rendered runs neither.
        let offscreen = CALayer()
        let m = CALayer()
        m.actions = [kCAOnOrderIn: recorder, kCAOnOrderOut: recorder]
        offscreen.addSublayer(m)
        m.removeFromSuperlayer()
        #expect(recorder.events.count == 4)
        // The style dictionary's "actions" are searched after the layer's own.
        let styled = CALayer()
        styled.style = ["actions": [kCAOnOrderIn: recorder]]
        root.addSublayer(styled)
        #expect(recorder.events.count == 5 && recorder.events.last == kCAOnOrderIn)
    }

    @Test func animationsArchiveEveryValue() {
        #expect(CABasicAnimation().shouldArchiveValue(forKey: "fromValue"))
    }
}
