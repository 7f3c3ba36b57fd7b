import FlowKit
import Foundation
import Testing

/// The one decision of how a test or a flow starts an app, from its seeder and its store.
struct StoreSetupTests {
    static let store = AppStore(argument: "app.store", file: "app.sqlite")

    @Test(arguments: [
        ("seed", StoreSetupTests.store, StoreSetup.seeded(seeder: "seed", store: StoreSetupTests.store)),
        (nil, nil, StoreSetup.noStore),
        ("seed", nil, StoreSetup.seederWithoutStore),
        (nil, StoreSetupTests.store, StoreSetup.storeWithoutSeeder),
    ] as [(String?, AppStore?, StoreSetup)])
    func theSeederAndTheStoreGoTogether(seeder: String?, store: AppStore?, setup: StoreSetup) {
        #expect(StoreSetup(seeder: seeder, store: store) == setup)
    }

    @Test func onlyTheDefaultFixtureNeedsNoSeeder() {
        #expect(!StoreSetup.needsSeeder("default"))
        #expect(StoreSetup.needsSeeder("small"))
        #expect(StoreSetup.needsSeeder(""))
    }

    @Test func theStoreIsPassedAsItsArgumentAndItsFileInTheFolder() {
        let folder = URL(fileURLWithPath: "/tmp/test-1")
        #expect(Self.store.arguments(in: folder) == ["-app.store", "/tmp/test-1/app.sqlite"])
        #expect(Self.store.path(in: folder) == "/tmp/test-1/app.sqlite")
    }

    @Test(arguments: [("app.store", true), ("-app.store", false), ("", false), ("--", false)])
    func anArgumentIsAKeyWithoutItsDash(argument: String, isOne: Bool) {
        #expect(AppStore.isArgument(argument) == isOne)
    }

    @Test(arguments: [("app.sqlite", true), ("../app.sqlite", false), ("a/b", false), ("", false)])
    func aFileIsANameWithoutAFolder(file: String, isOne: Bool) {
        #expect(AppStore.isFileName(file) == isOne)
    }
}
