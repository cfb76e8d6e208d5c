/// Bounds on what a decode may allocate, so hostile files fail with an error
/// instead of exhausting memory.
///
/// Dimensions are checked against these limits as soon as the header is read,
/// before anything sized by the image is allocated.
package struct PNGLimits: Sendable, Equatable {
    /// Most pixels (width × height) an image may have.
    package var maxPixels: Int = 100_000_000
    /// Widest image accepted, in pixels.
    package var maxWidth: Int = 1 << 24
    /// Tallest image accepted, in pixels.
    package var maxHeight: Int = 1 << 24

    /// The default limits: 100 Mpx, 2^24 pixels a side.
    package init() {}

    /// Limits with the given pixel count and sides.
    package init(maxPixels: Int, maxWidth: Int = 1 << 24, maxHeight: Int = 1 << 24) {
        self.maxPixels = maxPixels
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
    }

    /// The default limits: 100 Mpx, 2^24 pixels a side.
    package static let `default` = PNGLimits()

    /// The most bytes inflation may produce for any image within these limits:
    /// 8 bytes per pixel (16-bit RGBA) plus 4 per image row, which covers the
    /// filter-type byte of every Adam7 pass row.
    ///
    /// This is a ceiling only. Every decode inflates to the exact size its header
    /// implies and stops there, so a small image carrying a huge zlib stream
    /// (a decompression bomb) costs no more than its header says.
    package var maxDecompressedBytes: Int {
        let rows = min(maxHeight, maxPixels)
        let (pixelBytes, o1) = maxPixels.multipliedReportingOverflow(by: 8)
        let (rowBytes, o2) = rows.multipliedReportingOverflow(by: 4)
        let (total, o3) = pixelBytes.addingReportingOverflow(rowBytes)
        return o1 || o2 || o3 ? Int.max : total
    }
}
