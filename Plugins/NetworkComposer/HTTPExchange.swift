import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request, answered or abandoned, with no retry, no redirect and a cap on
/// how much of the reply is read.
///
/// Each exchange has its own session, so no connection is ever reused: libcurl (under
/// FoundationNetworking) silently re-sends a request whose reused connection turns out
/// dead, and a retry is exactly what turns a flaky endpoint into a runaway bill.
/// Unchecked Sendable: `lock` guards every `var` here; `finished` is a semaphore, the rest `let`.
final class HTTPExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Outcome: Equatable {
        case response(status: Int, body: Data)
        case timedOut
        case cancelled
        /// No response at all: refused, no route, DNS, TLS.
        case unreachable(String)
        /// The status arrived but the body did not finish.
        case droppedMidBody(status: Int)
        case tooLarge(limit: Int)
    }

    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private let maximumBytes: Int
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var status: Int?
    private var body = Data()
    /// Every byte of the body that arrived, kept or not; reported so the cap can be checked.
    var bytesReceived: Int { lock.withLock { receivedBytes } }
    private var receivedBytes = 0
    /// The seconds a 429 or 503 asked the client to wait (`Retry-After`), capped.
    var retryAfterSeconds: Double? { lock.withLock { retryAfter } }
    private var retryAfter: Double?
    private var verdict: Outcome?
    private var completed = false
    private var aborted = false

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Sends the request and waits at most `seconds`. Blocking is the ABI's contract:
    /// compose returns a result; the host runs it off the depth cadence.
    func run(_ request: URLRequest, seconds: Double) -> Outcome {
        let configuration = URLSessionConfiguration.ephemeral
        // FoundationNetworking hands these to libcurl in whole seconds (1.5 becomes 1),
        // so they are only a backstop; the semaphore below enforces the exact deadline.
        configuration.timeoutIntervalForRequest = Self.backstop(seconds)
        configuration.timeoutIntervalForResource = Self.backstop(seconds)
        configuration.httpMaximumConnectionsPerHost = 1
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // A request queued until connectivity returns would describe a place the user
        // has already left. FoundationNetworking never waits (waitsForConnectivity is
        // unavailable on Linux); the bounded wait in this method holds either way.
        #if canImport(Darwin)
        configuration.waitsForConnectivity = false
        #endif
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        let task = session.dataTask(with: request)
        lock.lock()
        let alreadyCancelled = verdict == .cancelled
        self.session = session
        self.task = task
        lock.unlock()
        defer { session.invalidateAndCancel() }
        if alreadyCancelled { return .cancelled }
        task.resume()
        if finished.wait(timeout: .now() + max(0, seconds)) == .timedOut {
            settle(.timedOut)
            task.cancel()
            // The delegate queue reports the cancellation promptly; never wait unbounded.
            _ = finished.wait(timeout: .now() + 1)
        }
        lock.lock()
        defer { lock.unlock() }
        return verdict ?? .unreachable("the request ended without a reply")
    }

    /// `Retry-After` as seconds from now: delta-seconds or an HTTP-date, at most ten
    /// minutes (a hostile server must not switch the network tier off for a day).
    static func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        let seconds: Double
        if let delta = Double(value), delta.isFinite {
            seconds = delta
        } else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            guard let date = formatter.date(from: value) else { return nil }
            seconds = date.timeIntervalSince(now)
        }
        return seconds > 0 ? min(seconds, 600) : nil
    }

    static func backstop(_ seconds: Double) -> Double {
        seconds.rounded(.up) + 1
    }

    /// Safe from any thread; sticky for this exchange. The waiting caller returns at once
    /// rather than when FoundationNetworking gets round to reporting the cancelled task,
    /// which on a busy machine can be long after the person needed the loop back.
    func cancel() {
        lock.lock()
        let first = verdict == nil && !aborted
        if verdict == nil { verdict = .cancelled }
        aborted = true
        body.removeAll()
        let task = self.task
        lock.unlock()
        task?.cancel()
        if first { finished.signal() }
    }

    /// The first verdict wins: a timeout or cancel is not overwritten by the error the
    /// resulting `task.cancel()` produces.
    private func settle(_ outcome: Outcome) {
        lock.lock()
        if verdict == nil { verdict = outcome }
        lock.unlock()
    }

    /// Stops now: the waiting caller returns at once, whatever the transfer still does
    /// before the cancellation reaches it, and anything that still arrives is discarded.
    private func abort(_ outcome: Outcome, _ task: URLSessionTask) {
        lock.lock()
        let first = verdict == nil && !aborted
        if verdict == nil { verdict = outcome }
        aborted = true
        body.removeAll()
        lock.unlock()
        task.cancel()
        if first { finished.signal() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let wait = http.flatMap { [429, 503].contains($0.statusCode) ? Self.retryAfter($0.value(forHTTPHeaderField: "Retry-After")) : nil }
        lock.lock()
        status = http?.statusCode
        retryAfter = wait
        lock.unlock()
        // Refuse a declared oversize body before reading a byte of it. FoundationNetworking
        // ignores the disposition passed to the handler, so the task is cancelled directly.
        if response.expectedContentLength > Int64(maximumBytes) {
            abort(.tooLarge(limit: maximumBytes), dataTask)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        receivedBytes += data.count
        if aborted {
            lock.unlock()
            return
        }
        body.append(data)
        let over = body.count > maximumBytes
        lock.unlock()
        if over { abort(.tooLarge(limit: maximumBytes), dataTask) }
    }

    /// Never follow a redirect: the key would travel to an address the user never
    /// chose, and the 3xx is reported instead.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let status = self.status
        let body = self.body
        let alreadyCompleted = completed
        completed = true
        lock.unlock()
        guard !alreadyCompleted else { return }
        lock.lock()
        let wasAborted = aborted
        lock.unlock()
        if let error {
            let code = (error as? URLError)?.code
            if code == .timedOut {
                settle(.timedOut)
            } else if code == .cancelled {
                settle(.cancelled)
            } else if let status {
                settle(.droppedMidBody(status: status))
            } else {
                settle(.unreachable(Self.describe(error)))
            }
        } else if let status {
            settle(.response(status: status, body: body))
        } else {
            settle(.unreachable("no HTTP response"))
        }
        if !wasAborted { finished.signal() }
    }

    /// A short reason for a failure before any response, without the URL (which the
    /// user already knows) and without anything the server sent.
    static func describe(_ error: Error) -> String {
        switch (error as? URLError)?.code {
        case .cannotConnectToHost?: return "the connection was refused"
        case .cannotFindHost?, .dnsLookupFailed?: return "the host name could not be resolved"
        case .notConnectedToInternet?: return "this machine is not connected to a network"
        case .networkConnectionLost?: return "the connection was lost"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
             .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?:
            return "a secure connection could not be made"
        case .badServerResponse?: return "the server's response was not HTTP"
        default: return "the request failed (\((error as NSError).code))"
        }
    }
}
