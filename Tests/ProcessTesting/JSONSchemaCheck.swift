import Foundation

/// Holds a JSON value written by a tool to the JSON Schema declared for it: what a test of a
/// committed schema (explore's map, a flow's trace) checks a real file against.
public enum JSONSchemaCheck {
    /// Every key of `value` declared by `schema`, every required one there, and the types right.
    public static func check(_ value: Any, against schema: Any, at path: String, problems: inout [String]) {
        guard let schema = schema as? [String: Any] else { return }
        if let constant = schema["const"], !isEqual(value, constant) { problems.append("\(path) is \(value), not \(constant)") }
        if let minimum = schema["minimum"] as? Double, let number = value as? NSNumber, number.doubleValue < minimum {
            problems.append("\(path) is \(number), below \(minimum)")
        }
        if schema["type"] as? String == "integer", let number = value as? NSNumber, number.doubleValue != number.doubleValue.rounded() {
            problems.append("\(path) is \(number), not a whole number")
        }
        switch schema["type"] as? String {
        case "object":
            guard let object = value as? [String: Any] else { return problems.append("\(path) is not an object") }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in object.keys where properties[key] == nil { problems.append("\(path).\(key) is not in the schema") }
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { problems.append("\(path).\(key) is required but missing") }
            for (key, item) in object { if let property = properties[key] { check(item, against: property, at: "\(path).\(key)", problems: &problems) } }
        case "array":
            guard let array = value as? [Any] else { return problems.append("\(path) is not an array") }
            for (index, item) in array.enumerated() { check(item, against: schema["items"] as Any, at: "\(path)[\(index)]", problems: &problems) }
        case "string":
            if !(value is String) { problems.append("\(path) is not a string") }
            if let choices = schema["enum"] as? [String], let text = value as? String, !choices.contains(text) { problems.append("\(path) is \(text), not one of \(choices)") }
        case "integer", "number":
            if !(value is NSNumber) { problems.append("\(path) is not a number") }
        case "boolean":
            if !(value is Bool) { problems.append("\(path) is not true or false") }
        default:
            break
        }
    }

    /// JSON values equal as JSONSerialization reads them: a string, or a number.
    static func isEqual(_ value: Any, _ constant: Any) -> Bool {
        if let text = constant as? String { return value as? String == text }
        if let number = constant as? NSNumber, let other = value as? NSNumber { return number == other }
        return false
    }
}
