import Foundation
import Testing

/// The robots and the screens name every control by a shared identifier (`Identifiers.Photos.select`,
/// or a robot's `ID.select`), never by a string literal: a literal on one side is a copy the other
/// side can drift from. (The words a robot expects to read, `Login failed`, are literals on purpose.)
struct ControlNamesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test func theRobotsNameNoControlByALiteral() throws {
        let files = try Self.swiftFiles(in: "WorkPhotosRobots")
        let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(sources.map { ControlNameLint.robots.sites(in: $0).count }.reduce(0, +) >= 40, "the check reads the robots' queries")
        for (file, source) in zip(files, sources) {
            for finding in ControlNameLint.robots.findings(in: source, file: "WorkPhotosRobots/" + file.lastPathComponent) {
                Issue.record("\(finding) (declare it in WorkPhotosIdentifiers)")
            }
        }
    }

    @Test func theScreensNameNoControlByALiteral() throws {
        let files = try Self.swiftFiles(in: "WorkPhotosUI")
        let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(sources.map { ControlNameLint.screens.sites(in: $0).count }.reduce(0, +) >= 30, "the check reads the screens' elements")
        for (file, source) in zip(files, sources) {
            for finding in ControlNameLint.screens.findings(in: source, file: "WorkPhotosUI/" + file.lastPathComponent) {
                Issue.record("\(finding) (declare it in WorkPhotosIdentifiers)")
            }
        }
    }

    /// The check itself: it finds a literal where a control is named, and nowhere else.
    @Test func theCheckFindsALiteralNameAndOnlyThat() {
        #expect(ControlNameLint.robots.expressions.count == ControlNameLint.robots.rules.count, "every rule compiles")
        #expect(ControlNameLint.screens.expressions.count == ControlNameLint.screens.rules.count, "every rule compiles")
        let robot = """
            app.buttons["Login"].tap()
            app.alerts[ID.deleteAlert].buttons[confirm ? "Delete" : DeleteAlert.refuse].tap()
            AlertDeclaration(identifier: "Progress", title: uploadingTitle, buttons: [])
            buttons: [Identifiers.PhotosAnswerNotSaved.ok, "OK"]
            app.staticTexts[ID.status].assertLabel("8 work photos")
            // app.buttons["Login"] in a comment
            """
        #expect(ControlNameLint.robots.findings(in: robot, file: "R.swift").map(\.line) == [1, 2, 3, 4])
        let screen = """
            .button("Select")
            .button(ID.select, label: model.isSelecting ? "Done" : ID.select)
            .text(model.status, identifier: "status")
            .init("OK") { completion(true) }
            Element(kind: .button, identifier: ID.original, label: "Original", isEnabled: true)
            .text("Dominant colour: \\(model.dominantColour)", identifier: ID.dominantColour)
            .cell($0.identifier, label: $0.date, value: $0.place)
            """
        #expect(ControlNameLint.screens.findings(in: screen, file: "S.swift").map(\.line) == [1, 2, 3, 4, 5])
    }

    private static func swiftFiles(in module: String) throws -> [URL] {
        let folder = sources.appendingPathComponent(module)
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        #expect(!files.isEmpty, "no sources under \(folder.path)")
        return files
    }
}
