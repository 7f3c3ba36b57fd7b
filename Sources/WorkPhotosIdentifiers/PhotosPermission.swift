extension Identifiers {
    /// The system alert that asks for access to the photo library.
    public enum PhotosPermission {
        public static let identifier = "PhotosPermission"
        /// The button that allows access.
        public static let allow = "OK"
        /// The button that refuses it.
        public static let deny = "Don't Allow"
    }
}
