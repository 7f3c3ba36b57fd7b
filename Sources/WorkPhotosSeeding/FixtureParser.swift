import Foundation
import NameMatching
import WorkPhotos
import LocatedYAML
import Yams

/// Reads a fixture from YAML, checking every value and locating every error in the file.
///
/// It walks Yams' composed nodes rather than decoding with Codable so that each error carries the
/// line and column of the offending node, and so that a mistyped key (`lattitude`) is an error
/// with a suggestion instead of being silently ignored.
public struct FixtureParser {
    public static let maxPixels = 16_777_216
    public static let maxGenerated = 1_000_000
    /// All the photos of a fixture together: 64 megapixels, about 192 MB of pixels to write.
    public static let maxTotalPixels = 67_108_864
    /// Pixels painted, counting each step over a photo's pixels: bounds a seeding's time.
    public static let maxPaintWork = 268_435_456

    private let reader: YAMLReader

    private init(file: String, text: String) {
        self.reader = YAMLReader(file: file, text: text)
    }

    /// Parses `text`, the contents of `file` (used in error messages only).
    public static func parse(_ text: String, file: String) throws(FixtureError) -> Fixture {
        let parser = FixtureParser(file: file, text: text)
        let root = try parser.reader.root()
        guard let root else {
            throw parser.reader.error("the fixture is empty; expected keys such as photos, workLocations, authorization", at: nil)
        }
        do {
            return try parser.fixture(root)
        } catch let error as FixtureError {
            throw error
        } catch {
            throw parser.reader.error("\(error)", at: nil)
        }
    }

    // MARK: - The fixture's shape

    private func fixture(_ root: Node) throws -> Fixture {
        let keys = try mapping(root, "the fixture", required: [], optional: ["authorization", "workLocations", "photos", "generate"])
        let authorization = try keys.optional("authorization").map(authorization) ?? .notDetermined
        let locations = try keys.optional("workLocations").map { try sequence($0, "workLocations").enumerated().map(workLocation) } ?? []
        let photoNodes = try keys.optional("photos").map { try sequence($0, "photos") } ?? []
        let photos = try photoNodes.enumerated().map(photo)
        let generated = try keys.optional("generate").map(generate)
        try checkBudget(photos, nodes: photoNodes, generated: generated, generateNode: keys.optional("generate"))
        try checkUniqueNames(photos, nodes: photoNodes, generated: generated)
        return Fixture(authorization: authorization, workLocations: locations, photos: photos, generated: generated)
    }

    private func authorization(_ node: Node) throws -> PhotoAuthorization {
        let raw = try string(node, "authorization")
        guard let value = PhotoAuthorization(rawValue: raw) else {
            let names = PhotoAuthorization.allCases.map(\.rawValue)
            throw error("authorization \"\(raw)\" is not one of \(names.joined(separator: ", "))" + hint(raw, names), at: node)
        }
        return value
    }

    private func workLocation(_ index: Int, _ node: Node) throws -> WorkLocation {
        let what = "work location \(index + 1)"
        let keys = try mapping(node, what, required: ["name", "latitude", "longitude", "radius"], optional: [])
        return WorkLocation(
            name: try string(keys["name"], "\(what) name"),
            coordinate: try coordinate(keys, what),
            radius: try number(keys["radius"], "\(what) radius (metres)", in: 0.001...20_000_000)
        )
    }

    private func photo(_ index: Int, _ node: Node) throws -> PhotoSpec {
        let what = "photo \(index + 1)"
        let keys = try mapping(node, what, required: ["name", "taken", "place", "latitude", "longitude", "width", "height", "pixels"], optional: [])
        let (width, height) = try size(keys, what)
        return PhotoSpec(
            name: try name(keys["name"], "\(what) name"),
            takenAt: try date(keys["taken"], "\(what) taken"),
            coordinate: try coordinate(keys, what),
            place: try string(keys["place"], "\(what) place"),
            width: width, height: height,
            paint: try paint(keys["pixels"], what)
        )
    }

