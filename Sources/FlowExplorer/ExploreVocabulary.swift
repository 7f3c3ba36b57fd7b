import FlowKit

// The words the crawl's outcomes and endings travel as, each declared once: the map's JSON, its
// schema and the summary say them from here.

/// What an action did, as the map says it.
package enum TransitionOutcome: String, Codable, Sendable, CaseIterable {
    /// It led to an idle screen.
    case screen
    /// The app answered it with an error and did nothing.
    case refused
    /// A signal ended the app.
    case crashed
    /// The app exited with a code other than 0.
    case exited
    /// The app was not idle within the wait, and was killed.
    case hung
    /// The app wrote a line that is not a frame.
    case broke
    /// The app ended (an exit with 0, say): its end, not a problem.
    case ended

    /// How the map says an app's end of `cause`.
    static func of(_ cause: FlowFailure.Cause) -> TransitionOutcome {
        switch cause {
        case .crashed: .crashed
        case let .exited(code) where code != 0: .exited
        case .hung: .hung
        case .brokeProtocol: .broke
        case .exited, .check, .refused, .notStarted, .badSetup: .ended
        }
    }

    /// Whether it is a problem of the app's (a crash, an exit with a code, a hang, a broken line).
    var isFailure: Bool {
        switch self {
        case .crashed, .exited, .hung, .broke: true
        case .screen, .refused, .ended: false
        }
    }
}

/// What ended a crawl, or one of its strategies.
package enum CrawlEnd: String, Codable, Sendable, CaseIterable {
    /// It did all it had to.
    case done
    /// `--max-actions` ran out (the map's).
    case maxActions = "max-actions"
    /// `--max-findings` problems were found.
    case maxFindings = "max-findings"
    /// `--time` ran out.
    case time
    /// Ctrl-C.
    case interrupted
    /// The app did not start.
    case launch
}

/// How a walk ended.
package enum WalkEnd: String, Codable, Sendable, CaseIterable {
    /// It took its length of actions.
    case length
    /// The app crashed, hung, exited with a code, broke the protocol, or ended.
    case crashed, hung, exited, broke, ended
    /// Nothing it could do led anywhere.
    case stuck
    /// The app did not start.
    case launch
    /// The crawl's time ran out.
    case time
    /// `--max-findings` problems were found.
    case maxFindings = "max-findings"
    /// Ctrl-C.
    case interrupted

    /// How a walk ends when the app ended with `outcome`.
    init(_ outcome: TransitionOutcome) {
        switch outcome {
        case .crashed: self = .crashed
        case .hung: self = .hung
        case .exited: self = .exited
        case .broke: self = .broke
        case .ended, .screen, .refused: self = .ended
        }
    }

    /// How a walk ends when the crawl stops for `end`.
    init(_ end: CrawlEnd) {
        switch end {
        case .time: self = .time
        case .maxFindings: self = .maxFindings
        case .interrupted: self = .interrupted
        case .launch: self = .launch
        case .done, .maxActions: self = .length
        }
    }
}
