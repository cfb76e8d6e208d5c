import Foundation
import Testing
import OpenQuartzCore

@Suite("Scene JSON parser")
struct SceneJSONTests {
    func parse(_ s: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws -> JSONValue {
        try JSONParser.parse(Array(s.utf8), maxDepth: maxDepth)
    }

    func syntaxError(_ s: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(Array(s.utf8), maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    @Test func keepsKindsApart() throws {
        #expect(try parse("1") == .int(1))
        #expect(try parse("1.0") == .double(1.0))
        #expect(try parse("1e0") == .double(1.0))
        #expect(try parse("true") == .bool(true))
        #expect(try parse("null") == .null)
        #expect(try parse("-12") == .int(-12))
        if case .double(let z) = try parse("-0") { #expect(z == 0 && z.sign == .minus) } else { Issue.record("-0 not a double") }
    }

    @Test func numbersAreCorrectlyRounded() throws {
        // Expected values are Swift's own correctly rounded Double(String) conversions.
        for text in ["0.1", "0.3", "4.8", "1e-7", "2.5e+3", "123.456e-2", "9007199254740993.0",
                     "1.7976931348623157e308", "5e-324", "0.000000000000000000000000001234",
                     "123456789012345678901234", "3.141592653589793238462643383279"] {
            let v = try parse(text)
            let expected = Double(text)!
            switch v {
            case .double(let d): #expect(d == expected, "\(text)")
            case .int(let i): #expect(Double(i) == expected, "\(text)")
            default: Issue.record("\(text) parsed as \(v)")
            }
        }
        #expect(try parse("9223372036854775807") == .int(Int.max))
        #expect(try parse("9223372036854775808") == .double(9223372036854775808.0))
    }

    @Test func objectsKeepOrderAndStrings() throws {
        let v = try parse(#" { "b" : 1 , "a" : [ ] , "c" : { } , "d": "x\"\\\/\n\u00e9\ud83d\ude00" } "#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o.keys == ["b", "a", "c", "d"])
        #expect(o["a"] == .array([]))
        #expect(o["c"] == .object(JSONObject()))
        #expect(o["d"] == .string("x\"\\/\né😀"))
        #expect(try parse("\"héllo\"") == .string("héllo"))
    }

    @Test func syntaxErrorsSayWhere() {
        #expect(syntaxError("{\"a\": 1,\n \"a\": 2}") == JSONSyntaxError(line: 2, column: 2, message: "duplicate key \"a\""))
        #expect(syntaxError("[1, 2,]") == JSONSyntaxError(line: 1, column: 7, message: "unexpected ']', expected a value"))
        #expect(syntaxError("{\"a\" 1}") == JSONSyntaxError(line: 1, column: 6, message: "unexpected '1' after key \"a\", expected ':'"))
        #expect(syntaxError("[1 2]") == JSONSyntaxError(line: 1, column: 4, message: "unexpected '2' in an array, expected ',' or ']'"))
        #expect(syntaxError("{\"a\": 1") == JSONSyntaxError(line: 1, column: 8, message: "unexpected end of file, expected ',' or '}'"))
        #expect(syntaxError("01") == JSONSyntaxError(line: 1, column: 1, message: "invalid number: leading zero"))
        #expect(syntaxError("1.") == JSONSyntaxError(line: 1, column: 3, message: "invalid number, expected a digit after '.'"))
        #expect(syntaxError("1e999") == JSONSyntaxError(line: 1, column: 1, message: "number out of range"))
        #expect(syntaxError("[NaN]") == JSONSyntaxError(line: 1, column: 2, message: "NaN and infinities are not JSON numbers"))
        #expect(syntaxError("-Infinity") == JSONSyntaxError(line: 1, column: 1, message: "NaN and infinities are not JSON numbers"))
        #expect(syntaxError("tru") == JSONSyntaxError(line: 1, column: 1, message: "invalid literal, expected 'true'"))
        #expect(syntaxError("\"abc") == JSONSyntaxError(line: 1, column: 1, message: "unterminated string"))
        #expect(syntaxError("\"a\tb\"") == JSONSyntaxError(line: 1, column: 3, message: "control character in a string (escape it as \\u0009)"))
        #expect(syntaxError("\"\\x\"") == JSONSyntaxError(line: 1, column: 2, message: "invalid escape '\\x'"))
        #expect(syntaxError("\"\\ud800\"") == JSONSyntaxError(line: 1, column: 2, message: "unpaired surrogate \\uD800"))
        #expect(syntaxError("1 2") == JSONSyntaxError(line: 1, column: 3, message: "unexpected '2' after the JSON value"))
        #expect(syntaxError("") == JSONSyntaxError(line: 1, column: 1, message: "unexpected end of file, expected a value"))
        // Columns count characters, not bytes.
        #expect(syntaxError("[\"é\" x]")?.column == 6)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.int(1)]))
        #expect(throws: JSONSyntaxError(line: 1, column: 3, message: "unexpected end of file, expected ',' or ']'")) {
            try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1".utf8))
        }
    }

    @Test func invalidUTF8IsRefused() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x22]
        #expect(throws: JSONSyntaxError(line: 1, column: 2, message: "invalid UTF-8 in a string")) {
            try JSONParser.parse(bytes)
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
        let e = syntaxError(deep, maxDepth: 10)
        #expect(e?.message == "nesting deeper than 10 levels")
        #expect(e?.isDepthLimit == true)
        #expect(e?.column == 11)
        #expect(syntaxError(String(repeating: "[", count: 10) + String(repeating: "]", count: 10), maxDepth: 10) == nil)
        // A hostile document far deeper than the stack could take is refused, not a crash.
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(syntaxError(hostile)?.isDepthLimit == true)
    }

    @Test func writerRoundTrips() throws {
        let text = #"{"a": [1, 2.5, -0.001, 1e-7, 12345678.9], "b": {"c": true, "d": null}, "e": "q\"\n\u0001é", "f": [{"g": []}]}"#
        let v = try parse(text)
        let written = JSONWriter().string(for: v)
        #expect(try parse(written) == v)
        #expect(JSONWriter.compact(.array([.int(1), .double(0.5), .string("x")])) == #"[1, 0.5, "x"]"#)
    }

    @Test func manySmallBenchSceneParsesQuickly() throws {
        let path = SceneTestSupport.benchScenesDirectory + "/many-small.json"
        let data = try #require(FileManager.default.contents(atPath: path), "the benchmark scene \(path) is missing")
        let bytes = [UInt8](data)
        // This thread's CPU time: wall-clock time counted the machine's load (3.1 s at load 17).
        let start = DrawingBenchmarks.threadMilliseconds()
        let v = (try? JSONParser.parse(bytes)) ?? .null
        let ms = DrawingBenchmarks.threadMilliseconds() - start
        guard case .object(let o) = v, case .array(let layers)? = o["layers"] else { Issue.record("not parsed"); return }
        #expect(layers.count == 20000)
        // Debug builds are ~10x slower than release; this only catches gross regressions.
        #expect(ms < 2000, "\(ms) ms of CPU")
    }
}
