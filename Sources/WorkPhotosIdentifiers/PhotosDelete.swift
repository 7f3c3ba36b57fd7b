extension Identifiers {
    /// The system alert that asks before photos are deleted.
    public enum PhotosDelete {
        public static let identifier = "PhotosDelete"
        /// The button that keeps the photos.
        public static let refuse = "Don't Allow"
        /// The button that deletes them.
        public static let delete = "Delete"
    }
}
