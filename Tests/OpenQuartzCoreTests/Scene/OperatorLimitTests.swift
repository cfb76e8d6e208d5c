import Foundation
import Testing
import OpenQuartzCore
import TestSupport

/// Every limit is declared once (OperatorLimit): each sets exactly one field of SceneLimits or
/// RenderBudget and every field has one, the structures' defaults are the declared ones, and
/// docs/limits.md lists every flag with its default as declared.
@Suite struct OperatorLimitTests {
    /// The stored fields of a value, by label (Mirror).
    static func fields<T>(_ v: T) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: v).children.compactMap { c in
            (c.value as? Int).flatMap { value in c.label.map { ($0, value) } }
        })
    }

    @Test func eachLimitSetsOneFieldAndEveryFieldHasALimit() {
        var covered: [String] = []
        for limit in OperatorLimit.all {
            var limits = SceneLimits.default, budget = RenderBudget.default
            limit.set(123_456_789, in: &limits, &budget)
            #expect(limit.value(in: limits, budget) == 123_456_789)
            let before = Self.fields(SceneLimits.default).merging(Self.fields(RenderBudget.default)) { a, _ in a }
            let after = Self.fields(limits).merging(Self.fields(budget)) { a, _ in a }
            let changed = after.filter { before[$0.key] != $0.value }.map(\.key)
            #expect(changed.count == 1, "\(limit.flag) changed \(changed)")
            #expect(limit.stage == (Self.fields(limits) != Self.fields(SceneLimits.default) ? .reading : .rendering))
            covered += changed
        }
        let all = Set(Self.fields(SceneLimits.default).keys).union(Self.fields(RenderBudget.default).keys)
        #expect(Set(covered) == all)
        #expect(covered.count == all.count)
        #expect(Set(OperatorLimit.all.map(\.flag)).count == OperatorLimit.all.count)
    }

    /// The defaults are the declared ones, in the structures and through their initializers.
    @Test func defaultsAreTheDeclaredOnes() {
        for limit in OperatorLimit.all {
            #expect(limit.value(in: SceneLimits(), RenderBudget()) == limit.defaultValue, "\(limit.flag)")
        }
        #expect(SceneLimits(maxDepth: 7).maxLayers == OperatorLimit.layers.defaultValue)
        #expect(OperatorLimit.canvasSide.defaultValue == 16384 && OperatorLimit.imagePixels.defaultText == "100M")
        #expect(OperatorLimit.offscreenDepth.defaultText == "32" && OperatorLimit.depth.ceiling == 20_000)
    }

    /// docs/limits.md has a row per flag, `FLAG VALUE` then its default as the help writes it.
    @Test func limitsArticleListsEveryFlag() throws {
        let root = Repository.root.path
        let article = try String(contentsOfFile: root + "/docs/limits.md", encoding: .utf8)
        for limit in OperatorLimit.all {
            #expect(article.contains("| `\(limit.flag) \(limit.valueName)` | \(limit.defaultText) |"), "\(limit.flag)")
        }
    }
}
