extension Identifiers {
    /// The Work photos list. Its cells are identified by photo (`photo-7`), not here.
    public enum Photos {
        /// The status line (`8 work photos`).
        public static let status = "status"
        /// The button shown when the list is missing for lack of access.
        public static let openSettings = "Open Settings"
        /// Starts choosing photos; while choosing, the same button is labelled `done`.
        public static let select = "Select"
        /// The label of `select` while choosing photos (its identifier stays `select`).
        public static let done = "Done"
        public static let selectAll = "Select all"
        public static let upload = "Upload to Drive"
        public static let delete = "Delete"
        /// The last action's notice (`8 photos uploaded`, `Nothing was deleted`).
        public static let notice = "notice"
        /// Offered after a failed upload.
        public static let retry = "Retry"

        /// Every identifier the screen shows, besides its cells.
        public static let all = [status, openSettings, select, selectAll, upload, delete, notice, retry]
    }
}
