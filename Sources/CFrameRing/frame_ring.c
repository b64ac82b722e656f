#define _GNU_SOURCE
#include "frame_ring.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int sb_frame_ring_create(size_t bytes) {
    int fd = memfd_create("sensebridge-frames", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    int high = -1;
    if (ftruncate(fd, (off_t)bytes) == 0 && fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) == 0) {
        high = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    }
    int saved = errno;
    close(fd);
    errno = saved;
    return high;
}

int sb_frame_ring_is_sealed(int fd, size_t bytes) {
    struct stat status;
    if (fstat(fd, &status) != 0 || status.st_size < 0 || (size_t)status.st_size != bytes) return 0;
    int seals = fcntl(fd, F_GET_SEALS);
    int wanted = F_SEAL_SHRINK | F_SEAL_GROW;
    return seals >= 0 && (seals & wanted) == wanted;
}
