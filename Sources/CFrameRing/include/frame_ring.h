/* The shared memory frames cross in between the host and a sensebridge-plugin-runner:
 * an anonymous memfd, never a file on disk, sized once and sealed so that neither
 * process can shrink it under the other's mapping (a shrunk file turns the other
 * side's next read into SIGBUS). Glibc's Swift module does not export memfd_create
 * or the sealing fcntls, hence these two functions. */
#ifndef SENSEBRIDGE_FRAME_RING_H
#define SENSEBRIDGE_FRAME_RING_H

#include <stddef.h>

/* A close-on-exec memfd of `bytes` bytes, sealed against shrinking, growing and any
 * further seal (so the runner cannot add a write seal that would stop the host), on a
 * descriptor above 10 (so a child's dup2 onto a low number is never a no-op that keeps
 * close-on-exec). Returns -1 with errno set when the kernel refuses. */
int sb_frame_ring_create(size_t bytes);

/* 1 when `fd` is `bytes` long and sealed against shrinking and growing; 0 otherwise.
 * The runner checks the descriptor it inherited before mapping it. */
int sb_frame_ring_is_sealed(int fd, size_t bytes);

#endif
