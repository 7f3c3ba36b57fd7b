import BadText
import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
import TextBytes

/// `flow merge` fed what a broken or hostile CI step could leave: JUnit files mangled from a seed
/// (the same every run), huge ones, entities, and paths that are folders, FIFOs, devices or links,
/// in and out. Each gets an answer (a merge, or a located error and exit 2 with nothing written),
/// within a deadline and a memory cap, and nothing it was pointed at is replaced.
@Suite(.serialized)
struct MergeFuzzTests {
    // MARK: - Mangled JUnit, in process

    @Test func mangledJUnitIsMergedOrALocatedErrorNeverACrash() throws {
        var generator = SeededGenerator(seed: 2022)
        var merged = 0, refused = 0
        for index in 0..<Self.mangledCount {
            let text = Self.mangled(&generator)
            let shard = JUnitMerge.Shard(file: "shard-\(index).xml", text: text)
            do {
                _ = try JUnitMerge.merge([shard], suite: ["Flows/a.yaml", "Flows/b.yaml"])
                merged += 1
            } catch {
                refused += 1
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
                for located in error.errors {
                    #expect(located.file == shard.file && (1...max(lines, 1)).contains(located.line) && located.column >= 1 && !located.message.isEmpty,
                            "case \(index): \(located)\n\(text)")
                }
            }
        }
        #expect(merged > 0 && refused > 0, "the generator makes both: \(merged) merged, \(refused) refused")
    }

    static let mangledCount = 5000

    /// A small valid JUnit file with a few random edits: a piece cut out, a hostile token put in,
    /// a piece doubled, or the end cut off.
    static func mangled(_ generator: inout SeededGenerator) -> String {
        var bytes = Array(Self.valid.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let at = Int.random(in: 0...bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &generator)))
            case 1: bytes.insert(contentsOf: Array((Self.tokens.randomElement(using: &generator) ?? "").utf8), at: at)
            case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...200, using: &generator))], at: at)
            default: bytes.removeSubrange(at...)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let tokens = [
        "<", ">", "&", "&amp;", "&#0;", "&#x110000;", "&nbsp;", "<!--", "-->", "<![CDATA[", "]]>", "\u{0}", "\u{1B}", "\r", "\u{FEFF}", "<?xml version=\"1.0\"?>",
        "<testcase file=\"Flows/a.yaml\"/>", "<testcase/>", "file=\"\"", "time=\"-1\"", "time=\"nan\"", "time=\"1e999\"", "flaky=\"-3\"", "flaky=\"x\"",
        "<testsuite>", "</testsuite>", "<testsuites>", "<failure/>", "<error>", "<skipped/>", "<!DOCTYPE x [<!ENTITY e \"e\">]>", "&e;", "xmlns:a=\"u\"",
        "<a:testcase file=\"Flows/b.yaml\"/>", "\"", "'", "=", " file=\"Flows/b.yaml\" file=\"Flows/a.yaml\"", "é🙂", "\u{FFFF}",
    ]

    static let valid = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="flows (default)" tests="2" failures="1" time="2.000">
          <testsuite name="flows (default)" tests="2" failures="1" errors="0" skipped="0" time="2.000">
            <testcase name="A" classname="Flows/a.yaml" file="Flows/a.yaml" time="1.000"><system-out>out &amp; more</system-out></testcase>
            <testcase name="B" classname="Flows/b.yaml" file="Flows/b.yaml" time="1.000"><failure message="no">the screen</failure></testcase>
          </testsuite>
        </testsuites>

        """

    // MARK: - Hostile files, through the binary

    /// A thousand byte mutations of a shard a real run wrote, given to the built `flow merge`:
    /// none ends it with a signal (before the check, one in fourteen did: FoundationXML trapped on a
    /// name or a value that is not UTF-8), each is merged or refused (exit 0, 1 or 2), and each
    /// that is not text is refused as that, where its first bad byte is. Eight shards a run (merge
    /// reads every shard it is given, and says the problems of all), two runs at a time.
    @Test func aThousandByteMutationsOfARealShardNeverCrashFlowMerge() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Pass"))
        try workspace.write("Flows/fail.yaml", "name: Fail\nsteps:\n  - assertVisible: Nowhere\n")
        let run = try workspace.flow(["run", "--jobs", "1", "--junit", "real/junit.xml"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let real = try Data(contentsOf: workspace.folder.appendingPathComponent("real/junit.xml"))
        try #require(String(decoding: real, as: UTF8.self).contains("<testcase"))
        var generator = SeededGenerator(seed: 32)
        let batches = (0..<125).map { batch in
            (0..<8).map { _ in ByteMutation.mangled(Array(real), using: &generator) }.enumerated().map { ("m\(batch)-\($0.offset).xml", $0.element) }
        }
        for batch in batches {
            for (name, bytes) in batch { try Data(bytes).write(to: workspace.folder.appendingPathComponent(name)) }
        }
        let flow = FlowWorkspace.binaries.appendingPathComponent("flow").path
        let outcomes = Mutex([(batch: Int, output: BoundedProcess.Output)]())
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in stride(from: worker, to: batches.count, by: 2) {
                let output = try? BoundedProcess.run(flow, ["merge", "--junit", "out-\(index).xml"] + batches[index].map(\.0), in: workspace.folder)
                if let output { outcomes.withLock { $0.append((index, output)) } }
            }
        }
        let all = outcomes.withLock { $0 }
        #expect(all.count == batches.count, "every run ran")
        var notText = 0
        for (index, output) in all {
            #expect(!output.crashed && !output.timedOut && output.status < 128 && [0, 1, 2].contains(output.status),
                    "batch \(index): exit \(output.status)\(output.signaled ? " (signal)" : ""): \(output.stderr.prefix(2000))")
            for (name, bytes) in batches[index] {
                guard let problem = TextBytes.firstProblem(in: bytes, byteOrderMark: .allowedAtStart) else { continue }
                notText += 1
                #expect(output.stderr.contains("\(name):\(problem.line):\(problem.column): error: " + problem.message("the JUnit file")),
                        "\(name): \(output.stderr.prefix(2000))")
            }
        }
        #expect(notText > 300, "the mutations make text that is not UTF-8 often: \(notText) of 1000")
    }

    @Test func aFiftyMegabyteJUnitFileIsMergedWithinTimeAndMemory() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        // 50 MB: tens of thousands of testcases, each with its output, as a long CI run writes.
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<testsuites>\n<testsuite name=\"flows\" time=\"1\">\n"
        let output = String(repeating: "a line the app wrote\n", count: 48)
        let testcase = "<testcase name=\"A\" file=\"Flows/a.yaml\" time=\"0.001\"><system-out>\(output)</system-out></testcase>\n"
        text.reserveCapacity(51 << 20)
        while text.utf8.count < 50 << 20 { text += testcase }
        try workspace.write("big/junit.xml", text + "</testsuite>\n</testsuites>\n")
        try workspace.write("b.xml", Self.shard(["Flows/b.yaml"]))
        let start = ContinuousClock.now
        let run = try merge(workspace, ["--junit", "out/merged.xml", "big", "b.xml"], memoryKB: 1_500_000)
        #expect(!run.timedOut && !run.crashed, "\(run.stderr)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("flows passed, 0 failed; every flow ran exactly once\n") || run.stdout.contains("passed, 0 failed"), "\(run.stdout)")
        #expect(InputFile.kind(workspace.folder.path + "/out/merged.xml") == .file, "read as truncated before: libxml2 stops at 10 MB given at once")
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test(arguments: MergeCase.hostileInputs)
    func aHostileInputIsALocatedErrorExit2AndNothingIsWritten(_ hostile: MergeCase) throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let input = try hostile.make(workspace)
        let run = try merge(workspace, ["--junit", "out.xml", "--html", "out.html", "--report", "report", input, "good"])
        #expect(!run.timedOut && !run.crashed, "\(hostile.name): \(run.stderr)")
        #expect(run.status == 2, "\(hostile.name): \(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(hostile.error), "\(hostile.name): \(run.stderr)")
        #expect(!run.stderr.contains("root:") && !run.stderr.contains("NSCocoaErrorDomain"), "\(run.stderr)")
        for written in ["out.xml", "out.html", "report"] {
            #expect(InputFile.kind(workspace.folder.path + "/" + written) == nil, "\(hostile.name): \(written) was written")
        }
    }

    @Test(arguments: MergeCase.hostileOutputs)
    func anOutputThatIsNotAFileIsRefusedExit2AndNothingIsWritten(_ hostile: MergeCase) throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let junit = try hostile.make(workspace)
        let run = try merge(workspace, ["--junit", junit, "--html", "page.html", "good"])
        #expect(!run.timedOut && !run.crashed, "\(hostile.name): \(run.stderr)")
        #expect(run.status == 2, "\(hostile.name): \(run.stdout)\(run.stderr)")
        #expect(run.stderr == "flow: error: " + hostile.error + "\n", "\(hostile.name): \(run.stderr)")
        #expect(InputFile.kind(workspace.folder.path + "/page.html") == nil, "checked before anything is written")
        #expect(InputFile.kind(workspace.folder.path + "/pipe") == .fifo)
        #expect(InputFile.kind(workspace.folder.path + "/null").map { $0 == .characterDevice } ?? true, "a device stays one")
    }

    @Test func theOutputsFoldersAreMadeAndAOneLetterInputIsRead() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try workspace.write("j", Self.shard(["Flows/a.yaml", "Flows/b.yaml"]))
        let run = try merge(workspace, ["--junit", "out/1/merged.xml", "--html", "pages/x/index.html", "j"])
        #expect(!run.crashed, "NSString's deletingLastPathComponent trapped on \"j\": \(run.stderr)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(InputFile.kind(workspace.folder.path + "/out/1/merged.xml") == .file)
        #expect(InputFile.kind(workspace.folder.path + "/pages/x/index.html") == .file)
    }

    @Test(.enabled(if: canMountTmpfs, "needs root and unshare, to mount a small file system no one else sees"))
    func aFullDiskIsSaidInWordsAndTheFileThereStays() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try workspace.write("big.xml", "<testsuites><testsuite><testcase name=\"A\" file=\"Flows/a.yaml\"><system-out>"
            + String(repeating: "x", count: 64 << 10) + "</system-out></testcase><testcase name=\"B\" file=\"Flows/b.yaml\"/></testsuite></testsuites>\n")
        try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("disk"), withIntermediateDirectories: true)
        // A 16 KB file system in a mount namespace of the child's own: gone when it ends.
        let script = """
            mount -t tmpfs -o size=16k tmpfs disk || exit 99
            printf old > disk/merged.xml
            head -c 8000 /dev/zero > disk/filler
            "$0" merge --junit disk/merged.xml --html disk/new/page.html big.xml
            echo "status=$?"
            echo "kept=$(cat disk/merged.xml)"
            echo "left=$(ls -A disk | tr '\\n' ' ')"
            """
        let run = try BoundedProcess.run("/usr/bin/unshare", ["-m", "sh", "-c", script, FlowWorkspace.binaries.appendingPathComponent("flow").path],
                                         in: workspace.folder)
        #expect(!run.timedOut && !run.crashed && run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr == "flow: error: cannot write disk/merged.xml: no space left on the device\n", "\(run.stderr)")
        #expect(run.stdout.contains("status=3\nkept=old\nleft=filler merged.xml \n"), "the old file is whole, no temporary file or folder is left: \(run.stdout)")
    }

    static let canMountTmpfs: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        return (try? BoundedProcess.run("/usr/bin/unshare", ["-m", "true"], in: URL(fileURLWithPath: "/"), seconds: 10))?.status == 0
    }()

    @Test func escapesInTheShardsNamesAreShownNeverSentToTheTerminal() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        // XML 1.0 allows no C0 control but tab and newlines; it allows the C1 ones (U+009B is an 8-bit CSI).
        // A newline in a name would print a line of its own: a forged "every flow ran exactly once".
        try workspace.write("esc.xml", "<testsuites><testsuite><testcase name=\"A&#x9B;2J&#10;merged 9 shards: all passed\" file=\"Flows/a.yaml\">"
            + "<failure/></testcase><testcase name=\"B\" file=\"Flows/b.yaml\"/><testcase name=\"C\" file=\"Flows/&#x9B;c&#x85;.yaml\"/></testsuite></testsuites>")
        let run = try merge(workspace, ["--junit", "out.xml", "esc.xml"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("FAIL  A\u{FFFD}2J\u{FFFD}merged 9 shards: all passed  Flows/a.yaml\n"), "\(run.stdout)")
        #expect(!run.stdout.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }, "\(run.stdout)")
        #expect(!run.stdout.contains("\nmerged 9"), "no line is forged")
    }

    @Test func aReportFolderInsideAShardsReportIsRefusedBeforeAnythingIsWritten() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let run = try merge(workspace, ["--junit", "out.xml", "--report", "good/report/merged", "good"])
        #expect(run.status == 2 && !run.timedOut, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr == "flow: error: --report good/report/merged is inside the shard's report folder good/report: give a folder outside every shard's output\n")
        #expect(InputFile.kind(workspace.folder.path + "/out.xml") == nil && InputFile.kind(workspace.folder.path + "/good/report/merged") == nil)
    }

    // MARK: - Helpers

    /// A workspace with the flows a.yaml and b.yaml, and `good/junit.xml` (with `good/report/`) that ran them.
    static func workspace() throws -> FlowWorkspace {
        let workspace = try FlowWorkspace()
        for name in ["a", "b"] { try workspace.write("Flows/\(name).yaml", "name: \(name)\nsteps:\n  - back\n") }
        try workspace.write("good/junit.xml", Self.shard(["Flows/a.yaml", "Flows/b.yaml"]))
        try workspace.write("good/report/Flows_a.txt", "PASS  a\n")
        try #require(mkfifo(workspace.folder.path + "/pipe", 0o600) == 0)
        return workspace
    }

    /// A shard's JUnit file whose passing testcases are for `files`.
    static func shard(_ files: [String]) -> String {
        "<testsuites><testsuite name=\"flows\" time=\"1\">"
            + files.map { "<testcase name=\"\($0)\" file=\"\($0)\" time=\"1\"/>" }.joined() + "</testsuite></testsuites>\n"
    }

    private func merge(_ workspace: FlowWorkspace, _ arguments: [String], memoryKB: Int = 1_000_000) throws -> BoundedProcess.Output {
        try BoundedProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, ["merge"] + arguments, in: workspace.folder,
                               seconds: 60, memoryKB: memoryKB)
    }
}

/// A hostile input or output of `flow merge`: made in a workspace (the path to give), and the
/// error it must get.
struct MergeCase: CustomTestStringConvertible, Sendable {
    let name: String
    let error: String
    let make: @Sendable (FlowWorkspace) throws -> String

    var testDescription: String { name }

    static let laughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">\
        <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol9 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">]>
        <testsuites><testsuite><testcase file="Flows/a.yaml" name="&lol9;"/></testsuite></testsuites>
        """

    static let hostileInputs: [MergeCase] = [
        MergeCase(name: "billion laughs", error: "laughs.xml:2:1: error: not a JUnit file: a JUnit file has no DTD") { workspace in
            try workspace.write("laughs.xml", laughs)
            return "laughs.xml"
        },
        MergeCase(name: "an external entity", error: "xxe.xml:2:1: error: not a JUnit file: a JUnit file has no DTD") { workspace in
            try workspace.write("xxe.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n"
                + "<testsuites><testsuite><testcase file=\"Flows/a.yaml\">&e;</testcase></testsuite></testsuites>\n")
            return "xxe.xml"
        },
        MergeCase(name: "a DOCTYPE after a comment", error: "late.xml:3:1: error: not a JUnit file: a JUnit file has no DTD") { workspace in
            try workspace.write("late.xml", "<!-- a comment -->\n<?pi x?>\n<!DOCTYPE t>\n<testsuites/>\n")
            return "late.xml"
        },
        MergeCase(name: "truncated", error: "cut.xml:1:") { workspace in
            try workspace.write("cut.xml", "<testsuites><testsuite><testcase file=\"Flows/a.yaml\"")
            return "cut.xml"
        },
        MergeCase(name: "not UTF-8", error: "latin1.xml:1:13: error: the JUnit file is not UTF-8 text: byte 0xE9 starts a character of 3 bytes that the next byte does not continue (cut short; Latin-1, or another encoding?); save it as UTF-8") { workspace in
            try Data(Array("<testsuites>".utf8) + [0xE9, 0xFF] + Array("</testsuites>".utf8)).write(to: workspace.folder.appendingPathComponent("latin1.xml"))
            return "latin1.xml"
        },
        MergeCase(name: "empty", error: "empty.xml:1:1: error: the file is empty: not a JUnit file") { workspace in
            try workspace.write("empty.xml", "")
            return "empty.xml"
        },
        MergeCase(name: "nested 100,000 deep", error: "deep.xml:1:705: error: elements nested over 64 deep: a JUnit file nests a few levels") { workspace in
            try workspace.write("deep.xml", String(repeating: "<testsuite>", count: 100_000) + String(repeating: "</testsuite>", count: 100_000))
            return "deep.xml"
        },
        MergeCase(name: "a FIFO", error: "pipe:1:1: error: it is a FIFO (named pipe): a shard output is a folder holding junit.xml, or a JUnit file") { _ in "pipe" },
        MergeCase(name: "a FIFO as junit.xml", error: "fifo-shard/junit.xml:1:1: error: it is a FIFO (named pipe), not a regular file") { workspace in
            try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("fifo-shard/report"), withIntermediateDirectories: true)
            try #require(mkfifo(workspace.folder.path + "/fifo-shard/junit.xml", 0o600) == 0)
            return "fifo-shard"
        },
        MergeCase(name: "/dev/zero", error: "/dev/zero:1:1: error: it is a character device: a shard output is a folder holding junit.xml") { _ in "/dev/zero" },
        MergeCase(name: "a link to /dev/zero", error: "zero:1:1: error: it is a character device") { workspace in
            try FileManager.default.createSymbolicLink(atPath: workspace.folder.path + "/zero", withDestinationPath: "/dev/zero")
            return "zero"
        },
        MergeCase(name: "a folder without junit.xml", error: "bare/junit.xml:1:1: error: the shard output bare holds no junit.xml") { workspace in
            try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("bare"), withIntermediateDirectories: true)
            return "bare"
        },
        MergeCase(name: "a FIFO in a report", error: "stray/report/pipe:1:1: error: it is a FIFO (named pipe): a report folder holds") { workspace in
            try workspace.write("stray/junit.xml", MergeFuzzTests.shard(["Flows/a.yaml"]))
            try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("stray/report"), withIntermediateDirectories: true)
            try #require(mkfifo(workspace.folder.path + "/stray/report/pipe", 0o600) == 0)
            return "stray"
        },
        MergeCase(name: "a control character in a report's file name", error: "named/report/bad\u{FFFD}name.txt:1:1: error: its name holds a control character (U+001B)") { workspace in
            try workspace.write("named/junit.xml", MergeFuzzTests.shard(["Flows/a.yaml"]))
            try workspace.write("named/report/bad\u{1B}name.txt", "PASS\n")
            return "named"
        },
        MergeCase(name: "a link to a secret in a report", error: "linked/report/inner/passwd:1:1: error: it is a symbolic link") { workspace in
            try workspace.write("linked/junit.xml", MergeFuzzTests.shard(["Flows/a.yaml"]))
            try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("linked/report/inner"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: workspace.folder.path + "/linked/report/inner/passwd", withDestinationPath: "/etc/passwd")
            return "linked"
        },
    ]

    static let hostileOutputs: [MergeCase] = [
        MergeCase(name: "a folder", error: "cannot write taken: it is a folder, not a regular file, and would be replaced: give a file's path inside it") { workspace in
            try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("taken"), withIntermediateDirectories: true)
            return "taken"
        },
        MergeCase(name: "the root folder", error: "cannot write /: it is a folder, not a regular file, and would be replaced: give a file's path inside it") { _ in "/" },
        MergeCase(name: "a FIFO", error: "cannot write pipe: it is a FIFO (named pipe), not a regular file, and would be replaced: give a file's path") { _ in "pipe" },
        MergeCase(name: "a dangling link", error: "cannot write gone.xml: it is a symbolic link to nowhere/x.xml, which does not exist: create that file or remove the link") { workspace in
            try FileManager.default.createSymbolicLink(atPath: workspace.folder.path + "/gone.xml", withDestinationPath: "nowhere/x.xml")
            return "gone.xml"
        },
        MergeCase(name: "below a file", error: "cannot write good/junit.xml/x.xml: good/junit.xml is not a folder, so nothing can be written below it") { _ in
            "good/junit.xml/x.xml"
        },
        MergeCase(name: "a newline in the path", error: #"cannot write out\nx.xml: the path holds a control character (U+000A) at character 4: give a path without one"#) { _ in
            "out\nx.xml"
        },
    ] + (Folder.canMakeDevices ? [device] : [])

    /// A device node of the test's own (root only), never the system's /dev/null: flow merge, run
    /// as root, replaced that with a file before.
    static let device = MergeCase(name: "a device", error: "cannot write null: it is a character device, not a regular file, and would be replaced: give a file's path") { workspace in
        _ = Folder(url: workspace.folder).makeNullDevice("null")
        return "null"
    }
}
