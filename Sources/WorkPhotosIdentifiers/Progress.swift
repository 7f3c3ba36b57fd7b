extension Identifiers {
    /// The overlay shown while work is in flight (an upload): an alert with no buttons. Its title
    /// (`Uploading…`) is the presenter's word, not an identifier.
    public enum Progress {
        public static let identifier = "Progress"
    }
}
