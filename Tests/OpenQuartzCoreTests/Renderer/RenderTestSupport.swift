import Foundation
import Raster
import OpenQuartzCore

/// A rendered canvas with readable pixels for tests.
struct Rendered {
    let surface: Surface
    let scale: CGFloat

    init(_ layer: CALayer, width: CGFloat, height: CGFloat, scale: CGFloat = 1, background: CGColor? = nil,
         renderer: CAImageRenderer? = nil) {
        let r = renderer ?? CAImageRenderer(size: CGSize(width: width, height: height), scale: scale, background: background)
        surface = Surface(width: r.pixelWidth, height: r.pixelHeight)
        r.render(layer, into: surface)
        self.scale = scale
    }

    /// Premultiplied (r, g, b, a) of the pixel at device (x, y), 0…255.
    func rgba(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let p = surface.pixel(x: x, y: y)
        return (Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF), Int(p >> 24))
    }

    /// The pixel containing the canvas point (x, y) in points.
    func at(_ x: CGFloat, _ y: CGFloat) -> (r: Int, g: Int, b: Int, a: Int) {
        rgba(Int((x * scale).rounded(.down)), Int((y * scale).rounded(.down)))
    }

    func alpha(_ x: Int, _ y: Int) -> Double { Double(rgba(x, y).a) / 255 }
}

/// A plain layer with a frame and a background colour.
func makeLayer(_ frame: CGRect, _ color: CGColor? = nil, name: String? = nil) -> CALayer {
    let l = CALayer()
    l.frame = frame
    l.backgroundColor = color
    l.name = name
    return l
}

/// A root layer covering a canvas of the given size, as a scene file's root is.
func makeRoot(_ width: CGFloat, _ height: CGFloat) -> CALayer {
    makeLayer(CGRect(x: 0, y: 0, width: width, height: height))
}

let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
let white = CGColor(gray: 1, alpha: 1)
let black = CGColor(gray: 0, alpha: 1)
let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

/// The standard normal distribution function, for expected shadow profiles.
func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
