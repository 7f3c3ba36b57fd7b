// Screens are made of the wire format's elements: one declaration for the app and the runner.
@_exported import AutomationWire
