import ArgumentParser
import Console
import Foundation
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
            var text = String(decoding: data, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            if text.hasSuffix("\r") { text.removeLast() }
            guard !text.contains("\n") else { throw PasswordInputError(description: "standard input should hold the password on one line") }
            return text
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
        let line = readLine(strippingNewline: true) ?? ""
        Console.error("\n")
        return line
    }
}
