/* libfreenect (Debian: libfreenect-dev), for Plugins/FreenectSource only. The same
 * soname is served by fakenect (/usr/lib/<triplet>/fakenect/) when a process runs with
 * that directory first on LD_LIBRARY_PATH, which is how recordings replay without a device. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr */
#endif
#include <dlfcn.h>
#include <stddef.h>
#include <libfreenect.h>

/* The file the loaded libfreenect came from, or NULL: fakenect ships the same soname,
 * so its path is the only way to tell a recording from a device. The string is the
 * loader's and lives as long as the library stays loaded (for good: never unloaded). */
static inline const char *sensebridge_loaded_libfreenect(void) {
    void *handle = dlopen("libfreenect.so.0.5", RTLD_NOW | RTLD_NOLOAD);
    if (handle == NULL) return NULL;
    void *symbol = dlsym(handle, "freenect_process_events");
    Dl_info info;
    const char *name = (symbol != NULL && dladdr(symbol, &info) != 0) ? info.dli_fname : NULL;
    dlclose(handle);
    return name;
}
