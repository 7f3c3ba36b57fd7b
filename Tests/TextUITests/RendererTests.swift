import Testing
import TextUI

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