    private func generate(_ node: Node) throws -> GeneratedPhotos {
        let keys = try mapping(node, "generate", required: ["count", "start", "interval", "width", "height", "templates"], optional: [])
        let (width, height) = try size(keys, "generate")
        let templateNodes = try sequence(keys["templates"], "generate templates")
        guard !templateNodes.isEmpty else { throw error("generate templates is empty; give at least one template", at: keys["templates"]) }
        let templates = try templateNodes.enumerated().map { index, node in
            let what = "template \(index + 1)"
            let keys = try mapping(node, what, required: ["name", "place", "latitude", "longitude", "pixels"], optional: [])
            return GeneratedPhotos.Template(
                name: try name(keys["name"], "\(what) name"), coordinate: try coordinate(keys, what),
                place: try string(keys["place"], "\(what) place"), paint: try paint(keys["pixels"], what)
            )
        }
        return GeneratedPhotos(
            count: try integer(keys["count"], "generate count", in: 1...Self.maxGenerated),
            start: try date(keys["start"], "generate start"),
            interval: try number(keys["interval"], "generate interval (seconds)", in: 0...31_536_000),
            width: width, height: height, templates: templates
        )
    }

    private func coordinate(_ keys: Fields, _ what: String) throws -> Coordinate {
        Coordinate(
            latitude: try number(keys["latitude"], "\(what) latitude", in: -90...90),
            longitude: try number(keys["longitude"], "\(what) longitude", in: -180...180)
        )
    }

    private func size(_ keys: Fields, _ what: String) throws -> (Int, Int) {
        let width = try integer(keys["width"], "\(what) width", in: 1...8192)
        let height = try integer(keys["height"], "\(what) height", in: 1...8192)
        guard width * height <= Self.maxPixels else {
            throw error("\(what) is \(width)x\(height), over the limit of \(Self.maxPixels) pixels", at: keys["height"])
        }
        return (width, height)
    }

    /// `pixels:` is a list of steps, each a one-key mapping: `fill`, `rect` or `gradient`.
    private func paint(_ node: Node, _ what: String) throws -> [PaintStep] {
        try sequence(node, "\(what) pixels").map { step in
            guard let pairs = step.mapping, pairs.count == 1, let (keyNode, value) = pairs.first, let key = keyNode.string else {
                throw error("each step of \(what) pixels is one of fill: COLOR, rect: {...}, gradient: {...}", at: step)
            }
            switch key {
            case "fill":
                return .fill(try color(value, "\(what) fill"))
            case "rect":
                let keys = try mapping(value, "\(what) rect", required: ["x", "y", "width", "height", "color"], optional: [])
                return .rect(
                    x: try integer(keys["x"], "rect x", in: -8192...8192), y: try integer(keys["y"], "rect y", in: -8192...8192),
                    width: try integer(keys["width"], "rect width", in: 0...8192),
                    height: try integer(keys["height"], "rect height", in: 0...8192),
                    color: try color(keys["color"], "rect color")
                )
            case "gradient":
                let keys = try mapping(value, "\(what) gradient", required: ["from", "to"], optional: ["direction"])
                let direction = try keys.optional("direction").map { try string($0, "gradient direction") } ?? "horizontal"
                guard ["horizontal", "vertical"].contains(direction) else {
                    throw error("gradient direction \"\(direction)\" is not horizontal or vertical", at: keys["direction"])
                }
                return .gradient(
                    from: try color(keys["from"], "gradient from"), to: try color(keys["to"], "gradient to"),
                    vertical: direction == "vertical"
                )
            default:
                throw error("unknown pixel step \"\(key)\" in \(what)" + hint(key, ["fill", "rect", "gradient"]) + "; steps are fill, rect, gradient", at: keyNode)
            }
        }
    }

    /// Seeding must end in reasonable time and space: total pixels and total painting are capped.
    private func checkBudget(_ photos: [PhotoSpec], nodes: [Node], generated: GeneratedPhotos?, generateNode: Node?) throws {
        var pixels = 0, work = 0
        func add(_ count: Int, _ photoPixels: Int, steps: Int, at node: Node, _ what: String) throws {
            let (newPixels, overflow) = photoPixels.multipliedReportingOverflow(by: count)
            let (newWork, workOverflow) = newPixels.multipliedReportingOverflow(by: max(1, steps))
            pixels = overflow ? .max : min(.max / 2, pixels + newPixels)
            work = workOverflow ? .max : min(.max / 2, work + newWork)
            if pixels > Self.maxTotalPixels {
                throw error("\(what) brings the fixture past \(Self.maxTotalPixels) pixels in all; make the photos smaller or fewer", at: node)
            }
            if work > Self.maxPaintWork {
                throw error("\(what) brings the fixture past \(Self.maxPaintWork) painted pixels (pixels times steps); use fewer steps or smaller photos", at: node)
            }
        }
        for (index, (photo, node)) in zip(photos, nodes).enumerated() {
            try add(1, photo.width * photo.height, steps: photo.paint.count, at: node.mapping?["pixels"] ?? node, "photo \(index + 1)")
        }
        if let generated, let generateNode {
            let steps = generated.templates.map(\.paint.count).max() ?? 1
            try add(generated.count, generated.width * generated.height, steps: steps, at: generateNode.mapping?["count"] ?? generateNode, "generate")
        }
    }

