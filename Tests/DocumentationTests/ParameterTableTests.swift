import FlowKit
import Foundation
import Testing

/// The guide's table of robot action parameters says, for each helper, the YAML key it makes and
/// the value it takes, as the helper's own declaration has them: each row is checked against the
/// parameter the helper builds, and every helper has its row.
struct ParameterTableTests {
    /// Each helper as the table writes it, and the parameter it builds.
    static let helpers: [(code: String, spec: ActionParameter)] = [
        (#"`.text("name", "summary")`"#, Parameter<String>.text("name", "summary").spec),
        (#"`.text("name", "summary", secret: true)`"#, Parameter<String>.text("name", "summary", secret: true).spec),
        (#"`.text("name", "summary", defaultVariable: "test.user")`"#, Parameter<String?>.text("name", "summary", defaultVariable: "test.user").spec),
        (#"`.integer("name", "summary", minimum: 1)`"#, Parameter<Int>.integer("name", "summary", minimum: 1).spec),
        (#"`.count("summary")`"#, Parameter<Int>.count("summary").spec),
        (#"`.position()`"#, Parameter<Int>.position().spec),
        (#"`.boolean("name", "summary")`"#, Parameter<Bool>.boolean("name", "summary").spec),
        (#"`.positions()`"#, Parameter<[Int]>.positions().spec),
    ]

    static let article = DocCommentTests.root.appendingPathComponent("Sources/FlowCommandLine/FlowCommandLine.docc/AdoptingTheToolkit.md")

    /// The table's rows (those whose first cell is a helper), as their cells.
    static func rows(in markdown: String) -> [[String]] {
        markdown.components(separatedBy: "\n").filter { $0.hasPrefix("| `.") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func everyRowSaysTheKeyAndTheValueItsHelperMakes() throws {
        let rows = Self.rows(in: try String(contentsOf: Self.article, encoding: .utf8))
        #expect(rows.map { $0.first ?? "" } == Self.helpers.map(\.code), "one row a helper, in this order")
        for row in rows {
            guard let spec = Self.helpers.first(where: { $0.code == row.first })?.spec, row.count == 4 else {
                Issue.record("a row the test does not know, or without its four cells: \(row)")
                continue
            }
            #expect(row[1] == "`\(spec.name)`" + (spec.isOptional ? ", optional" : ""), "\(row)")
            #expect(row[2].hasPrefix(spec.kind.description), "\(row)")
            #expect(row[2].contains("never printed") == spec.isSecret, "\(row)")
            #expect(row[2].contains("${\(spec.defaultVariable ?? "")}") == (spec.defaultVariable != nil), "\(row)")
        }
    }

    /// The guide's line on an optional parameter: `.integer` given to a closure that takes an
    /// `Int?` (`$1 ?? 1`) is the optional helper, whose key a step may leave out.
    @Test func anOptionalParameterIsTheOneTheClosureTakesAsOptional() throws {
        let action = try #require(RobotCatalog([TallyRobot.yaml]).action("Tally", "increment"))
        #expect(action.parameters.map(\.name) == ["times"])
        #expect(action.parameters.first?.isOptional == true)
    }

    @Test func aRowThatSaysAnotherKeyIsCaught() {
        let rows = Self.rows(in: "| `.count(\"summary\")` | `number` | a whole number | `Int` |\n")
        #expect(rows == [["`.count(\"summary\")`", "`number`", "a whole number", "`Int`"]])
        #expect(rows[0][1] != "`\(Parameter<Int>.count("summary").spec.name)`")
    }
}

/// A tally counter's robot, for the guide's line on an optional parameter: never driven.
final class TallyRobot: Robot {
    override class var screenTitle: String { "Counter" }

    func increment(times: Int) {}

    static let yaml = RobotActions<TallyRobot> {
        $0.action("increment", "Taps Increment, TIMES times (once when left out).", .integer("times", "how many taps", minimum: 1)) { $0.increment(times: $1 ?? 1) }
    }
}
