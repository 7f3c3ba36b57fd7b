import Foundation

/// The JSON Schema of a flow file, made from the robot catalog, so that an editor with the YAML
/// language server completes robot actions and their parameters (`Flows/flow.schema.json`).
public enum FlowSchema {
    public static func json(catalog: RobotCatalog) -> String {
        let target: [String: Any] = [
            "oneOf": [
                ["type": "string", "description": "an element of any kind, by identifier or label"],
                [
                    "type": "object", "additionalProperties": false, "minProperties": 1,
                    "properties": Dictionary(uniqueKeysWithValues: FlowParser.kindKeys.keys.sorted().map { ($0, ["type": "string"] as [String: Any]) })
                        .merging(["in": ["type": "string", "description": "the alert the element is in"]]) { $1 },
                ],
            ],
        ]
        func targetWith(_ extras: [String: Any], required: [String]) -> [String: Any] {
            var properties: [String: Any] = Dictionary(uniqueKeysWithValues: FlowParser.kindKeys.keys.sorted().map { ($0, ["type": "string"] as [String: Any]) })
            properties["in"] = ["type": "string"]
            for (key, value) in extras { properties[key] = value }
            return ["type": "object", "additionalProperties": false, "properties": properties, "required": required]
        }
        let steps: [String: Any] = ["type": "array", "items": ["$ref": "#/definitions/step"]]
        var primitives: [String: Any] = [
            "tap": ["oneOf": [["type": "string"], targetWith(["waitForIdle": ["type": "boolean"]], required: [])]],
            "assertVisible": target, "assertNotVisible": target,
            "type": targetWith(["text": ["type": "string"]], required: ["text"]),
            "assertLabel": targetWith(["is": ["type": "string"]], required: ["is"]),
            "assertValue": targetWith(["is": ["type": "string"]], required: ["is"]),
            "assertEnabled": ["oneOf": [["type": "string"], targetWith(["is": ["type": "boolean"]], required: [])]],
            "waitFor": ["oneOf": [
                ["type": "string"],
                targetWith(["timeout": ["type": "number", "exclusiveMinimum": 0], "enabled": ["type": "boolean"]], required: []),
            ]],
            "waitUntilGone": ["oneOf": [["type": "string"], targetWith(["timeout": ["type": "number", "exclusiveMinimum": 0]], required: [])]],
            "answerAlert": ["oneOf": [
                ["type": "string", "description": "a button of the alert on top"],
                ["type": "object", "additionalProperties": false, "properties": ["alert": ["type": "string"], "button": ["type": "string"]], "required": ["button"]],
            ]],
            "seed": ["type": "string", "description": "a fixture in Seeds/"],
            "runFlow": ["oneOf": [
                ["type": "string", "description": "a flow file, relative to this one"],
                ["type": "object", "additionalProperties": false, "required": ["file"], "properties": [
                    "file": ["type": "string"], "variables": ["type": "object", "additionalProperties": ["type": "string"]],
                ]],
            ]],
            "repeat": ["type": "object", "additionalProperties": false, "required": ["steps"], "properties": [
                "times": ["type": "integer", "minimum": 0], "while": target, "until": target,
                "max": ["type": "integer", "minimum": 1], "steps": steps,
            ]],
        ]
        var bare = FlowParser.bareSteps
        for action in catalog.actions {
            var properties: [String: Any] = [:]
            for parameter in action.parameters {
                let type = switch parameter.kind { case .string: "string"; case .integer: "integer"; case .boolean: "boolean" }
                properties[parameter.name] = ["type": type, "description": parameter.summary.isEmpty ? parameter.name : parameter.summary]
            }
            let required = action.parameters.filter { !$0.isOptional }.map(\.name)
            primitives[action.fullName] = [
                "description": action.summary + (action.returns.map { " Leads to \($0)." } ?? ""),
                "oneOf": [["type": "null"], ["type": "object", "additionalProperties": false, "properties": properties, "required": required]]
                    .filter { required.isEmpty || ($0["type"] as? String) != "null" },
            ] as [String: Any]
            if required.isEmpty { bare.append(action.fullName) }
        }
        let stepObjects: [[String: Any]] = primitives.keys.sorted().map { key in
            ["type": "object", "additionalProperties": false, "minProperties": 1, "maxProperties": 1, "properties": [key: primitives[key]!], "required": [key]]
        }
        let schema: [String: Any] = [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": "WorkPhotos flow",
            "description": "A YAML flow for the flow runner: see docs/flows.md.",
            "type": "object", "additionalProperties": false, "required": ["name", "steps"],
            "properties": [
                "name": ["type": "string"],
                "tags": ["type": "array", "items": ["type": "string"]],
                "fixture": ["type": "string", "description": "a fixture in Seeds/, seeded before the flow (default: default)"],
                "launch": ["type": "object", "additionalProperties": false, "properties": [
                    "arguments": ["type": "array", "items": ["type": "string"]],
                    "defaults": ["type": "object", "additionalProperties": ["type": "string"]],
                    "environment": ["type": "object", "additionalProperties": ["type": "string"]],
                ]],
                "onAlert": ["type": "object", "additionalProperties": ["type": "string"], "description": "alert identifier: the button to tap whenever it blocks a step"],
                "steps": steps,
            ],
            "definitions": ["step": ["oneOf": [["type": "string", "enum": bare]] + stepObjects]],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
