/// Files that are written together, all or none as far as a file system allows: each goes
/// through ``OutputFile`` to its temporary file first (its folders made), and none is renamed
/// over its target until every one is written. Writing is what fails (no space left, a quota, a
/// file too large for `ulimit -f`); a failure then leaves none of the files, their temporary files
/// nor the folders made for them. The renames come last, in the order the files were added, so the
/// file added last (`flow merge`'s JUnit file, which CI reads) appears only when all the others
/// have.
package final class OutputBatch {
    private var prepared: [OutputFile.Prepared] = []
    /// Folders made for the batch (outermost first, each call's), removed by `discard` when empty.
    private var folders: [[String]] = []

    /// An empty batch.
    package init() {}

    deinit {
        discard()
    }

    /// Writes `bytes` to `path`'s temporary file (see ``OutputFile/prepare(_:to:)``); the file
    /// appears at `commit`.
    package func add(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        prepared.append(try OutputFile.prepare(bytes, to: path))
    }

    /// Writes `text` as UTF-8 to `path`'s temporary file; the file appears at `commit`.
    package func add(_ text: String, to path: String) throws(OutputFileError) {
        try add(Array(text.utf8), to: path)
    }

    /// Makes the folder `path` now (as ``OutputFile/folder(_:)``), so a folder with nothing in it
    /// is made too; `discard` removes it again while it is empty.
    package func folder(_ path: String) throws(OutputFileError) {
        folders.append(try OutputFile.makeFolder(path))
    }

    /// Renames every file over its target, in the order they were added. If a rename fails (rare:
    /// nothing is written then), the files renamed before it stay, the others are removed, and
    /// the error is thrown.
    package func commit() throws(OutputFileError) {
        let files = prepared
        prepared = []
        folders = []
        for (index, file) in files.enumerated() {
            do {
                try file.commit()
            } catch {
                for rest in files[(index + 1)...].reversed() { rest.discard() }
                throw error
            }
        }
    }

    /// Removes every temporary file and the folders made for the batch that are empty then.
    package func discard() {
        for file in prepared.reversed() { file.discard() }
        for made in folders.reversed() { OutputFile.removeFolders(made) }
        prepared = []
        folders = []
    }
}
