import FlowKit
import FlowTesting
import Testing
import WorkPhotosRobots

extension Trait where Self == LaunchAppTrait {
    /// Seeds a fresh store from `fixture`, then launches WorkPhotos on it with stub sign-in
    /// (user `test`, password `1234`) for each test case.
    /// `arguments` are added to the launch (`-drive.delay 0.5`).
    static func workPhotosApp(fixture: String = "default", offline: Bool = false, arguments: [String] = []) -> Self {
        .launching(.workPhotos(fixture: fixture, offline: offline, arguments: arguments))
    }
}