    private func checkUniqueNames(_ photos: [PhotoSpec], nodes: [Node], generated: GeneratedPhotos?) throws {
        var firstLine: [String: Int] = [:]
        for (photo, node) in zip(photos, nodes) {
            let nameNode = node.mapping?["name"]
            if let line = firstLine[photo.name] {
                throw error("photo name \"\(photo.name)\" is used twice (first on line \(line))", at: nameNode ?? node)
            }
            firstLine[photo.name] = nameNode?.mark?.line ?? 0
            if let generated, let template = generated.templates.first(where: { photo.name.hasPrefix($0.name + "-") }),
               let number = Int(photo.name.dropFirst(template.name.count + 1)), (1...generated.count).contains(number) {
                throw error("photo name \"\(photo.name)\" is also made by generate template \"\(template.name)\"", at: nameNode ?? node)
            }
        }
    }

    // MARK: - Values

    /// A mapping's values by key, after `mapping(_:_:required:optional:)` checked them.
    private struct Fields {
        let node: Node
        let values: [String: Node]

        /// A required key's value (checked present; the mapping itself stands in if it were not).
        subscript(key: String) -> Node { values[key] ?? node }

        func optional(_ key: String) -> Node? { values[key] }
    }

    private func mapping(_ node: Node, _ what: String, required: [String], optional: [String]) throws -> Fields {
        Fields(node: node, values: try reader.mapping(node, what, required: required, optional: optional))
    }

    private func sequence(_ node: Node, _ what: String) throws -> [Node] {
        try reader.sequence(node, what)
    }

    private func string(_ node: Node, _ what: String) throws -> String {
        guard case let .scalar(scalar) = node else { throw error("\(what) should be text", at: node) }
        return scalar.string
    }

    private func name(_ node: Node, _ what: String) throws -> String {
        let value = try string(node, what)
        guard !value.isEmpty, !value.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw error("\(what) \"\(value)\" should be one word without spaces", at: node)
        }
        return value
    }

    private func number(_ node: Node, _ what: String, in range: ClosedRange<Double>) throws -> Double {
        let raw = try string(node, what)
        guard let value = Double(raw), value.isFinite else { throw error("\(what) should be a number, not \"\(raw)\"", at: node) }
        guard range.contains(value) else {
            throw error("\(what) \(raw) is out of range \(Self.format(range.lowerBound))...\(Self.format(range.upperBound))", at: node)
        }
        return value
    }

    private func integer(_ node: Node, _ what: String, in range: ClosedRange<Int>) throws -> Int {
        let raw = try string(node, what)
        guard let value = Int(raw) else { throw error("\(what) should be a whole number, not \"\(raw)\"", at: node) }
        guard range.contains(value) else { throw error("\(what) \(raw) is out of range \(range.lowerBound)...\(range.upperBound)", at: node) }
        return value
    }

    private func date(_ node: Node, _ what: String) throws -> Date {
        let raw = try string(node, what)
        guard let date = StrictDate.parse(raw) else {
            throw error("\(what) \"\(raw)\" is not a date and time like 2026-06-01T09:05:00Z (a real day, hours 00-23, minutes and seconds 00-59, Z or an offset from -18:00 to +18:00)", at: node)
        }
        return date
    }

    private func color(_ node: Node, _ what: String) throws -> RGB {
        let raw = try string(node, what)
        guard let color = RGB(hex: raw) else { throw error("\(what) \"\(raw)\" is not a colour like \"#D62828\"", at: node) }
        return color
    }

    // MARK: - Errors

    private func hint(_ name: String, _ candidates: [String]) -> String {
        Suggestion.didYouMean(name, in: candidates)
    }

    private func error(_ message: String, at node: Node) -> FixtureError {
        reader.error(message, at: node)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
