import Foundation
import PresenterKit
import TextUI

/// The smallest text app on TextUI's entry point, for TextAppTests to run as a person or a script
/// would: one screen, and launch arguments that make each of the entry point's endings happen.
///
/// `-sample.setup fail` fails the composition; `-sample.end fail` fails the check at the end;
/// `-sample.screen NO` shows no first screen. On its screen, `Tap` counts in the background, `Log`
/// writes a log line, `Stop` ends the app from a background thread, and `Secret` is a secure field.
@main
enum SampleApp {
    static func main() async {
        await TextApp.main(name: "textapp-sample") { launch in
            try LaunchKeys(known: ["sample.setup", "sample.end", "sample.screen"])
                .check(launch.argumentKeys, toolkit: TextApp.launchKeys, allowsStubs: true)
            if try launch.defaults.string("sample.setup") == "fail" { throw SampleError("the sample's setup failed") }
            if try launch.defaults.string("sample.end") == "fail" {
                launch.checkAtEnd { throw SampleError("the sample's check at the end failed") }
            }
            let screen = SampleScreen(launch: launch)
            if try launch.defaults.flag("sample.screen") ?? true { launch.stage.setRoot(screen) }
            return screen
        }
    }
}

struct SampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@MainActor
final class SampleScreen: ScreenController {
    private let launch: TextApp.Launch
    private var taps = 0
    private var isSecretFilled = false

    init(launch: TextApp.Launch) {
        self.launch = launch
    }

    let title = "Sample"

    var elements: [Element] {
        [
            .text("Taps: \(taps)", identifier: "count"),
            // Labelled apart from its identifier: steps may name it either way.
            .secureField("Secret", label: "Passphrase", isFilled: isSecretFilled),
            .button("Tap"),
            .button("Log"),
            .button("Stop"),
        ]
    }

    func tap(_ identifier: String) {
        switch identifier {
        case "Tap":
            launch.scheduler.schedule({ 1 }, completion: { [weak self] result in self?.taps += (try? result.get()) ?? 0 })
        case "Log":
            launch.logger.log("tapped Log")
        case "Stop":
            launch.scheduler.schedule({ [launch] in launch.stop(because: SampleError("stopped from the background")) }, completion: { _ in })
        default:
            break
        }
    }

    func enter(_ text: String, into identifier: String) {
        isSecretFilled = !text.isEmpty
    }
}
