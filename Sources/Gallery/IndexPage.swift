import Foundation
import OpenQuartzCore

/// The gallery's index.html: one section per figure with the picture at its size in points,
/// the caption, the Swift code and the scene file. Self-contained (inline CSS, no scripts).
enum IndexPage {
    static func html(for figures: [Figure], animated: [AnimatedFigure] = []) -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>OpenQuartzCore gallery: iOS Core Animation, chapters 4 and 5</title>
        <style>
        body { font: 15px/1.45 -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em; color: #222; }
        section { border-top: 1px solid #ccc; padding: 1.5em 0; }
        h2 { font-size: 1.2em; margin: 0 0 .5em; }
        figure { margin: 0 0 1em; }
        figcaption { max-width: 60em; margin-top: .5em; }
        img { border: 1px solid #ddd; max-width: 100%; height: auto; }
        details { margin: .4em 0; }
        summary { cursor: pointer; font-weight: 600; }
        pre { background: #f6f6f6; padding: .8em; overflow-x: auto; font: 12.5px/1.4 Menlo, Consolas, monospace; }
        nav a { margin-right: .8em; white-space: nowrap; }
        </style>
        </head>
        <body>
        <h1>iOS Core Animation, chapters 4 and 5, rendered by OpenQuartzCore</h1>
        <p>Each figure is built twice: in Swift with OpenUIKit's <code>UIView</code> and OpenQuartzCore's CALayer
        API, following the book's Objective-C listing line by line, and as a scene file that <code>oqc render</code>
        draws; the tests check that both give the same pixels. Pictures the book loads from files are painted
        in code, and the listings ask for them with <code>UIImage.standIn(named:)</code> where the book calls
        <code>UIImage(named:)</code>.</p>
        <p>In the Swift code, a subclass's <code>init</code> lays out what the book built in Interface Builder and
        <code>viewDidLoad()</code> follows the book's listing. <code>Label</code> stands in for <code>UILabel</code>
        (with its iOS 6 defaults: 17-point system font, black text on white): its <code>text</code>,
        <code>textAlignment</code> and <code>font</code> go to a <code>CATextLayer</code> centred vertically in the
        label, which a scene file can spell, where <code>UILabel</code> draws its text into its own bitmap.</p>
        <nav>
        """
        for f in figures { out += "<a href=\"#fig\(f.id)\">\(escape(f.id))</a>" }
        for f in animated { out += "<a href=\"#\(escape(f.id))\">\(escape(f.id))</a>" }
        out += "</nav>\n"
        for f in figures {
            let listing = f.listing.map { " (listing \(escape($0)))" } ?? ""
            out += section(anchor: "fig" + f.id, heading: "Figure \(escape(f.id)): \(escape(f.title))\(listing)",
                           image: f.imageFileName, size: f.canvas.size, alt: f.title, caption: f.caption,
                           swift: f.swiftSource, sceneFile: f.sceneFile, scene: f.sceneSource)
        }
        if !animated.isEmpty {
            out += """
            <h1>Animations</h1>
            <p>Each animation is built in Swift and as a scene file under <code>Examples/animated/</code>; the tests
            check that both give the same frames. They are animated PNGs of \(animated[0].frameCount) frames at
            \(animated[0].rate.description), rendered by <code>CAImageRenderer.frames(for:from:rate:range:)</code>;
            <code>oqc animate</code> renders the scene files the same way.</p>

            """
        }
        for f in animated {
            out += section(anchor: f.id, heading: escape(f.title), image: f.imageFileName, size: f.canvas.size, alt: f.title,
                           caption: f.caption, swift: f.swiftSource, sceneFile: f.sceneFile, scene: f.sceneSource)
        }
        out += "</body>\n</html>\n"
        return out
    }

    /// One figure's section: its picture at its size in points, caption, Swift code and scene
    /// file (`heading` is HTML already).
    static func section(anchor: String, heading: String, image: String, size: CGSize, alt: String, caption: String,
                        swift: String, sceneFile: String, scene: String) -> String {
        """
        <section id="\(escape(anchor))">
        <h2>\(heading)</h2>
        <figure>
        <img src="\(escape(image))" width="\(Int(size.width))" height="\(Int(size.height))" alt="\(escape(alt))">
        <figcaption>\(escape(caption))</figcaption>
        </figure>
        <details open><summary>Swift</summary><pre><code>\(escape(swift))</code></pre></details>
        <details><summary>Scene file Examples/\(escape(sceneFile))</summary><pre><code>\(escape(scene))</code></pre></details>
        </section>

        """
    }

    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
