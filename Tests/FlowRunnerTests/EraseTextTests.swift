import Foundation
import Testing

/// `eraseText` empties a field, and fails on what is not one.
@Suite(.serialized)
struct EraseTextTests {
    @Test func eraseTextEmptiesAField() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/erase.yaml", """
            name: Erase
            steps:
              - type: {textField: Username, text: alice}
              - assertVisible: {textField: Username, value: alice}
              - eraseText: Username
              - assertVisible: {textField: Username, value: ""}
            """)
        let output = try workspace.flow(["run"])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func eraseTextOnSomethingThatIsNotAFieldFails() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/erase.yaml", """
            name: Erase a button
            steps:
              - type: {textField: Username, text: test}
              - type: {secureTextField: Password, text: "1234"}
              - eraseText: {button: Login, enabled: true}
            """)
        let output = try workspace.flow(["run"])
        #expect(output.status == 1)
        #expect(output.stdout.contains(#"Flows/erase.yaml:5:5: error: eraseText: replace the text of button "Login" (enabled) with "" failed: the app refused it: "Login" is not a text field"#), "\(output.stdout)")
    }
}
