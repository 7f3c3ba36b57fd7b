// FlowKit reads the app's frames in the protocol's own types (the AutomationWire leaf target): it
// still never imports an app module, so the app stays a black box behind a process boundary.
@_exported import AutomationWire

/// A consistent snapshot of the whole screen, taken from one frame.
public typealias ScreenSnapshot = Screen
/// One element of a frame.
public typealias ElementSnapshot = Element
/// The kinds of element a query can ask for.
public typealias ElementKind = Element.Kind
