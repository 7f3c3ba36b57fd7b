extension Identifiers {
    /// The Login screen.
    public enum Login {
        public static let username = "Username"
        public static let password = "Password"
        /// The Login button.
        public static let login = "Login"
        /// The result line (`Login failed`, the offline message).
        public static let results = "results"

        /// Every identifier the screen shows.
        public static let all = [username, password, login, results]
    }
}
