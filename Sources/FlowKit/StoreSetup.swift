import Foundation

/// Where an app reads its store: each test's or flow's copy is passed as `-argument FOLDER/file`,
/// the copy named `file` inside its own folder.
///
/// Declared once for the Swift side (``AppLaunch``) and the flow runner's schemes, which both
/// call it `Store`.
public struct AppStore: Sendable, Equatable {
    /// The app's launch argument for its store, without the dash (`photos.store`).
    public var argument: String
    /// The store's file name inside each test's or flow's own folder (`photos.sqlite`).
    public var file: String

    /// A store passed as `-argument FOLDER/file`.
    public init(argument: String, file: String) {
        self.argument = argument
        self.file = file
    }

    /// The store's path inside `folder`.
    public func path(in folder: URL) -> String {
        folder.appendingPathComponent(file).path
    }

    /// The arguments that give the app its store in `folder` (`-photos.store FOLDER/photos.sqlite`).
    public func arguments(in folder: URL) -> [String] {
        ["-\(argument)", path(in: folder)]
    }

    /// True for an argument the app can be given: a key, not empty, without its dash (which the
    /// launch adds; with two, the app would read another key).
    public static func isArgument(_ argument: String) -> Bool {
        !argument.isEmpty && !argument.hasPrefix("-")
    }

    /// True for a file name without a folder, so the store stays inside the test's own folder.
    public static func isFileName(_ file: String) -> Bool {
        !file.isEmpty && !file.contains("/")
    }
}

/// How each test or flow starts an app, from its seeder and its store, which go together: with
/// both, on a fresh store the seeder resets to a fixture, passed to the app; with neither (an app
/// that keeps no data), the app as it is, with nothing seeded and no store argument.
///
/// The one place that decides it, for ``AppLaunch`` and the flow runner's schemes alike; each says
/// a half-given pair in its own words (a scheme's keys, a launch's properties).
public enum StoreSetup: Sendable, Equatable {
    /// An app that keeps no data: launched as it is, nothing seeded, no store argument passed.
    case noStore
    /// Each test's or flow's own store, reset to a fixture by `seeder` and passed to the app.
    case seeded(seeder: String, store: AppStore)
    /// A seeder with nowhere to write: refused, or the app would never see what it seeded.
    case seederWithoutStore
    /// A store that nothing seeds: refused, or the app would be pointed at a file never written.
    case storeWithoutSeeder

    /// The fixture a test or flow that names none starts from: under ``noStore``, the app as it is
    /// launched, which needs no seeder.
    public static let defaultFixture = "default"

    /// The setup `seeder` and `store` give together.
    public init(seeder: String?, store: AppStore?) {
        switch (seeder, store) {
        case let (seeder?, store?): self = .seeded(seeder: seeder, store: store)
        case (_?, nil): self = .seederWithoutStore
        case (nil, _?): self = .storeWithoutSeeder
        case (nil, nil): self = .noStore
        }
    }

    /// True when `fixture` needs a seeder to start from: any but ``defaultFixture``.
    public static func needsSeeder(_ fixture: String) -> Bool {
        fixture != defaultFixture
    }
}
