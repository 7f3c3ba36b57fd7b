import FlowKit

/// What the TodoMVC app's YAML flows can call, and what must hold of it: the runner's parser, lint,
/// schema, step reference and `explore` are made from it.
public enum TodosCatalog {
    /// The robot's table and the specification's properties.
    public static let catalog = RobotCatalog([TodosRobot.yaml], properties: [TodosRobot.properties, TodosRobot.added])
}
