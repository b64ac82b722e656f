/* libfreenect (Debian: libfreenect-dev), for Plugins/FreenectSource only. The same
 * soname is served by fakenect (/usr/lib/<triplet>/fakenect/) when a process runs with
 * that directory first on LD_LIBRARY_PATH, which is how recordings replay without a device. */
#include <stddef.h>
#include <libfreenect.h>
