extension Identifiers {
    /// The At a glance screen.
    public enum Glance {
        /// The text that reads the screen's title, `At a glance`.
        public static let title = "title"
        /// `Signed in as NAME`.
        public static let user = "signedInAs"
        public static let workPhotos = "workPhotoCount"
        public static let otherPhotos = "otherPhotoCount"
        public static let lastUpload = "lastUpload"
        /// Why the counts are missing, when they are.
        public static let notice = "notice"
        public static let review = "Review work photos"
        public static let settings = "Settings"

        /// Every identifier the screen shows.
        public static let all = [title, user, workPhotos, otherPhotos, lastUpload, notice, review, settings]
    }
}
