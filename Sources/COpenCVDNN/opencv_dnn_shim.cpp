#include "opencv_dnn_shim.h"

#include <cstdio>
#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

struct sb_dnn_net {
    cv::dnn::Net net;
};

namespace {

void write_error(char *error, size_t error_size, const std::string &message) {
    if (error == nullptr || error_size == 0) return;
    std::snprintf(error, error_size, "%s", message.c_str());
}

// Runs `body`, turning any exception into `failed` and a message: no C++ exception may
// unwind into the Swift frames that called the shim.
template <typename Result, typename Body>
Result guarded(char *error, size_t error_size, Result failed, Body body) {
    try {
        return body();
    } catch (const cv::Exception &exception) {
        // err is OpenCV's own sentence; what() adds the source file and line.
        write_error(error, error_size, exception.err.empty() ? exception.what() : exception.err);
    } catch (const std::exception &exception) {
        write_error(error, error_size, exception.what());
    } catch (...) {
        write_error(error, error_size, "OpenCV failed with an exception that is not a std::exception");
    }
    return failed;
}

}  // namespace

extern "C" sb_dnn_net *sb_dnn_load(const char *model, const char *config, const char *framework,
                                   char *error, size_t error_size) {
    return guarded<sb_dnn_net *>(error, error_size, nullptr, [&]() -> sb_dnn_net * {
        cv::dnn::Net net = cv::dnn::readNet(model, config ? config : "", framework ? framework : "");
        if (net.empty()) {
            write_error(error, error_size, "OpenCV read the files but found no network in them");
            return nullptr;
        }
        net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        return new sb_dnn_net{net};
    });
}

extern "C" void sb_dnn_free(sb_dnn_net *net) {
    try {
        delete net;
    } catch (...) {
    }
}

extern "C" int32_t sb_dnn_set_threads(int32_t threads, char *error, size_t error_size) {
    return guarded<int32_t>(error, error_size, -1, [&]() -> int32_t {
        cv::setNumThreads(threads);
        return 0;
    });
}

extern "C" int32_t sb_dnn_threads(void) {
    try {
        return cv::getNumThreads();
    } catch (...) {
        return -1;
    }
}

extern "C" int32_t sb_dnn_set_input(sb_dnn_net *net, const uint8_t *pixels, int32_t width, int32_t height,
                                    int32_t channels, size_t stride, const sb_dnn_preprocessing *preprocessing,
                                    char *error, size_t error_size) {
    return guarded<int32_t>(error, error_size, -1, [&]() -> int32_t {
        if (channels != 1 && channels != 3) {
            write_error(error, error_size, "the image has " + std::to_string(channels) + " channels; the detector takes 1 (gray) or 3 (RGB)");
            return -1;
        }
        // Borrowed, not copied: blobFromImage resizes into a buffer of its own first.
        cv::Mat image(height, width, channels == 3 ? CV_8UC3 : CV_8UC1, const_cast<uint8_t *>(pixels), stride);
        cv::Mat rgb;
        if (channels == 1) {
            cv::cvtColor(image, rgb, cv::COLOR_GRAY2RGB);  // what cv2.imread makes of a gray file
        } else {
            rgb = image;
        }
        // blobFromImage expects BGR and swaps into RGB when asked. Given RGB, the opposite
        // swap gives the same blob, mean included: it subtracts mean[k] from the k-th
        // channel it outputs, whichever way the channels came in. Resizing commutes with
        // the swap, so no full-size conversion is made.
        const cv::Scalar mean(preprocessing->mean[0], preprocessing->mean[1], preprocessing->mean[2]);
        cv::Mat blob = cv::dnn::blobFromImage(rgb, preprocessing->scale,
                                              cv::Size(preprocessing->input_width, preprocessing->input_height),
                                              mean, preprocessing->swap_rb == 0, false, CV_32F);
        net->net.setInput(blob);
        return 0;
    });
}

extern "C" int32_t sb_dnn_forward(sb_dnn_net *net, sb_dnn_detection *rows, int32_t capacity,
                                  char *error, size_t error_size) {
    return guarded<int32_t>(error, error_size, -1, [&]() -> int32_t {
        cv::Mat output = net->net.forward();
        // A DetectionOutput layer (SSD, Faster R-CNN from TensorFlow or Caffe) gives
        // [1, 1, N, 7]: batch, class, score, x0, y0, x1, y1.
        if (output.dims != 4 || output.size[3] != 7 || output.type() != CV_32F) {
            std::string shape;
            for (int axis = 0; axis < output.dims; axis++) shape += (axis ? "x" : "") + std::to_string(output.size[axis]);
            write_error(error, error_size, "the model's output is " + shape + "; the detector reads detection rows of 7 values ([1, 1, N, 7], an SSD-style DetectionOutput layer)");
            return -1;
        }
        const int count = output.size[2];
        const float *values = output.ptr<float>();
        for (int index = 0; index < count && index < capacity; index++) {
            const float *row = values + index * 7;
            rows[index] = sb_dnn_detection{static_cast<int32_t>(row[1]), row[2], row[3], row[4], row[5], row[6]};
        }
        return count;
    });
}

extern "C" int32_t sb_dnn_set_input_values(sb_dnn_net *net, const float *values, const int32_t *shape, int32_t dims,
                                           char *error, size_t error_size) {
    return guarded<int32_t>(error, error_size, -1, [&]() -> int32_t {
        if (dims < 1 || dims > 8) {
            write_error(error, error_size, "an input of " + std::to_string(dims) + " axes; the shim takes 1 to 8");
            return -1;
        }
        std::vector<int> sizes(shape, shape + dims);
        // setInput keeps the Mat it is given: a clone, so the caller's buffer is only borrowed.
        cv::Mat borrowed(dims, sizes.data(), CV_32F, const_cast<float *>(values));
        net->net.setInput(borrowed.clone());
        return 0;
    });
}

extern "C" int64_t sb_dnn_forward_values(sb_dnn_net *net, float *values, int64_t capacity,
                                         char *error, size_t error_size) {
    return guarded<int64_t>(error, error_size, -1, [&]() -> int64_t {
        cv::Mat output = net->net.forward();
        if (output.type() != CV_32F || !output.isContinuous()) {
            write_error(error, error_size, "the model's output is not one continuous block of 32-bit floats");
            return -1;
        }
        const int64_t count = static_cast<int64_t>(output.total());
        const float *source = output.ptr<float>();
        std::copy(source, source + std::min(count, capacity), values);
        return count;
    });
}
