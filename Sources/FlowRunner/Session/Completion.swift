import FlowKit

/// What Tab offers in `flow studio`: step names, robot actions and `:` commands at the start of a line, a step's
/// keys inside its braces (kinds, state, its own fields; a robot action's parameters), and the
/// names of the elements on the current screen where an element is named (`tap Rev` → `tap
/// Review work photos`, `tap: {button: Lo` → `tap: {button: Login`).
package enum Completion {
    /// Studio's own `:` commands, declared here once: Tab completes them, and studio names them
    /// where a line starts with `:` alone or a command is mistyped (its `:help` says what each does).
    package static let commands = [":undo", ":steps", ":save", ":ids", ":screen", ":help", ":quit"]

    /// Whole lines that complete `line` (the line up to the cursor), sorted.
    package static func lines(for line: String, screen: ScreenSnapshot?, catalog: RobotCatalog) -> [String] {
        // A `:` command being typed (`:qu` → `:quit`).
        if line.hasPrefix(":"), !line.contains(" ") { return commands.filter { $0.hasPrefix(line) }.sorted() }
        let (kept, word) = split(line)
        let trimmed = kept.trimmingCharacters(in: .whitespaces)
        let keyword = trimmed.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        var pool: [String]
        if trimmed.isEmpty {
            pool = StepRegistry.keywords + catalog.actions.map(\.fullName) + commands
        } else if trimmed == "tap" || trimmed == "type" {
            pool = (screen?.controls ?? []).map(\.identifier)  // an app command names a control
        } else if keyword.contains(".") {
            let parts = keyword.split(separator: ".").map(String.init)
            pool = parts.count == 2 ? (catalog.action(parts[0], parts[1])?.parameters.map { $0.name + ": " } ?? []) : []
        } else if let step = StepRegistry.primitive(keyword) {
            let last = trimmed.last
            if trimmed.contains("{"), last == "{" || last == "," {
                pool = (ElementSelector.kinds.map(\.key) + ElementSelector.stateKeys.map(\.key) + step.form.fields.map(\.name)).map { $0 + ": " }
            } else {
                pool = names(on: screen)
            }
        } else {
            pool = []
        }
        return Array(Set(pool.filter { $0.hasPrefix(word) && !$0.isEmpty })).sorted().map { kept + $0 }
    }

    /// The line before the word being typed, and that word: after the last `{`, `,` or `:` (and
    /// the spaces after it), or after an app command's verb; a name may hold spaces.
    static func split(_ line: String) -> (kept: String, word: String) {
        for verb in ["tap ", "type "] where line.hasPrefix(verb) && !line.contains(":") {
            return (verb, String(line.dropFirst(verb.count)))
        }
        guard let cut = line.lastIndex(where: { "{,:".contains($0) }) else {
            return ("", line)
        }
        var start = line.index(after: cut)
        while start < line.endIndex, line[start] == " " { start = line.index(after: start) }
        // YAML reads `button:Login` as one word: a value goes after ": ", so the space is added.
        var kept = String(line[..<start])
        if line[cut] == ":", start == line.index(after: cut) { kept += " " }
        return (kept, String(line[start...]))
    }

    /// Every identifier and label on the screen a step could name, and rows as they read.
    static func names(on screen: ScreenSnapshot?) -> [String] {
        guard let screen else { return [] }
        return screen.allElements.filter { !$0.identifier.isEmpty }.flatMap { [$0.identifier, $0.label] + ($0.kind == .cell ? [$0.rowText] : []) }
    }
}
