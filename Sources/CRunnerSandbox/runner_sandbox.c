#define _GNU_SOURCE
#include "runner_sandbox.h"

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define SB_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define SB_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

int sb_runner_die_with_parent(pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    /* The host may have died between spawning us and the prctl. */
    return getppid() == parent ? 0 : -1;
}

static void sb_runner_stop_signal(int signal) { (void)signal; }

int sb_runner_ignore_stop_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = sb_runner_stop_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    const int stops[] = {SIGTERM, SIGINT, SIGHUP};
    for (size_t index = 0; index < sizeof stops / sizeof stops[0]; index++) {
        if (sigaction(stops[index], &action, NULL) != 0) return -1;
    }
    return 0;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SB_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SB_SANITIZED 1
#endif

#ifdef SB_SANITIZED
/* The process's private writable mappings so far (VmData), in bytes; 0 when unknown. */
static uint64_t current_data_bytes(void) {
    FILE *status = fopen("/proc/self/status", "r");
    if (status == NULL) return 0;
    char line[256];
    unsigned long long kib = 0;
    while (fgets(line, sizeof line, status) != NULL) {
        if (sscanf(line, "VmData: %llu kB", &kib) == 1) break;
    }
    fclose(status);
    return (uint64_t)kib * 1024u;
}
#endif

int sb_runner_limit_data(uint64_t bytes) {
#ifdef SB_SANITIZED
    /* Built with a sanitizer (`make sanitize`): its shadow memory and allocator are
     * private mappings made before this call, terabytes of them, which RLIMIT_DATA
     * counts, so the plain limit would fail every later allocation at once. The
     * limit is put on top of what is already mapped: a plugin that leaks still hits
     * it, as in the ordinary build. */
    uint64_t already = current_data_bytes();
    if (already > UINT64_MAX - bytes) return 0;
    bytes += already;
#endif
    struct rlimit limit = { .rlim_cur = bytes, .rlim_max = bytes };
    return setrlimit(RLIMIT_DATA, &limit);
}

#ifdef SB_AUDIT_ARCH
static int deny_inet_sockets(void) {
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SB_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 4),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_INET, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_INET6, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = { .len = (unsigned short)(sizeof filter / sizeof filter[0]), .filter = filter };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program);
}
#endif

int sb_runner_deny_network(char *why, size_t why_size) {
    if (unshare(CLONE_NEWNET) == 0) return SB_RUNNER_NETWORK_NAMESPACE;
    int namespace_error = errno;
#ifdef SB_AUDIT_ARCH
    if (deny_inet_sockets() == 0) return SB_RUNNER_NETWORK_SECCOMP;
    snprintf(why, why_size, "no network namespace (%s) and no seccomp filter (%s)",
             strerror(namespace_error), strerror(errno));
#else
    snprintf(why, why_size, "no network namespace (%s), and no seccomp filter for this architecture",
             strerror(namespace_error));
#endif
    return SB_RUNNER_NETWORK_NOT_DENIED;
}
