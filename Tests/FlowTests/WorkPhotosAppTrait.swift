import FlowKit
import FlowTesting
import Testing
import WorkPhotosRobots

extension Trait where Self == LaunchAppTrait {
    /// Seeds a fresh store from `fixture`, then launches WorkPhotos on it with stub sign-in
    /// (user `test`, password `1234`) for each test case.
    static func workPhotosApp(fixture: String = "default", offline: Bool = false) -> Self {
        LaunchAppTrait { reporter in
            let prepared = try WorkPhotosLaunch(fixture: fixture, offline: offline).prepare(reporter: reporter)
            return (prepared.app, prepared.cleanUp)
        }
    }
}
