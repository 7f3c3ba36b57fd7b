import Foundation
import NameMatching

/// A golden screen: a screen kept as plain text in a file a person reviews, to be compared with the
/// screen a later run shows. The one file format of YAML flows (`assertScreen`) and Swift tests
/// (FlowTesting's `assertScreen(matches:)`), so both read and write the same files.
///
/// The file is the header line, a `masked:` line when identifiers are masked, then the screen as a
/// person sees it, then its element tree (``ElementTree``):
///
/// ```text
/// golden screen: the screen as a person sees it, then its elements (kind, identifier, label, value, state)
/// masked: lastUpload
/// ── screen ──
/// ── At a glance ──────────────────────────────────
///      Last upload: «masked»
/// ...
/// ── elements ──
/// screen "At a glance"
///   staticText       "lastUpload"  label "«masked»"
/// ```
///
/// A masked element's label and value are ``placeholder`` in both parts, so a date or a count that
/// changes from run to run is not compared. Lines carry no trailing blanks (an editor that strips
/// them leaves the file as it is), and a file's carriage returns are read as line ends.
public struct GoldenScreen: Sendable, Equatable {
    /// The file's text, ending in a newline.
    public let text: String

    /// The first line of every golden screen file: what it is and how it reads.
    public static let header = "golden screen: the screen as a person sees it, then its elements (kind, identifier, label, value, state)"
    /// What stands for a masked element's label and value.
    public static let placeholder = "«masked»"
    static let maskedPrefix = "masked: "
    static let screenMarker = "── screen ──"
    static let elementsMarker = "── elements ──"

    /// The golden text of `screen`, drawn as `rendered`, with the elements whose identifiers are in
    /// `masking` shown as ``placeholder``. Throws when an identifier to mask is not on the screen
    /// (a misspelt mask would mask nothing and compare the value after all).
    ///
    /// Secrets must be masked already: the text is what a file will hold.
    public init(screen: ScreenSnapshot, rendered: String, masking identifiers: [String] = []) throws(GoldenScreenError) {
        var masked: [String] = []
        for identifier in identifiers where !masked.contains(identifier) { masked.append(identifier) }
        let all = screen.allElements
        for identifier in masked where !all.contains(where: { $0.identifier == identifier }) {
            let names = Array(Set(all.map(\.identifier).filter { !$0.isEmpty })).sorted()
            throw GoldenScreenError.notOnScreen(identifier, nearest: NameMatcher.nearest(to: identifier, in: names), screen: screen.title)
        }
        // Every text a masked element shows, longest first: a label that holds another is replaced whole.
        var hidden: Set<String> = []
        for element in all where masked.contains(element.identifier) {
            for text in [element.label, element.value ?? "", element.rowText] where !text.isEmpty { hidden.insert(text) }
        }
        var drawn = rendered.replacingOccurrences(of: "\r\n", with: "\n")
        for text in hidden.sorted(by: { ($0.count, $0) > ($1.count, $1) }) {
            drawn = drawn.replacingOccurrences(of: text, with: Self.placeholder)
        }
        var tree = screen
        tree.elements = screen.elements.map { Self.mask($0, masked) }
        var lines = [Self.header]
        if !masked.isEmpty { lines.append(Self.maskedPrefix + masked.joined(separator: ", ")) }
        lines.append(Self.screenMarker)
        lines += drawn.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.append(Self.elementsMarker)
        lines += ElementTree.text(tree).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        text = lines.map(Self.trailingBlanksRemoved).joined(separator: "\n") + "\n"
    }

    /// Reads a golden screen file's text, checking that it is one: the header first, then the
    /// screen's marker, then the elements' marker and the screen's line. A file that is not one (a
    /// merge gone wrong, another file under its name) is refused with the line and what was expected.
    public init(parsing contents: String) throws(GoldenScreenError) {
        let normalised = contents.replacingOccurrences(of: "\r\n", with: "\n")
        let lines = normalised.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == Self.header else {
            throw .malformed(line: 1, column: 1, "it is not a golden screen: its first line should be \"\(Self.header)\"")
        }
        var index = 1
        if lines.count > index, lines[index].hasPrefix(Self.maskedPrefix) { index += 1 }
        // A file cut short is refused at its last line, never at a line it does not have.
        guard lines.count > index else {
            throw .malformed(line: lines.count, column: 1, "the file ends here, before the line \"\(Self.screenMarker)\"")
        }
        guard lines[index] == Self.screenMarker else {
            throw .malformed(line: index + 1, column: 1, "expected \"\(Self.screenMarker)\" here, before the screen")
        }
        guard let elements = lines.lastIndex(of: Self.elementsMarker), elements > index else {
            throw .malformed(line: lines.last == "" ? lines.count - 1 : lines.count, column: 1, "there is no \"\(Self.elementsMarker)\" line after the screen")
        }
        guard lines.count > elements + 1 else {
            throw .malformed(line: elements + 1, column: 1, "the file ends here, before the screen's line (screen \"TITLE\") after \"\(Self.elementsMarker)\"")
        }
        guard lines[elements + 1].hasPrefix("screen \"") else {
            throw .malformed(line: elements + 2, column: 1, "expected the screen's line (screen \"TITLE\") after \"\(Self.elementsMarker)\"")
        }
        text = normalised.hasSuffix("\n") ? normalised : normalised + "\n"
    }

