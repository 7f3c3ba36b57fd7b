/// Draws a screen as text. Controls are numbered in the order `Screen.controls` gives.
///
/// The same text goes to a person's terminal and into every automation frame, so a failing flow
/// shows exactly what a person would have seen.
public enum Renderer {
    /// How many characters wide the rules above and below a screen are (element lines are not cut
    /// to it).
    public static let width = 48

    /// How many characters across a picture is drawn in a colour terminal, at most.
    public static let pictureColumns = 40
    /// How many lines down a picture is drawn in a colour terminal, at most (two pixels a line).
    public static let pictureRows = 12

    /// The screen as text: a rule with the title; each element drawn on its lines, controls
    /// numbered from `[1]` (behind an alert, none are: the alert's buttons are); which rows of a
    /// long list are shown; the alerts; a closing rule. Control characters in any text are drawn
    /// as symbols (`␛`, `␤`), so text from a store cannot move the cursor.
    ///
    /// - Parameters:
    ///   - screen: the screen to draw; it is not changed (control characters are replaced in the
    ///     drawing only).
    ///   - pictures: the pictures of image elements, for a colour terminal only: each is drawn in
    ///     half blocks under its image's description. Frames never pass any.
    public static func render(_ screen: Screen, pictures: ((String) -> TerminalPicture?)? = nil) -> String {
        let screen = visible(screen)
        // One string, each line appended to it after a line break: a screen is drawn for every
        // frame, and a string made for each line and piece of one, then joined, was most of it.
        var text = ""
        text.reserveCapacity(80 * (screen.elements.count + 3))
        rule(title: screen.title, into: &text)
        let alert = screen.topAlert
        // Controls behind an alert get no numbers: only the alert's buttons can be used.
        var number = alert == nil ? 1 : 0
        for element in screen.elements where element.kind != .alert {
            draw(element, number: &number, into: &text)
            if element.kind == .image, let picture = pictures?(element.identifier) {
                for row in picture.halfBlocks(columns: pictureColumns, rows: pictureRows) { text += "\n     " + row }
            }
        }
        if let list = screen.list {
            let shown = screen.elements.filter { $0.kind == .cell }.count
            text += "\n     rows \(list.first + 1)–\(list.first + shown) of \(list.total)  (more, scroll up|top|bottom|<row>)"
        }
        for element in screen.elements where element.kind == .alert {
            var alertNumber = element == alert ? 1 : 0
            drawAlert(element, number: &alertNumber, into: &text)
        }
        text += "\n"
        text += dashes(width)
        return text
    }

    /// Appends the element's lines, each after a line break.
    private static func draw(_ element: Element, number: inout Int, into text: inout String) {
        let tag = element.kind.isControl ? nextTag(&number) : "     "
        switch element.kind {
        case .staticText:
            guard !element.label.isEmpty else { return }
            text += "\n"
            text += tag
            text += element.label
        case .textField, .secureTextField:
            let filled = !(element.value ?? "").isEmpty
            text += "\n"
            text += tag
            text += element.label
            text += ": "
            // A secure field is drawn as the mask whatever its value says.
            text += !filled ? "(empty)" : element.isSecure ? Element.secureMask : element.value ?? ""
            if element.isFocused { text += "  ◂" }
            disabledNote(element, into: &text)
        case .button:
            text += "\n"
            text += tag
            text += "< "
            text += element.label
            text += " >"
            disabledNote(element, into: &text)
        case .cell:
            text += "\n"
            text += tag
            // A row that can be selected shows its state either way; one selected shows it always.
            text += element.isSelected ? "[x] " : element.isSelectable ? "[ ] " : ""
            text += element.rowText
            disabledNote(element, into: &text)
        case .image:
            text += "\n"
            text += tag
            text += "[image: "
            text += element.label
            text += "]"
            for child in element.children {
                text += "\n     "
                text += child.label
            }
        case .alert:
            return  // drawn over the screen, after every other element: see render(_:)
        }
    }

    private static func drawAlert(_ alert: Element, number: inout Int, into text: inout String) {
        text += "\n   ╭─ \(alert.label) " + dashes(max(2, width - alert.label.count - 7))
        for child in alert.children where child.kind == .staticText && !child.label.isEmpty {
            text += "\n   │ " + child.label
        }
        let buttons = alert.children.filter { $0.kind == .button }.map { button in
            "\(alertTag(&number))< \(button.label) >"
        }
        // A progress overlay has no buttons: nothing to press, it goes when its work ends.
        if !buttons.isEmpty { text += "\n   │ " + buttons.joined(separator: "   ") }
        text += "\n   ╰" + dashes(width - 4)
    }

    /// `[n] ` for the next numbered control, or blank padding when numbering is off (0).
    private static func nextTag(_ number: inout Int) -> String {
        guard number > 0 else { return "     " }
        defer { number += 1 }
        return number < madeTags.count ? madeTags[number] : tag(number)
    }

    private static func tag(_ number: Int) -> String {
        let tag = "[\(number)]"
        return tag + String(repeating: " ", count: max(1, 5 - tag.count))
    }

    /// The tags of the first controls, made once, as every screen draws them.
    private static let madeTags = (0..<100).map(tag)

    private static func alertTag(_ number: inout Int) -> String {
        guard number > 0 else { return "" }
        defer { number += 1 }
        return "[\(number)] "
    }

    private static func disabledNote(_ element: Element, into text: inout String) {
        if !element.isEnabled { text += "  (disabled)" }
    }

    /// The screen with every control character in its text shown as a symbol (ESC as ␛, a line
    /// break as ␤): text from a store or a launch argument can never move the cursor, clear the
    /// terminal or break a frame's layout. Elements keep their text as it is; only drawing changes.
    static func visible(_ screen: Screen) -> Screen {
        func hasControl(_ text: String) -> Bool { Self.hasControl(text) }
        func needsChange(_ element: Element) -> Bool {
            hasControl(element.label) || element.value.map(hasControl) == true || element.children.contains(where: needsChange)
        }
        guard hasControl(screen.title) || screen.elements.contains(where: needsChange) else { return screen }
        func clean(_ element: Element) -> Element {
            var element = element
            element.label = visible(element.label)
            element.value = element.value.map(visible)
            element.children = element.children.map(clean)
            return element
        }
        return Screen(title: visible(screen.title), elements: screen.elements.map(clean), list: screen.list)
    }

    /// Whether `text` holds a control character (Unicode's Cc: C0, DEL, C1), read from its UTF-8
    /// bytes: a C1 control is 0xC2 then 0x80...0x9F. (Asking each scalar's general category cost
    /// a tenth of drawing a screen.)
    static func hasControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            var previous: UInt8 = 0
            for byte in utf8 {
                if byte < 0x20 || byte == 0x7F || previous == 0xC2 && byte < 0xA0 && byte >= 0x80 { return true }
                previous = byte
            }
            return false
        }
    }

    /// `text` with C0 controls as their Unicode control pictures (U+2400...), DEL as ␡, and C1
    /// controls as �.
    static func visible(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: scalars.append("␤")
            case 0x00..<0x20: scalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "�")
            case 0x7F: scalars.append("␡")
            case 0x80..<0xA0: scalars.append("�")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private static func rule(title: String, into text: inout String) {
        let head = "── \(title) "
        text += head
        text += dashes(max(2, width - head.count))
    }

    /// `count` rule characters; those up to the width made once, as every screen draws them.
    private static func dashes(_ count: Int) -> String {
        count < madeDashes.count ? madeDashes[count] : String(repeating: "─", count: count)
    }

    private static let madeDashes = (0...width).map { String(repeating: "─", count: $0) }
}
