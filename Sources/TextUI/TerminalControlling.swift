#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal behind standard input, for the little the shell needs of it.
@MainActor
public protocol TerminalControlling: AnyObject {
    /// Turns echo of typed characters on or off (off while a password is typed).
    func setEcho(_ enabled: Bool)
}

/// Standard input's terminal, via termios. `make()` returns nil when standard input is not a tty.
@MainActor
public final class StandardInputTerminal: TerminalControlling {
    private let original: termios

    private init(original: termios) {
        self.original = original
    }

    /// Standard input's terminal, with its settings kept for ``restore()``; nil when standard input
    /// is not a terminal (piped input has no echo to turn off).
    public static func make() -> StandardInputTerminal? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        return StandardInputTerminal(original: settings)
    }

    /// Turns echo off, or back on, from the settings the terminal had at ``make()``.
    public func setEcho(_ enabled: Bool) {
        var settings = original
        if !enabled { settings.c_lflag &= ~tcflag_t(ECHO) }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }

    /// Puts the terminal back as it was found (echo on), whatever state the shell left it in.
    public func restore() {
        var settings = original
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}

/// The settings a signal handler puts back. A handler may only call async-signal-safe functions,
/// so it reads them from here, set (and so made) before any handler is installed.
nonisolated(unsafe) private var settingsForSignals = termios()

extension StandardInputTerminal {
    /// Ctrl-C, a `kill` or a closed terminal while a password is typed (echo off) must not leave
    /// the terminal silent: from now on each puts it back, then exits as that signal would (128
    /// plus its number). The handlers are in place when this returns: a dispatch source, which
    /// starts listening a moment later while the signal is ignored, lost a signal sent as soon
    /// as the first screen was out.
    func restoresOnSignals() {
        settingsForSignals = original
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                var settings = settingsForSignals
                tcsetattr(STDIN_FILENO, TCSANOW, &settings)
                _exit(128 + number)
            }
        }
    }
}
