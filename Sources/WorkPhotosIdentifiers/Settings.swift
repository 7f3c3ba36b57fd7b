extension Identifiers {
    /// The Settings screen.
    public enum Settings {
        /// The cell that turns the app's photo access on and off (its label too).
        public static let photosAccess = "Photos access"
        /// Why a change could not be made, when it could not.
        public static let notice = "notice"

        /// Every identifier the screen shows.
        public static let all = [photosAccess, notice]
    }
}
