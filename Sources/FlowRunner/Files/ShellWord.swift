/// A word as a shell reads it back as one word: the way every command the runner prints for a
/// person to paste (`flow run FILE`, `cd FOLDER`, `snapshots accept FILE`) quotes a path.
package enum ShellWord {
    /// `word` bare when it holds only characters a shell takes as they are (ASCII letters and
    /// digits, `_-./:@%+=,`), else in single quotes, a quote in it written as `'\''`.
    package static func quoted(_ word: String) -> String {
        let safe = !word.isEmpty && word.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-./:@%+=,".unicodeScalars.contains($0))
        }
        return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