    /// The identifiers the file says it masks.
    public var maskedIdentifiers: [String] {
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count > 1, lines[1].hasPrefix(Self.maskedPrefix) else { return [] }
        return lines[1].dropFirst(Self.maskedPrefix.count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A unified line diff from `golden` (the file) to this screen, or nil when they are the same.
    public func difference(from golden: GoldenScreen, goldenName: String, currentName: String) -> String? {
        LineDiff.unified(from: golden.text, to: text, fromName: goldenName, toName: currentName)
    }

    private static func mask(_ element: ElementSnapshot, _ identifiers: [String]) -> ElementSnapshot {
        var element = element
        if identifiers.contains(element.identifier) {
            element.label = placeholder
            if element.value != nil { element.value = placeholder }
        }
        element.children = element.children.map { mask($0, identifiers) }
        return element
    }

    private static func trailingBlanksRemoved(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.last, last == " " || last == "\t" { line.removeLast() }
        return String(line)
    }
}

/// Why a golden screen could not be made or read.
public enum GoldenScreenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An identifier to mask is not on the screen: it, the nearest identifier that is, and the screen's title.
    case notOnScreen(String, nearest: String?, screen: String)
    /// The file is not a golden screen: where (from 1), and what was expected.
    case malformed(line: Int, column: Int, String)

    /// The problem in words, and what to do.
    public var description: String {
        switch self {
        case let .notOnScreen(identifier, nearest, screen):
            "mask: no element with identifier \"\(TerminalText.oneLine(identifier))\" on the screen \"\(TerminalText.oneLine(screen))\""
                + Suggestion.format(nearest) + "; mask only identifiers the screen shows"
        case let .malformed(_, _, message):
            message + "; record it again (delete it, or run with --record)"
        }
    }
}

/// Where golden screens are kept: the one naming rule of YAML flows and Swift tests.
///
/// A screen named `glance` that `Flows/login/sign-in.yaml` checks is
/// `Flows/login/__Screens__/sign-in.glance.txt`; one that `Tests/AppTests/LoginTests.swift`
/// checks is `Tests/AppTests/__Screens__/LoginTests.glance.txt`. A screen that no longer matches
/// leaves its new text beside the golden, in the same name with `.pending` after it.
public enum GoldenScreenFile {
    /// The folder beside the checking file that holds its golden screens.
    public static let folderName = "__Screens__"
    /// A golden file's extension (plain text, so every editor and code review shows it).
    public static let pathExtension = "txt"
    /// What follows a golden's name for the screen that did not match it, waiting to be accepted.
    public static let pendingSuffix = ".pending"
    /// The longest screen name.
    public static let nameLimit = 100

    /// The golden file of the screen `name` checked by the flow or test file `file`.
    public static func path(screen name: String, checkedBy file: String) -> String {
        folder(of: file) + "/" + owner(of: file) + "." + name + "." + pathExtension
    }

    /// The folder of the golden screens that `file` checks.
    public static func folder(of file: String) -> String {
        let parent = (file as NSString).deletingLastPathComponent
        return (parent.isEmpty ? "" : parent + "/") + folderName
    }

    /// The part of a golden's name that says which file checks it: the file's name without its
    /// extension, with every run of characters that are not letters, digits or `_` as one `-`, as
    /// swift-snapshot-testing names a test's files (`sign-in.yaml` is `sign-in`).
    public static func owner(of file: String) -> String {
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let words = stem.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
        return words.isEmpty ? "screens" : words
    }

    /// The pending file beside the golden at `path`.
    public static func pendingPath(for path: String) -> String {
        path + pendingSuffix
    }

    /// The golden a pending file at `path` waits to replace, or nil when `path` is not a pending file.
    public static func golden(ofPending path: String) -> String? {
        path.hasSuffix("." + pathExtension + pendingSuffix) ? String(path.dropLast(pendingSuffix.count)) : nil
    }

    /// The checking file's part and the screen's name of a golden file's name
    /// (`sign-in.glance.txt` is `sign-in` and `glance`), or nil when the name is not a golden's.
    public static func parts(ofGolden fileName: String) -> (owner: String, screen: String)? {
        guard fileName.hasSuffix("." + pathExtension) else { return nil }
        let base = fileName.dropLast(pathExtension.count + 1)
        guard let dot = base.lastIndex(of: ".") else { return nil }
        let screen = String(base[base.index(after: dot)...])
        guard problem(withName: screen) == nil, dot > base.startIndex else { return nil }
        return (String(base[..<dot]), screen)
    }

    /// What is wrong with `name` as a screen's name, or nil when it is a good one: letters, digits,
    /// `_` and `-` (not first or last), at most ``nameLimit`` of them, so that it is the same file
    /// name on every system and for swift-snapshot-testing.
    public static func problem(withName name: String) -> String? {
        guard !name.isEmpty else { return "a screen's name is empty: give one such as home" }
        guard name.count <= nameLimit else { return "a screen's name is \(name.count) characters long, over the limit of \(nameLimit)" }
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
        guard allowed, !name.hasPrefix("-"), !name.hasSuffix("-") else {
            return "a screen's name is letters, digits, _ and - (not first or last), as a file's name: \"\(TerminalText.oneLine(name))\" is not one"
        }
        return nil
    }
}
