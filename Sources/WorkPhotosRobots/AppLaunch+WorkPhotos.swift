import FlowKit

extension AppLaunch {
    /// How a Swift flow starts WorkPhotos: a fresh store seeded from `fixture` by `workphotos-seed`,
    /// and `workphotos` on it with stub sign-in (user `test`, password `1234`; `-model.offline YES`
    /// when `offline`), then `arguments` (`-drive.delay 0.5`). The binaries are found beside the
    /// test binary, or in `WORKPHOTOS_BIN_DIR`.
    public static func workPhotos(fixture: String = "default", offline: Bool = false, arguments: [String] = []) -> AppLaunch {
        let user = "test", password = "1234"
        return AppLaunch(
            app: "workphotos", seeder: "workphotos-seed", store: Store(argument: "photos.store", file: "photos.sqlite"), fixture: fixture,
            arguments: ["-ui-testing", "YES", "-model.user", user, "-model.password", password] + (offline ? ["-model.offline", "YES"] : []) + arguments,
            environment: ["TZ": "UTC"],  // dates read the same on every machine
            variables: ["test.user": user, "test.password": password], binaries: builtBinaries(overriddenBy: "WORKPHOTOS_BIN_DIR")
        )
    }
}
