// A C interface to the part of OpenCV's DNN module the object detector and the sound
// classifier use: OpenCV has no C API, and Swift imports C, so this one small C++ file
// stands between them.
//
// Every function catches every C++ exception at this boundary: a failure comes back as a
// status and a message written into the caller's buffer, never as an exception crossing
// into Swift (which would abort the process).
//
// [instance-thread] A net is used by one thread at a time; two nets may run at once.
#ifndef SENSEBRIDGE_OPENCV_DNN_SHIM_H
#define SENSEBRIDGE_OPENCV_DNN_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// A loaded network. Owned by the caller from sb_dnn_load until sb_dnn_free.
typedef struct sb_dnn_net sb_dnn_net;

// How an image becomes the network's input, as cv::dnn::blobFromImage takes it.
// `swap_rb` has OpenCV's meaning for an image in OpenCV's BGR order (what cv2.imread
// returns): 1 when the network takes RGB. The shim is handed RGB and accounts for it.
typedef struct {
    int32_t input_width;
    int32_t input_height;
    double scale;
    double mean[3];
    int32_t swap_rb;
} sb_dnn_preprocessing;

// One row of a DetectionOutput layer: the class id as the model numbers it, its score,
// and the box's corners normalized to the image (they may fall a little outside 0...1).
typedef struct {
    int32_t class_id;
    float score;
    float x0, y0, x1, y1;
} sb_dnn_detection;

// Loads `model` (and `config`, "" for none) with cv::dnn::readNet. `framework` is ""
// to let OpenCV tell by the files' extensions (.pb TensorFlow, .caffemodel Caffe,
// .weights Darknet, .onnx ONNX), or one of "tensorflow", "caffe", "darknet", "onnx".
// Returns NULL on failure with a message in `error` (NUL-terminated, truncated to
// `error_size`).
sb_dnn_net *sb_dnn_load(const char *model, const char *config, const char *framework,
                        char *error, size_t error_size);

void sb_dnn_free(sb_dnn_net *net);

// OpenCV's worker threads for every net in the process (cv::setNumThreads). 0 on
// success, -1 with a message.
int32_t sb_dnn_set_threads(int32_t threads, char *error, size_t error_size);
int32_t sb_dnn_threads(void);

// Makes `pixels` the net's input: `channels` is 1 (gray) or 3 (RGB), rows `stride`
// bytes apart. The pixels are borrowed for the call only. 0 on success, -1 with a message.
int32_t sb_dnn_set_input(sb_dnn_net *net, const uint8_t *pixels, int32_t width, int32_t height,
                         int32_t channels, size_t stride, const sb_dnn_preprocessing *preprocessing,
                         char *error, size_t error_size);

// Runs the net on its input and writes up to `capacity` rows to `rows`. Returns the
// number of rows the net produced (which may exceed `capacity`; only `capacity` are
// written), or -1 with a message. Cannot be interrupted once started.
int32_t sb_dnn_forward(sb_dnn_net *net, sb_dnn_detection *rows, int32_t capacity,
                       char *error, size_t error_size);

// Makes `values` the net's input as a float blob of `dims` axes sized `shape` (the sound
// classifier's [1, 1, 96, 64] log-mel patch). The values are copied; they are borrowed
// for the call only. 0 on success, -1 with a message.
int32_t sb_dnn_set_input_values(sb_dnn_net *net, const float *values, const int32_t *shape, int32_t dims,
                                char *error, size_t error_size);

// Runs the net on its input and copies up to `capacity` floats of its (first) output to
// `values`, in OpenCV's row-major order. Returns how many floats the output holds (which
// may exceed `capacity`; only `capacity` are written), or -1 with a message. Cannot be
// interrupted once started.
int64_t sb_dnn_forward_values(sb_dnn_net *net, float *values, int64_t capacity,
                              char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
