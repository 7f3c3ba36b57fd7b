import Foundation

/// Finds the places in Swift sources where a control is named by a string literal rather than by a
/// shared identifier: each rule matches the part of a line that names a control (a query's
/// subscript, an element's identifier, a button's label), and a `"` in that part is a finding.
/// Comment lines are skipped. A line-based check: it reads one line at a time.
struct ControlNameLint {
    struct Finding: Equatable, CustomStringConvertible {
        var file: String
        var line: Int
        var text: String

        var description: String { "\(file):\(line): a control named by a literal: \(text)" }
    }

    /// The parts of a robot that name a control: what `app.buttons[...]` and the other queries look
    /// for, and the alerts the robots declare to the catalog (identifier, title, buttons).
    static var robots: ControlNameLint {
        ControlNameLint(rules: [
            #"\.(buttons|staticTexts|textFields|secureTextFields|cells|images|alerts)\[[^\]]*\]"#,
            #"AlertDeclaration\([^)]*\)?"#,
            #"identifier: [^,)]*"#,
            #"title: [^,)]*"#,
            #"buttons: \[[^\]]*\]"#,
        ])
    }

    /// The parts of a screen that name a control: an element's identifier (the first argument of
    /// `.button`, `.textField`, `.secureField`, `.cell` and `.image`, or an `identifier:`), a
    /// button's label, and an alert button's title.
    static var screens: ControlNameLint {
        ControlNameLint(rules: [
            #"\.(button|textField|secureField|cell|image)\(\s*[^,)]*"#,
            #"identifier: [^,)]*"#,
            #"\.button\([^)]*\)?"#,
            #"Element\(kind: \.button[^)]*\)?"#,
            #"\.init\(\s*[^,)]*"#,
        ])
    }

    let rules: [String]
    /// The rules compiled; one that does not compile is missing here (the tests check none is).
    let expressions: [NSRegularExpression]

    init(rules: [String]) {
        self.rules = rules
        expressions = rules.compactMap { try? NSRegularExpression(pattern: $0) }
    }

    /// The places these rules look at in `source`, each with its line: a check that reads none
    /// checks nothing.
    func sites(in source: String) -> [(line: Int, text: String)] {
        var sites: [(line: Int, text: String)] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            guard !text.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for expression in expressions {
                for match in expression.matches(in: text, range: range) {
                    if let found = Range(match.range, in: text) { sites.append((index + 1, String(text[found]))) }
                }
            }
        }
        return sites
    }

    /// One finding a line, however many rules its literal breaks.
    func findings(in source: String, file: String) -> [Finding] {
        var findings: [Finding] = []
        for site in sites(in: source) where site.text.contains("\"") && findings.last?.line != site.line {
            findings.append(Finding(file: file, line: site.line, text: site.text))
        }
        return findings
    }
}
