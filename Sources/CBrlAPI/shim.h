#include <brlapi.h>
