import Testing
@testable import TextUI

struct RendererTests {
    @Test func drawsEveryKindOfElementWithNumberedControls() {
        let screen = Screen(title: "Sample", elements: [
            .text("Welcome"),
            .textField("Username", value: "alice", isFocused: true),
            .secureField("Password", isFilled: true),
            .textField("Note", value: ""),
            .button("Login"),
            .button("Upload", isEnabled: false),
            .cell("photo-1", label: "Mon 2 Jun", value: "Office", isSelected: true),
            .image("preview", label: "red square", rows: ["##", "##"]),
            .text("", identifier: "results"),
        ])

        #expect(Renderer.render(screen) == """
            ── Sample ──────────────────────────────────────
                 Welcome
            [1]  Username: alice  ◂
            [2]  Password: ••••••••
            [3]  Note: (empty)
            [4]  < Login >
            [5]  < Upload >  (disabled)
            [6]  [x] Mon 2 Jun  Office
                 [image: red square]
                 ##
                 ##
            ────────────────────────────────────────────────
            """)
    }

    @Test func inSelectionModeEveryRowShowsWhetherItIsSelected() {
        let screen = Screen(title: "Photos", elements: [
            .button("Select", label: "Done"),
            .cell("photo-1", label: "Mon 1 Jun", value: "Office", isSelected: true, isSelectable: true),
            .cell("photo-2", label: "Tue 2 Jun", value: "Office", isSelectable: true),
            .cell("photo-3", label: "Wed 3 Jun", value: "Home", isSelectable: true, isEnabled: false),
        ])

        #expect(Renderer.render(screen) == """
            ── Photos ──────────────────────────────────────
            [1]  < Done >
            [2]  [x] Mon 1 Jun  Office
            [3]  [ ] Tue 2 Jun  Office
            [4]  [ ] Wed 3 Jun  Home  (disabled)
            ────────────────────────────────────────────────
            """)
    }

    @Test func outsideSelectionModeARowHasNoBox() {
        let screen = Screen(title: "Photos", elements: [.cell("photo-1", label: "Mon 1 Jun", value: "Office")])
        #expect(Renderer.render(screen).contains("\n[1]  Mon 1 Jun  Office\n"))
    }

    @Test func anAlertTakesTheNumbersAndTheScreenBehindItHasNone() {
        let screen = Screen(title: "Photos", elements: [
            .button("Review"),
            .alert("permission", title: "Allow access?", message: "To show your work photos.", buttons: ["Don't Allow", "OK"]),
        ])

        #expect(Renderer.render(screen) == """
            ── Photos ──────────────────────────────────────
                 < Review >
               ╭─ Allow access? ────────────────────────────
               │ To show your work photos.
               │ [1] < Don't Allow >   [2] < OK >
               ╰────────────────────────────────────────────
            ────────────────────────────────────────────────
            """)
    }

    @Test func neverDrawsASecureValue() {
        var field = Element.secureField("Password", isFilled: true)
        field.value = "hunter2"  // even if a careless view put the text in, it is not drawn
        let text = Renderer.render(Screen(title: "Login", elements: [field]))
        #expect(!text.contains("hunter2"))
        #expect(text.contains(Element.secureMask))
    }

    @Test func secureFieldsPublishOnlyAFixedMask() {
        #expect(Element.secureField("Password", isFilled: true).value == "••••••••")
        #expect(Element.secureField("Password", isFilled: false).value == "")
    }
}

struct RendererControlCharacterTests {
    /// A photo's place from a store, a drive folder from a launch argument: whatever the text, the
    /// drawing cannot move the cursor, clear the screen or break the layout.
    @Test func controlCharactersAreDrawnAsSymbolsNeverSentToTheTerminal() {
        let screen = Screen(title: "Bad\u{1B}[2J", elements: [
            .text("place\u{1B}]0;owned\u{07}", identifier: "place"),
            .cell("photo-1", label: "line\nbreak", value: "tab\there\u{7F}\u{9B}"),
            .alert("A", title: "t", message: "m\u{1B}[31m", buttons: ["OK"]),
        ])
        let text = Renderer.render(screen)
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(text.contains("── Bad␛[2J "))
        #expect(text.contains("place␛]0;owned␇"))
        #expect(text.contains("line␤break  tab␉here␡�"))
        #expect(text.contains("│ m␛[31m"))
        #expect(screen.elements[0].label == "place\u{1B}]0;owned\u{07}", "the element itself keeps its text")
    }
}

/// The renderer finds a control character by its UTF-8 bytes; Unicode's general category says
/// which scalars are controls, and the two agree on every scalar, alone and after any other.
struct ControlCharacterTests {
    @Test func theBytesSayWhatTheGeneralCategorySaysForEveryScalar() {
        let scalars = (0...0x10FFFF).lazy.compactMap(Unicode.Scalar.init)
        var controls = 0
        for scalar in scalars {
            let isControl = scalar.properties.generalCategory == .control
            if isControl { controls += 1 }
            #expect(Renderer.hasControl(String(scalar)) == isControl, "U+\(String(scalar.value, radix: 16))")
            // After a scalar whose last byte is 0xC2's neighbour, and after é (0xC3 0xA9).
            #expect(Renderer.hasControl("é" + String(scalar) + "x") == isControl, "é U+\(String(scalar.value, radix: 16))")
        }
        #expect(controls == 65, "C0 (32), DEL and C1 (32)")
    }
}
