import NameMatching

/// A request's id: a string or a number, the number kept as written so that the answer carries
/// exactly the id the client sent (`1.5`, `9223372036854775808`).
enum RequestID: Equatable, Sendable {
    case string(String)
    case number(String)

    var json: JSONValue {
        switch self {
        case let .string(text): .string(text)
        case let .number(literal): .number(literal)
        }
    }
}

/// A JSON-RPC 2.0 error object, with the codes JSON-RPC 2.0 reserves and MCP uses.
struct RPCError: Error, Equatable, Sendable {
    let code: Int
    let message: String

    /// -32700: the line is not JSON.
    static func parse(_ message: String) -> RPCError { RPCError(code: -32700, message: "parse error: " + message) }
    /// -32600: JSON, but not a JSON-RPC 2.0 request.
    static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message: "invalid request: " + message) }
    /// -32601: no such method here.
    static func methodNotFound(_ message: String) -> RPCError { RPCError(code: -32601, message: "method not found: " + message) }
    /// -32602: the method's params are wrong.
    static func invalidParams(_ message: String) -> RPCError { RPCError(code: -32602, message: "invalid params: " + message) }
}

/// One JSON-RPC 2.0 message as this server reads it (<https://www.jsonrpc.org/specification>).
enum JSONRPCMessage: Equatable {
    /// A request: it gets exactly one answer, with its id.
    case request(id: RequestID, method: String, params: [String: JSONValue])
    /// A notification (no id): never answered, as JSON-RPC says.
    case notification(method: String)
    /// A client's answer to a request of ours; this server sends none, so it is dropped unanswered.
    case response
    /// Not a request: answered with an error, with the id when one could be read, else null.
    case invalid(id: RequestID?, RPCError)

    init(_ value: JSONValue) {
        guard case let .object(members) = value else {
            self = .invalid(id: nil, .invalidRequest("a message is a JSON object (or a batch: an array of them), not \(value.kind)"))
            return
        }
        var id: RequestID?
        switch members["id"] {
        case nil: id = nil
        case let .string(text)?: id = .string(text)
        case let .number(literal)?: id = .number(literal)
        case let other?:
            // MCP: "the ID MUST NOT be null"; JSON-RPC: an id is a string or a number.
            self = .invalid(id: nil, .invalidRequest("the id is \(other.kind): an id is a string or a number"))
            return
        }
        if members["method"] == nil, members["result"] != nil || members["error"] != nil {
            self = .response
            return
        }
        guard members["jsonrpc"] == .string("2.0") else {
            let given = members["jsonrpc"].map { if case let .string(text) = $0 { "\"\(Suggestion.shown(text))\"" } else { $0.kind } }
            self = .invalid(id: id, .invalidRequest(given.map { "\"jsonrpc\" is \($0): it must be \"2.0\"" } ?? "no \"jsonrpc\": \"2.0\" in the message"))
            return
        }
        guard let methodValue = members["method"] else {
            self = .invalid(id: id, .invalidRequest("no \"method\" in the message"))
            return
        }
        guard case let .string(method) = methodValue else {
            self = .invalid(id: id, .invalidRequest("the method is \(methodValue.kind): a method is a string such as \"tools/list\""))
            return
        }
        var params: [String: JSONValue] = [:]
        switch members["params"] {
        case nil: break
        case let .object(given)?: params = given
        case .array?:
            // Valid JSON-RPC (params by position), but MCP names every parameter.
            guard let id else {
                self = .notification(method: method)
                return
            }
            self = .invalid(id: id, .invalidParams("params are an array: MCP names its parameters, give an object"))
            return
        case let other?:
            self = .invalid(id: id, .invalidRequest("params are \(other.kind): params are an object"))
            return
        }
        guard let id else {
            self = .notification(method: method)
            return
        }
        self = .request(id: id, method: method, params: params)
    }

    /// The answer to a request: `{"jsonrpc": "2.0", "id": …, "result": …}`.
    static func result(_ result: JSONValue, id: RequestID) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id.json, "result": result])
    }

    /// An error answer; the id is null when the message's could not be read.
    static func error(_ error: RPCError, id: RequestID?) -> JSONValue {
        .object([
            "jsonrpc": .string("2.0"), "id": id?.json ?? .null,
            "error": .object(["code": .number(String(error.code)), "message": .string(error.message)]),
        ])
    }
}
