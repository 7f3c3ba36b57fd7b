import FlowKit
@testable import FlowRunner
import Foundation

/// A property worker played by a shell script, for what a real one does only by accident: it
/// says hello for the properties it is given and takes its setup, then answers every check with
/// one letter for each of its properties (``letter``) followed by ``record`` (`"\t0 9 -"`: the
/// first said of the frame 9); or it ends without a word, right after its setup or when its first
/// check comes, as the first ``endings`` workers started in its folder do.
struct ScriptedWorker {
    /// When a worker that ends does.
    enum Ending: String {
        case afterItsSetup
        case atItsFirstCheck
    }

    var letter: Character = "h"
    var record = ""
    var endings = 0
    var ending = Ending.atItsFirstCheck
    /// Where its workers count themselves.
    let folder = NSTemporaryDirectory() + "/scripted-worker-\(UUID().uuidString)"

    /// How many workers were started (each counts itself once it has its setup).
    var started: Int {
        (try? String(contentsOfFile: folder + "/started", encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
    }

    /// The launch of one of its workers, for `properties`.
    func launch(_ properties: [AppProperty]) -> PropertyWorkerLaunch {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let hello = String(decoding: PropertyWorkerWire.line(PropertyWorkerWire.Hello(worker: PropertyWorkerWire.version, properties: properties.map(\.name))), as: UTF8.self)
        var environment = ProcessInfo.processInfo.environment
        environment.merge(["SCRIPTED_HELLO": hello, "SCRIPTED_FOLDER": folder, "SCRIPTED_LETTER": String(letter), "SCRIPTED_RECORD": record,
                           "SCRIPTED_ENDINGS": String(endings), "SCRIPTED_ENDING": ending.rawValue]) { _, new in new }
        return PropertyWorkerLaunch(executable: "/bin/sh", arguments: ["-c", Self.script, "scripted-worker"], environment: environment)
    }

    /// Removes its folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The worker (POSIX sh): `C ID SESSION BEFORE FRAMES ACTIONS EVENTUALLY INVARIANTS`, then
    /// FRAMES lines, answered `A ID LETTERS` and the record.
    static let script = #"""
        printf '%s\n' "$SCRIPTED_HELLO"
        read -r setup || exit 0
        started=$(cat "$SCRIPTED_FOLDER/started" 2>/dev/null || echo 0)
        echo $((started + 1)) > "$SCRIPTED_FOLDER/started"
        ends=no
        [ "$started" -lt "$SCRIPTED_ENDINGS" ] && ends=yes
        [ "$ends" = yes ] && [ "$SCRIPTED_ENDING" = afterItsSetup ] && exit 0
        while read -r line; do
            [ "$ends" = yes ] && exit 0
            set -- $line
            i=0
            while [ "$i" -lt "$5" ]; do read -r frame; i=$((i + 1)); done
            letters=
            for list in "$6" "$7" "$8"; do
                [ "$list" = - ] && continue
                for place in $(echo "$list" | tr , ' '); do letters="$letters$SCRIPTED_LETTER"; done
            done
            printf 'A %s %s%s\n' "$2" "$letters" "$SCRIPTED_RECORD"
        done
        """#
}
