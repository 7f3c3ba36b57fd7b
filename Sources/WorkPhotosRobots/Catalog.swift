import FlowKit

/// What YAML flows can call: each robot's actions (declared beside the robot, in its own file),
/// the system alerts the app raises, and what must hold of the app (its properties, beside the
/// robots too). The flow runner's parser, lint, schema and step reference are made from this.
public enum WorkPhotosCatalog {
    public static let catalog = RobotCatalog(
        [LoginRobot.yaml, GlanceRobot.yaml, PhotosRobot.yaml, PhotoDetailRobot.yaml, SettingsRobot.yaml],
        alerts: [PhotoPermissionAlert.declaration, PhotoPermissionAlert.notSaved] + PhotosRobot.alerts,
        formerRobots: ["Detail": PhotoDetailRobot.name],
        properties: [GlanceRobot.properties]
    )
}
