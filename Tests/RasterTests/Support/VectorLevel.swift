import Raster
import CRasterKernels

/// The C kernels' vector path is chosen for the whole process, and test suites run in
/// parallel: a test that forces a path, or checks which one runs, holds this lock.
private let vectorLevelLock = Locked(())

/// Runs `body` with the kernels on `level` (0 plain C, 1 SSE2, 2 AVX2, as far as the CPU
/// goes; −1 the best), then restores the best.
func withVectorLevel<T>(_ level: Int32, _ body: () throws -> T) rethrows -> T {
    try vectorLevelLock.withLock { _ in
        rk_set_vector_level(level)
        defer { rk_set_vector_level(-1) }
        return try body()
    }
}
