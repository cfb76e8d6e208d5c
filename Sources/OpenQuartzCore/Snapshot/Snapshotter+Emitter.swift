import Foundation
import Raster

/// The snapshot's side of particles: an emitter layer's particles at the frame's time become
/// its node's content (`EmitterSimulation`). Only timed renders show particles: the simulation
/// runs on the layer's local time, which an untimed render does not have.
extension Snapshotter {
    /// The step of the birth-rate integral while something of the emitter is animated: 1/240 s.
    static let emitterStep = 1.0 / 240
    /// The most steps one frame samples (docs/limits.md): past 4096 · 1/240 s (about 17 s of
    /// animated emission) the steps grow so that there are this many.
    static let maxEmitterSteps = 4096

    /// The particles of `e` (the layer as presented) at this frame's time; `model` is the
    /// layer itself, whose local time and animations the simulation follows.
    func emitterContent(_ e: CAEmitterLayer, model: CALayer) -> EmitterContent? {
        guard let media = mediaTime, let cells = e.emitterCells, !cells.isEmpty else { return nil }
        let t = model.localTime(fromMediaTime: media - timeShift)
        guard t.isFinite, t > 0 else { return nil }
        let steps: [EmitterSimulation.Step]
        if model.hasAnimations, let m = model as? CAEmitterLayer {
            steps = Snapshotter.sampledSteps(m, until: t)
        } else {
            steps = [EmitterSimulation.Step(start: 0, end: t, state: EmitterState(e))]
        }
        return EmitterSimulation.content(steps: steps, images: EmitterState.images(e), renderMode: e.renderMode, time: t,
                                         limit: maxParticles)
    }

    /// The emitter's values at the middle of each step from 0 to `t`: its animations applied to
    /// one copy of the model, put back to the model's values before each step.
    static func sampledSteps(_ model: CAEmitterLayer, until t: Double) -> [EmitterSimulation.Step] {
        guard let scratch = model.builtInCopy() as? CAEmitterLayer else { return [] }
        let animations = model.animationStorage?.animations.map { $0.1 } ?? []
        let count = min(max(Int(saturating: (t / emitterStep).rounded(.up)), 1), maxEmitterSteps)
        let dt = t / Double(count)
        var steps: [EmitterSimulation.Step] = []
        steps.reserveCapacity(count)
        for k in 0..<count {
            for a in animations { reset(a, of: scratch, from: model) }
            AnimationEvaluator.apply(model, to: scratch, localTime: (Double(k) + 0.5) * dt, events: nil)
            steps.append(EmitterSimulation.Step(start: Double(k) * dt, end: Double(k + 1) * dt, state: EmitterState(scratch)))
        }
        return steps
    }
}
