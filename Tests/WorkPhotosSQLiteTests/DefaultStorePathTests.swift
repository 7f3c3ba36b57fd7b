import Testing
import WorkPhotosSQLite

struct DefaultStorePathTests {
    @Test func theStoresAndTheDriveFolderAreUnderTheXDGDataFolder() {
        let environment = ["XDG_DATA_HOME": "/data", "HOME": "/home/carol"]
        #expect(DefaultStorePath.resolve(environment: environment) == "/data/workphotos/photos.sqlite")
        #expect(DefaultStorePath.resolve(file: "accounts.sqlite", environment: environment) == "/data/workphotos/accounts.sqlite")
        #expect(DefaultStorePath.resolve(file: "Drive", environment: environment) == "/data/workphotos/Drive")
    }

    /// The XDG rule: a relative `XDG_DATA_HOME` is ignored.
    @Test func withoutAnAbsoluteXDGDataFolderItIsUnderHome() {
        #expect(DefaultStorePath.resolve(environment: ["HOME": "/home/carol"]) == "/home/carol/.local/share/workphotos/photos.sqlite")
        #expect(DefaultStorePath.resolve(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/carol"])
            == "/home/carol/.local/share/workphotos/photos.sqlite")
    }
}
