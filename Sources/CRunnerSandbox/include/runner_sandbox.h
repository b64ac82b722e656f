/* The limits sensebridge-plugin-runner puts on itself before it loads a plugin.
 * Each is applied to the runner's own process and cannot be lifted by the plugin
 * afterwards: the death signal and the data limit are inherited by nothing the
 * plugin can undo without privileges, the network namespace and the seccomp filter
 * are one-way. */
#ifndef SENSEBRIDGE_RUNNER_SANDBOX_H
#define SENSEBRIDGE_RUNNER_SANDBOX_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Dies with SIGKILL when the host does, so no runner outlives a host killed with
 * SIGKILL. Returns -1 when the parent is already gone (not `parent`). */
int sb_runner_die_with_parent(pid_t parent);

/* SIGTERM, SIGINT and SIGHUP do nothing to the runner: the host alone ends it (destroy,
 * then EOF on its request pipe, then SIGKILL), and it still dies with the host above.
 * Rationale: a service stop signals every process of the service at once; a runner that
 * died of it first was taken for a crashed plugin, and remembered broken. A handler that
 * does nothing, not SIG_IGN: a handler is reset by exec, so a helper the plugin starts
 * (speech-dispatcher) still ends on SIGTERM; an ignored signal would stay ignored in it.
 * SA_RESTART, so a plugin's blocking calls are not cut short. Returns -1 on failure. */
int sb_runner_ignore_stop_signals(void);

/* RLIMIT_DATA: heap and private anonymous mappings. Not RLIMIT_AS, which counts
 * address space merely reserved (glibc reserves 64 MiB per thread arena). */
int sb_runner_limit_data(uint64_t bytes);

#define SB_RUNNER_NETWORK_NAMESPACE 1
#define SB_RUNNER_NETWORK_SECCOMP 2
#define SB_RUNNER_NETWORK_NOT_DENIED 0

/* Cuts the process off from IP networks: its own empty network namespace when the
 * kernel allows it, else a seccomp filter that makes socket(AF_INET/AF_INET6) fail
 * with EACCES. Returns one of SB_RUNNER_NETWORK_*; on NOT_DENIED, `why` says why. */
int sb_runner_deny_network(char *why, size_t why_size);

#endif
