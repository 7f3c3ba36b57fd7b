import Foundation

/// What `flow run --watch` watches, and what a path that changed means to it: a flow file, the
/// scheme, a fixture in the seeds folder, or the app or the seeder. Every path is absolute and
/// standardised (`WatchPlan.key`), as the watcher reports them.
package struct WatchTargets: Sendable, Equatable {
    /// The folders searched for flows (and any flow files given by name).
    package var flowRoots: [String]
    /// Every file the scheme may be read from (those not there yet too: a private scheme that
    /// appears changes the scheme).
    package var schemeFiles: [String]
    /// The fixtures folder, once a scheme was read.
    package var seeds: String?
    /// The app, once a scheme was read.
    package var app: String?
    /// The seeder, once a scheme was read.
    package var seeder: String?
    /// Flow files the selected flows include from outside `flowRoots`.
    package var includedFlows: Set<String>

    /// Targets with every path made absolute and standardised, as the watcher reports paths.
    package init(flowRoots: [String], schemeFiles: [String], seeds: String? = nil, app: String? = nil, seeder: String? = nil,
                includedFlows: Set<String> = []) {
        self.flowRoots = flowRoots.map(WatchPlan.key)
        self.schemeFiles = schemeFiles.map(WatchPlan.key)
        self.seeds = seeds.map(WatchPlan.key)
        self.app = app.map(WatchPlan.key)
        self.seeder = seeder.map(WatchPlan.key)
        self.includedFlows = Set(includedFlows.map(WatchPlan.key))
    }

    /// The directories to watch, those there now: each root folder and every folder under it (but
    /// hidden ones), a root file's folder, the scheme files' folders, the seeds folder and its
    /// folders, the app's and the seeder's folders, and the folders of included flows.
    package func directories() -> [String] {
        var found: [String] = []
        func add(_ directory: String) { if !found.contains(directory) { found.append(directory) } }
        func tree(_ root: String) {
            guard Self.isDirectory(root) else { return }
            add(root)
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                let path = root + "/" + relative
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                    enumerator?.skipDescendants()
                    continue
                }
                if Self.isDirectory(path) { add(path) }
            }
        }
        for root in flowRoots {
            if Self.isDirectory(root) { tree(root) } else { add(Self.folder(of: root)) }
        }
        for file in schemeFiles { add(Self.folder(of: file)) }
        if let seeds { tree(seeds) }
        for binary in [app, seeder].compactMap({ $0 }) { add(Self.folder(of: binary)) }
        for file in includedFlows.sorted() { add(Self.folder(of: file)) }
        return found.filter(Self.isDirectory)
    }

    /// Adds what `path` changing (in the way `kind` says) means to `changes`; false when it means
    /// nothing to the watch (another file in a watched folder, an editor's swap file).
    ///
    /// The scheme and the seeder changing seed everything again and run every flow; the app
    /// changing runs every flow, once it is whole (written and closed, or moved in: a link in
    /// progress does not count); a fixture changing seeds it again; a flow file (or a folder of
    /// flows) changing, appearing or going is noted for `WatchPlan.affected`.
    @discardableResult
    package func record(_ path: String, kind: FileWatcher.Event.Kind, isDirectory: Bool = false, into changes: inout WatchPlan.Changes) -> Bool {
        if kind == .overflow {
            changes.everything = true
            changes.reseedAll = true
            return true
        }
        let path = WatchPlan.key(path)
        if !isDirectory, schemeFiles.contains(path) {
            changes.reseedAll = true
            changes.note(path)
            return true
        }
        if !isDirectory, path == app || path == seeder {
            guard kind == .written else { return false }
            if path == seeder { changes.reseedAll = true } else { changes.everything = true }
            changes.note(path)
            return true
        }
        if let seeds, let relative = Self.relative(path, to: seeds) {
            guard !isDirectory, !Self.isHidden(relative), relative.hasSuffix(".yaml") else { return false }
            changes.fixtures.insert(String(relative.dropLast(".yaml".count)))
            changes.note(path)
            return true
        }
        if !isDirectory, includedFlows.contains(path) || flowRoots.contains(path) {
            changes.flowFiles.insert(path)
            changes.note(path)
            return true
        }
        // Under a folder of flows: as `FlowSuite.files` finds them (no schemes folder, no private
        // or hidden file); a folder that comes or goes may hold flows.
        for root in flowRoots {
            guard let relative = Self.relative(path, to: root) else { continue }
            let components = relative.split(separator: "/")
            guard !components.contains("schemes"), !Self.isHidden(relative), !relative.contains(".private.") else { return false }
            guard isDirectory || relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") else { return false }
            changes.flowFiles.insert(path)
            changes.note(path)
            return true
        }
        return false
    }

    /// `path` relative to the folder `root` (nil when it is not under it).
    static func relative(_ path: String, to root: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    static func isHidden(_ relative: String) -> Bool {
        relative.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    static func folder(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
