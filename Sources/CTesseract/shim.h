/* tesseract's C API (Debian: libtesseract-dev, 5.x), for Plugins/TesseractOCR only,
 * and leptonica (libleptonica-dev), which tesseract is built on: the plugin hands
 * tesseract raw pixels and needs none of it, but its tests decode the sample PNGs
 * with pixRead, the same decoder tesseract's own command line uses. */
#include <stdbool.h>
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
