extension Identifiers {
    /// The alert that says an answer to `PhotosPermission` could not be stored.
    public enum PhotosAnswerNotSaved {
        public static let identifier = "PhotosAnswerNotSaved"
        /// Its title, fixed, so flows may name the alert by it.
        public static let title = "Your answer was not saved"
        public static let ok = "OK"
    }
}
