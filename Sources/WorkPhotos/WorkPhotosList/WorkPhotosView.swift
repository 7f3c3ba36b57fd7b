/// What the Work photos screen can be told to show.
@MainActor
public protocol WorkPhotosView: AnyObject {
    func display(_ model: WorkPhotosViewModel)
}

public struct WorkPhotosViewModel: Equatable, Sendable {
    /// One work photo in the list.
    public struct Row: Equatable, Sendable {
        /// Stable for automation: `photo-<id>`.
        public var identifier: String
        /// When it was taken: "Mon 1 Jun 2026, 09:05".
        public var date: String
        public var place: String
        /// Chosen (while selecting), to upload or delete.
        public var isSelected: Bool

        public init(identifier: String, date: String, place: String, isSelected: Bool = false) {
            self.identifier = identifier
            self.date = date
            self.place = place
            self.isSelected = isSelected
        }
    }

    public var title: String
    public var rows: [Row]
    /// A line above the list: progress, how many, or why there is no list.
    public var status: String
    /// True when the list is missing for lack of access: the screen offers to open Settings.
    public var offersSettings: Bool
    /// Tapping a row selects it (instead of opening it); Select all, Upload to Drive and Delete are offered.
    public var isSelecting: Bool
    /// Delete is enabled: selecting, with at least one row selected, and nothing in flight.
    public var canDelete: Bool
    /// Upload to Drive is enabled (when Delete is).
    public var canUpload: Bool
    /// Retry is offered: the last upload failed, and nothing is in flight.
    public var canRetry: Bool
    /// What the last action came to: "2 photos deleted", "8 photos uploaded", or why not.
    public var notice: String

    public init(
        title: String, rows: [Row], status: String, offersSettings: Bool, isSelecting: Bool = false, canDelete: Bool = false,
        canUpload: Bool = false, canRetry: Bool = false, notice: String = ""
    ) {
        self.title = title
        self.rows = rows
        self.status = status
        self.offersSettings = offersSettings
        self.isSelecting = isSelecting
        self.canDelete = canDelete
        self.canUpload = canUpload
        self.canRetry = canRetry
        self.notice = notice
    }
}
