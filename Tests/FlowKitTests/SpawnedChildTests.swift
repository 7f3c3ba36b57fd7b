import Console
import Foundation
import Testing

/// The app's process as the runner starts it (posix_spawn, not Foundation's Process): how it
/// ended, what it was given, and what it was not.
struct SpawnedChildTests {
    func output(of child: SpawnedChild) -> String {
        try? child.input.close()
        let data = child.output.readDataToEndOfFile()
        child.waitForExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func anExitCodeAndASignalAreToldApart() throws {
        let exits = try SpawnedChild(executable: "/bin/sh", arguments: ["-c", "exit 7"], environment: [:])
        exits.waitForExit()
        #expect(exits.ending?.status == 7 && exits.ending?.signaled == false)
        let crashes = try SpawnedChild(executable: "/bin/sh", arguments: ["-c", "kill -SEGV $$"], environment: [:])
        crashes.waitForExit()
        #expect(crashes.ending?.status == 11 && crashes.ending?.signaled == true)
    }

    @Test func itGetsItsArgumentsItsEnvironmentItsInputAndNoOtherDescriptor() throws {
        // A descriptor of the runner's own, not close-on-exec, that the child must not inherit.
        let held = open("/dev/null", O_RDONLY)
        defer { close(held) }
        let child = try SpawnedChild(
            executable: "/bin/sh", arguments: ["-c", "read line; echo \"$line $1 $GREETING\"; ls /proc/self/fd >&2", "sh", "world"],
            environment: ["GREETING": "hello"]
        )
        child.input.write(Data("from the runner\n".utf8))
        #expect(output(of: child) == "from the runner world hello\n")
        let descriptors = String(decoding: child.errors.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        #expect(!descriptors.contains(Substring(String(held))), "the runner's descriptor \(held) leaked into the child: \(descriptors)")
        #expect(child.ending?.status == 0)
    }

    @Test func aChildThatWillNotEndIsKilledAndWaitedFor() throws {
        let child = try SpawnedChild(executable: "/bin/sh", arguments: ["-c", "while :; do :; done"], environment: [:])
        #expect(child.isRunning)
        #expect(!child.waitForExit(until: Date().addingTimeInterval(0.05)), "it runs on")
        child.send(SIGKILL)
        child.waitForExit()
        #expect(child.ending?.status == SIGKILL && child.ending?.signaled == true)
    }

    @Test func childProcessRunsAProgramToItsEndInTheFolderGivenWithItsInput() throws {
        let run = try ChildProcess.run("/bin/sh", ["-c", "pwd; cat; echo oops >&2; exit 3"], input: "typed\n", currentDirectory: "/usr/lib")
        #expect(run.stdout == "/usr/lib\ntyped\n")
        #expect(run.stderr == "oops\n")
        #expect(run.status == 3 && !run.signaled)
        #expect(throws: (any Error).self) { try ChildProcess.run("/bin/pwd", [], currentDirectory: "/nonexistent/folder") }
    }

    @Test(arguments: ["/nonexistent/app", "/etc", "/etc/hostname"])
    func whatCannotBeStartedIsAnErrorNamingIt(path: String) {
        #expect {
            _ = try SpawnedChild(executable: path, arguments: [], environment: [:])
        } throws: { error in
            "\(error)".hasPrefix(path + ": ")
        }
    }
}
