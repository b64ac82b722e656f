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
