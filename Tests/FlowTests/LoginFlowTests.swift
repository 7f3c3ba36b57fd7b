import FlowKit
import Testing
import WorkPhotosRobots

/// Sign-in, driven through the app's screens only.
struct LoginFlowTests {
    @Test(.workPhotosApp())
    func successfulLogin() {
        LoginRobot().login().checkGlance()
    }

    @Test(.workPhotosApp())
    func signedInAsTheStubUser() {
        LoginRobot().login().checkSignedIn(as: "test")
    }

    @Test(.workPhotosApp())
    func wrongPasswordSaysLoginFailed() {
        LoginRobot()
            .checkLoginEnabled(false)
            .attemptLogin(password: "9999")
            .checkLoginFailed()
            .checkLoginEnabled(true)
    }

    @Test(.workPhotosApp(offline: true))
    func offlineSaysSo() {
        LoginRobot().attemptLogin().checkOffline()
    }
}
