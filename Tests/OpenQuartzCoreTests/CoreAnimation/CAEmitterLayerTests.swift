import Foundation
import Testing
import OpenQuartzCore

/// The emitter API as Apple declares it: defaults (CAEmitterLayer.h, CAEmitterCell.h), key
/// paths through cells, archiving, and presentation copies that leave the model's cells alone.
@Suite struct CAEmitterLayerTests {
    typealias E = EmitterTestSupport

    @Test func defaultsAreApples() {
        let e = CAEmitterLayer()
        #expect(e.emitterCells == nil && e.birthRate == 1 && e.lifetime == 1 && e.velocity == 1 && e.scale == 1 && e.spin == 1)
        #expect(e.emitterPosition == .zero && e.emitterZPosition == 0 && e.emitterSize == .zero && e.emitterDepth == 0)
        #expect(e.emitterShape == .point && e.emitterMode == .volume && e.renderMode == .unordered)
        #expect(!e.preservesDepth && e.seed == 0)
        let c = CAEmitterCell()
        #expect(c.name == nil && c.isEnabled && c.birthRate == 0 && c.lifetime == 0 && c.lifetimeRange == 0)
        #expect(c.scale == 1 && c.scaleRange == 0 && c.velocity == 0 && c.spin == 0 && c.emissionRange == 0)
        #expect(c.color == CGColor.white && c.contents == nil && c.emitterCells == nil)
        #expect(c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) && c.contentsScale == 1)
        #expect(c.minificationFilter == "linear" && c.magnificationFilter == "linear")
        #expect(kCAEmitterLayerAdditive == .additive && kCAEmitterLayerLine.rawValue == "line" && kCAEmitterLayerOutline == .outline)
    }

    @Test func keyPathsReachCellsByName() {
        let spark = E.cell("spark", birthRate: 5)
        let rocket = E.cell("rocket", birthRate: 1)
        rocket.emitterCells = [spark]
        let e = E.emitter([rocket, E.cell("fire", birthRate: 3)])
        #expect(e.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 3)
        e.setValue(7, forKeyPath: "emitterCells.fire.birthRate")
        #expect(e.emitterCells?[1].birthRate == 7)
        e.setValue(CGFloat(12), forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity")
        #expect(spark.velocity == 12)
        #expect(e.value(forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity") as? CGFloat == 12)
        e.setValue(Float(0.5), forKeyPath: "birthRate")
        #expect(e.birthRate == 0.5)
        e.setValue(CGPoint(x: 3, y: 4), forKey: "emitterPosition")
        #expect(e.emitterPosition == CGPoint(x: 3, y: 4))
        // A cell's own key-value coding.
        spark.setValue(CGColor.black, forKey: "color")
        #expect(spark.color == CGColor.black && spark.value(forKey: "enabled") as? Bool == true)
    }

    @Test func presentationAnimatesCopiesOfTheCells() {
        let fire = E.cell("fire", birthRate: 100)
        let e = E.emitter([fire])
        let a = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 2
        e.add(a, forKey: "ramp")
        let r = CAImageRenderer(size: CGSize(width: 10, height: 10))
        _ = r.image(for: e, atTime: 0)
        _ = r.image(for: e, atTime: 1)
        let shown = e.presentation()?.value(forKeyPath: "emitterCells.fire.birthRate") as? Float
        #expect(shown.map { abs($0 - 50) < 1e-3 } == true, "\(String(describing: shown))")
        #expect(fire.birthRate == 100)
    }

    @Test func archivesWithItsCells() throws {
        let spark = E.cell("spark", birthRate: 5)
        spark.velocityRange = 3
        spark.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        let rocket = E.cell("rocket", birthRate: 1)
        rocket.emitterCells = [spark]
        let e = E.emitter([rocket])
        e.emitterShape = .circle
        e.renderMode = .additive
        e.seed = 99
        e.spin = 2
        let data = try NSKeyedArchiver.archivedData(withRootObject: e, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CAEmitterLayer.self, from: data))
        #expect(back.emitterShape == .circle && back.renderMode == .additive && back.seed == 99 && back.spin == 2)
        #expect(back.emitterPosition == e.emitterPosition)
        let s = try #require(back.emitterCells?.first?.emitterCells?.first)
        #expect(s.name == "spark" && s.birthRate == 5 && s.velocityRange == 3 && s.lifetime == 100)
        #expect(s.contents is CGImage)
    }
}
