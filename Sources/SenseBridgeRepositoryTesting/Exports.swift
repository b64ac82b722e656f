/// The repository's tests import this module alone: it brings the public kit (the
/// embedded hosts, the harness entry point, the fixture builders) with it, so what a third
/// party gets and what only this checkout can offer stay apart without every test file
/// naming both.
@_exported import SenseBridgeTesting
