/// Where the login screen can lead.
@MainActor
public protocol LoginNavigating: AnyObject {
    func showGlance(for account: Account)
}
