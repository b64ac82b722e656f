import Foundation
import SenseBridgeHost

/// How every command finds a profile, and the one rule for its exit status: a profile
/// that does not exist, by name or by path, is 66 (EX_NOINPUT); one that exists and is
/// wrong is 78 (EX_CONFIG).
enum ProfileLookup {
    /// Loads a profile by name or path, as written; the error names the file or the
    /// directories searched. `profiles show` judges what it finds; a session calls `session`.
    static func load(_ nameOrPath: String, context: Context) throws -> OutputProfile {
        do {
            return try context.profiles.profile(nameOrPath)
        } catch let problem as ProfileProblem {
            throw CLIError(message: problem.description, code: problem.severity == .unreadable ? .noInput : .config)
        } catch let error as ProfileStore.LookupError {
            throw CLIError(message: error.description, code: .noInput)
        }
    }

    /// The profile a session will run with, refused before anything starts when it is
    /// invalid (`OutputProfile.problems(in:)`): every problem on its own line, then what to
    /// do. A plugin that is installed but broken does not refuse it: the session starts
    /// without that output and says so.
    static func session(_ nameOrPath: String, context: Context) throws -> OutputProfile {
        let profile = try load(nameOrPath, context: context)
        let refused = profile.problems(in: context.host.catalog).filter { $0.severity == .invalid }
        guard refused.isEmpty else {
            throw CLIError(message: (refused.map(\.description)
                                     + ["The profile was refused before anything started; nothing was rendered. "
                                        + "Fix the file, then check it with 'sensebridge profiles show \(profile.fileURL.path)'."])
                                    .joined(separator: "\nsensebridge: "),
                           code: .config)
        }
        return profile
    }
}
