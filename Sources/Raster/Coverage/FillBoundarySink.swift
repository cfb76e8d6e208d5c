import CRasterKernels

/// Hands the coverage rasterizer a small fill as the boundary of what it fills
/// (`rk_fill_boundary`, FillBoundary.h) instead of its own edges, so that its cells need no
/// owners and no exact pass: a self-crossing star, or a few overlapping polygons in one path.
///
/// The rasterizer's single pass is exact wherever the winding in a cell takes two adjacent
/// values; where edges cross it can take three (a star's points and middle, 1 and 2, against
/// the outside, 0), so the rasterizer finds where unrelated edges meet (every cell's owner) and
/// redoes those rows exactly (CoverageRasterizer+ExactPass.swift): for the drawing race's
/// stars that was 43 % of a fill's instructions. The boundary's own winding is 0 or 1
/// everywhere and covers the same pixels with either rule, so the single pass is exact on it
/// everywhere. Paths of more than `maxVertices` vertices, and any whose boundary
/// `rk_fill_boundary` cannot tell for sure (edges that touch without crossing, or overlap),
/// are filled as they are.
struct FillBoundarySink: PolylineSink {
    /// Vertices kept in all (the C side takes as many edges).
    static let maxVertices = Int(RK_FILL_BOUNDARY_MAX_EDGES)
    let raster: CoverageRasterizer
    let evenOdd: Bool
    /// The scratch's room for the vertices (x, y), the contours' ends and the boundary's pieces.
    private let points: UnsafeMutablePointer<Double>
    private let ends: UnsafeMutablePointer<Int>
    private var count = 0, contours = 0
    /// More points came than there is room for (`takes` rules that out; kept as a bound).
    private var tooMany = false

    /// Whether `path` is one to try: lines only, and few enough points. (Curves flatten to more
    /// points than that at any size worth drawing; trying them cost a circle 4 % more
    /// instructions, for the points kept and sent again.)
    static func takes(_ path: Path) -> Bool {
        guard path.pointCount <= maxVertices else { return false }
        return !path.verbs.contains { $0 == .quad || $0 == .cubic }
    }

    init(_ raster: CoverageRasterizer, rule: FillRule) {
        self.raster = raster
        evenOdd = rule == .evenOdd
        points = raster.scratch.boundaryPoints
        ends = raster.scratch.boundaryEnds
    }

    mutating func moveTo(_ x: Double, _ y: Double) { add(x, y) }

    mutating func lineTo(_ x: Double, _ y: Double) { add(x, y) }

    mutating func endSubpath(closed: Bool) {
        guard !tooMany else { return }
        ends[contours] = count
        contours += 1
    }

    private mutating func add(_ x: Double, _ y: Double) {
        guard count < Self.maxVertices else { tooMany = true; return }
        points[2 * count] = x; points[2 * count + 1] = y
        count += 1
    }

    /// After the path: hands the rasterizer the boundary's pieces, each a line of its own (not
    /// closed: pieces only close together), and returns true; false when there is none to make
    /// (nothing was sent: the caller fills the path as it is).
    mutating func finish() -> Bool {
        guard !tooMany, contours > 0 else { return false }
        let pieces = raster.scratch.boundaryPieces
        let n = rk_fill_boundary(points, ends, contours, evenOdd ? 1 : 0, pieces)
        guard n >= 0 else { return false }
        raster.windsZeroOrOne = true
        for k in 0..<n {
            raster.moveTo(pieces[4 * k], pieces[4 * k + 1])
            raster.lineTo(pieces[4 * k + 2], pieces[4 * k + 3])
        }
        return true
    }
}
