#include <ltdl.h>
