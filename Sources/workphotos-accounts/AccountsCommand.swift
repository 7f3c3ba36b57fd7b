import ArgumentParser
import Console
import Foundation
import TextBytes
import WorkPhotosSQLite

/// `workphotos-accounts add NAME | remove NAME | list [--store PATH]`: the real accounts the app
/// signs in against. A password is read from the terminal with echo off, or from standard input
/// when it is not a terminal (one line); never from an argument, where `ps` and shell history see it.
@main
struct AccountsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workphotos-accounts",
        abstract: "Add, remove and list WorkPhotos accounts (real sign-in).",
        discussion: "Exit codes: 0 done, 2 bad input (the store is left unchanged).",
        subcommands: [Add.self, Remove.self, List.self]
    )

    struct StoreOption: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("The account store.", valueName: "path"))
        var store: String = DefaultStorePath.resolve(file: "accounts.sqlite")
    }

    static func main() {
        Console.ignoreBrokenPipes()
        // The words as given: CommandLine.arguments reads a byte that is not UTF-8 as U+FFFD, another name.
        if let bad = ArgumentText.firstProblemInProcessArguments() {
            fail(bad.problem.statement("argument \(bad.index)") + " (at byte \(bad.problem.offset + 1)); give it as UTF-8")
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as AccountStoreError {
            fail(error.description)
        } catch let error as PasswordInputError {
            fail(error.description)
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            fail(message)
        }
    }

    static func fail(_ message: String) -> Never {
        Console.error("workphotos-accounts: error: \(message)\n")
        Foundation.exit(2)
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an account; its password is read from the terminal or standard input.")
        @Argument(help: "The account's name (one word).") var name: String
        @OptionGroup var options: StoreOption

        func run() throws {
            // Checked before asking for a password, so a mistake costs no typing; and before making
            // a store, so a refused add leaves nothing behind.
            try AccountStore.validate(name: name)
            if FileManager.default.fileExists(atPath: options.store) {
                let existing = try AccountStore.open(at: options.store).names()
                if existing.contains(name) { throw AccountStoreError.exists(name: name) }
            }
            let password = try PasswordInput.read(prompt: "Password for \(name): ")
            guard !password.isEmpty else { throw AccountStoreError.emptyPassword }
            try AccountStore.openOrCreate(at: options.store).add(name, password: password)
            Console.output("added \(name) to \(options.store)\n")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an account.")
        @Argument(help: "The account's name.") var name: String
        @OptionGroup var options: StoreOption

        func run() throws {
            try AccountStore.open(at: options.store).remove(name)
            Console.output("removed \(name) from \(options.store)\n")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts' names.")
        @OptionGroup var options: StoreOption

        func run() throws {
            for name in try AccountStore.open(at: options.store).names() { Console.output(name + "\n") }
        }
    }
}

struct PasswordInputError: Error, CustomStringConvertible {
    let description: String
}

/// Reads a password: at a terminal with echo off (put back however the command ends), else one
/// line of standard input.
enum PasswordInput {
    static func read(prompt: String) throws -> String {
        guard Console.isTerminal(STDIN_FILENO) else {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard data.count <= 4096 else { throw PasswordInputError(description: "the password on standard input is over 4096 bytes") }
            var bytes = [UInt8](data)
            if bytes.last == 0x0A { bytes.removeLast() }
            if bytes.last == 0x0D { bytes.removeLast() }
            guard !bytes.contains(0x0A) else { throw PasswordInputError(description: "standard input should hold the password on one line") }
            return try text(bytes, from: "standard input")
        }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw PasswordInputError(description: "cannot read the terminal's settings") }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        let saved = original
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                var settings = saved
                tcsetattr(STDIN_FILENO, TCSANOW, &settings)
                Console.error("\n")
                Foundation.exit(128 + number)
            }
            source.resume()
            return source
        }
        defer {
            var settings = saved
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            sources.forEach { $0.cancel() }
        }
        Console.error(prompt)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        let line = readLineBytes()
        Console.error("\n")
        return try text(line, from: "the terminal")
    }

    /// The password's bytes as text, or an error that names no byte of them (see `TextBytes`):
    /// `readLine` would have made U+FFFD of a byte that is not UTF-8, another password.
    private static func text(_ bytes: [UInt8], from source: String) throws -> String {
        switch TextBytes.string(bytes) {
        case let .success(text): return text
        case let .failure(problem): throw PasswordInputError(description: problem.maskedStatement("the password typed on \(source)") + "; type it as UTF-8")
        }
    }

    /// One line of standard input as its bytes, without its line break (a terminal gives a line at a time).
    private static func readLineBytes() -> [UInt8] {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Foundation.read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1, byte != 0x0A else { break }
            line.append(byte)
        }
        if line.last == 0x0D { line.removeLast() }
        return line
    }
}
