import Foundation

/// The runner's own `-name value` launch defaults (Foundation's argument domain), which
/// ArgumentParser does not know: taken out of the command line before it parses.
enum LaunchDefaults {
    /// `-test.user alice` pairs (one dash, then a letter) are launch defaults; `--options` are not.
    static func split(_ arguments: [String]) throws(FlowCommandError) -> (arguments: [String], defaults: [String: String]) {
        var rest: [String] = []
        var pairs: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2, argument.dropFirst().first?.isLetter == true {
                guard index + 1 < arguments.count else { throw .usage("\(argument) needs a value: \(argument) VALUE") }
                pairs += [argument, arguments[index + 1]]
                index += 2
                continue
            }
            rest.append(argument)
            index += 1
        }
        // Foundation parsed these into its argument domain; read them there, as strings.
        let domain = UserDefaults.standard.volatileDomain(forName: UserDefaults.argumentDomain)
        var values: [String: String] = [:]
        for position in stride(from: 0, to: pairs.count, by: 2) {
            let key = String(pairs[position].dropFirst())
            guard values[key] == nil else { throw .usage("-\(key) is given twice") }
            values[key] = (domain[key] as? String) ?? pairs[position + 1]
        }
        return (rest, values)
    }
}
