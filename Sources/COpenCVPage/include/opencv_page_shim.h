// A C interface to the part of OpenCV's imgproc module the tesseract OCR plugin uses to
// find a page in a photograph and flatten it: OpenCV has no C API, and Swift imports C,
// so this one small C++ file stands between them. It measures and warps; what counts as
// a page is decided in Swift (Sources/PageOutline/PageFinding.swift), where it is tested
// with plain values.
//
// Every function catches every C++ exception at this boundary: a failure comes back as a
// status and a message written into the caller's buffer, never as an exception crossing
// into Swift (which would abort the process).
//
// [any-thread] The functions keep no state; pixels are borrowed for the call only.
#ifndef SENSEBRIDGE_OPENCV_PAGE_SHIM_H
#define SENSEBRIDGE_OPENCV_PAGE_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// A point in the frame's pixels, origin top-left.
typedef struct {
    float x;
    float y;
} sb_page_point;

// The most vertices the corners and the outline carry; more are never written.
#define SB_PAGE_CORNERS_MAX_POINTS 16
#define SB_PAGE_OUTLINE_MAX_POINTS 128

// The brightest large region of a frame, as the page would be: the convex outline of the
// largest connected region lighter than the frame's Otsu threshold, and how it stands
// out from the rest of the frame.
typedef struct {
    // The outline simplified to its few main vertices (a page's corners, and where the
    // frame cuts it), in frame pixels, in order around it. 0 when no light region was
    // found; more than SB_PAGE_CORNERS_MAX_POINTS are never written (corner_count then
    // says how many there were).
    int32_t corner_count;
    sb_page_point corners[SB_PAGE_CORNERS_MAX_POINTS];
    // The outline itself, to within a pixel of the copy it was measured on: it follows
    // the frame's edge wherever the frame cuts the region, however short the run.
    int32_t point_count;
    sb_page_point points[SB_PAGE_OUTLINE_MAX_POINTS];
    // The outline's area over the frame's, 0...1.
    float area_fraction;
    // Mean gray (0 black ... 255 white) inside the outline and outside it.
    float inside_mean;
    float outside_mean;
    // The share of the pixels outside the outline that are darker than the threshold,
    // 0...1; 0 when nothing lies outside it.
    float outside_dark_fraction;
    // The largest light region outside the outline that comes within a fifth of the
    // outline's shorter side of it, in pixels over the outline's, 0 when there is none:
    // paper beyond a dark band across the page (a header bar), where the outline found
    // only the larger part of the page.
    float near_light_fraction;
} sb_page_outline;

// Finds the outline of the light region in `pixels` (`channels` 1 gray or 3 RGB, rows
// `stride` bytes apart), measured on a copy whose longer side is at most `analysis_side`
// pixels (the outline is given back in the frame's own pixels). 0 on success (an outline
// with point_count 0 when there is no light region), -1 with a message in `error`
// (NUL-terminated, truncated to `error_size`).
int32_t sb_page_find_outline(const uint8_t *pixels, int32_t width, int32_t height, int32_t channels, size_t stride,
                             int32_t analysis_side, sb_page_outline *outline, char *error, size_t error_size);

// Maps the quadrilateral `corners` (top-left, top-right, bottom-right, bottom-left, in
// frame pixels) of `pixels` onto the whole of `output`, `output_width` x `output_height`
// pixels of the same `channels`, rows packed, with bilinear interpolation. 0 on success,
// -1 with a message.
int32_t sb_page_warp(const uint8_t *pixels, int32_t width, int32_t height, int32_t channels, size_t stride,
                     const sb_page_point *corners, uint8_t *output, int32_t output_width, int32_t output_height,
                     char *error, size_t error_size);

// Evens out the light over a flattened page, in place (`channels` 1 or 3, rows packed):
// each pixel is divided by the paper's brightness around it (the page with its ink
// dilated away and blurred), so the paper comes out white everywhere and ink keeps its
// contrast with the paper beside it. 0 on success, -1 with a message.
int32_t sb_page_even_light(uint8_t *pixels, int32_t width, int32_t height, int32_t channels, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
