extension Identifiers {
    /// A photo's detail.
    public enum PhotoDetail {
        public static let date = "date"
        public static let place = "place"
        public static let coordinates = "coordinates"
        public static let size = "size"
        /// The image element (the picture's description; a colour terminal draws it).
        public static let picture = "picture"
        /// `Dominant colour: #D62828`.
        public static let dominantColour = "dominantColour"
        /// The status line (`Show & Hide applied`).
        public static let status = "status"
        public static let original = "Original"
        public static let showAndHide = "Show & Hide"
        public static let apply = "Apply"

        /// Every identifier the screen shows.
        public static let all = [date, place, coordinates, size, picture, dominantColour, original, showAndHide, apply, status]
    }
}
