#include "opencv_page_shim.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace {

void write_error(char *error, size_t error_size, const std::string &message) {
    if (error == nullptr || error_size == 0) return;
    std::snprintf(error, error_size, "%s", message.c_str());
}

// Runs `body`, turning any exception into -1 and a message: no C++ exception may unwind
// into the Swift frames that called the shim.
template <typename Body>
int32_t guarded(char *error, size_t error_size, Body body) {
    try {
        return body();
    } catch (const cv::Exception &exception) {
        write_error(error, error_size, exception.err.empty() ? exception.what() : exception.err);
    } catch (const std::exception &exception) {
        write_error(error, error_size, exception.what());
    } catch (...) {
        write_error(error, error_size, "OpenCV failed with an exception that is not a std::exception");
    }
    return -1;
}

// The caller's pixels as a Mat that borrows them (no copy).
cv::Mat borrowed(const uint8_t *pixels, int32_t width, int32_t height, int32_t channels, size_t stride) {
    if (pixels == nullptr || width <= 0 || height <= 0 || (channels != 1 && channels != 3)
        || stride < size_t(width) * size_t(channels)) {
        throw std::invalid_argument("the image needs pixels, a positive size, 1 or 3 channels and a stride of at least one row");
    }
    return cv::Mat(height, width, channels == 1 ? CV_8UC1 : CV_8UC3, const_cast<uint8_t *>(pixels), stride);
}

// The four corners where straight lines fitted to the contour's four sides meet.
// Simplifying the outline keeps one of its own points for each corner, and blurring and
// opening round a corner off, so that point can lie well along a side (tens of the
// frame's pixels at a sharp corner); the sides themselves are long and straight, and a
// line through each places the corners to within a pixel of the copy. A side with too
// few points to fit keeps the simplified corners.
std::vector<cv::Point2f> fitted_corners(const std::vector<cv::Point> &contour, const std::vector<cv::Point2f> &corners) {
    cv::Vec4f lines[4];
    for (size_t side = 0; side < 4; ++side) {
        const cv::Point2f from = corners[side], to = corners[(side + 1) % 4];
        const cv::Point2f along = to - from;
        const float length = float(cv::norm(along));
        if (length < 8) return corners;
        std::vector<cv::Point2f> points;
        for (const cv::Point &point : contour) {
            const cv::Point2f offset = cv::Point2f(point) - from;
            const float position = offset.dot(along) / (length * length);
            const float distance = std::abs(offset.x * along.y - offset.y * along.x) / length;
            // The middle of the side, where no rounded corner bends it, and near it.
            if (position > 0.15f && position < 0.85f && distance < 0.03f * length + 2) points.push_back(cv::Point2f(point));
        }
        if (points.size() < 5) return corners;
        cv::fitLine(points, lines[side], cv::DIST_HUBER, 0, 0.01, 0.01);
    }
    std::vector<cv::Point2f> met;
    for (size_t side = 0; side < 4; ++side) {
        // Corner `side` is where the side before it meets the side from it.
        const cv::Vec4f a = lines[(side + 3) % 4], b = lines[side];
        const float cross = a[0] * b[1] - a[1] * b[0];
        if (std::abs(cross) < 1e-3f) return corners;
        const float t = ((b[2] - a[2]) * b[1] - (b[3] - a[3]) * b[0]) / cross;
        const cv::Point2f corner(a[2] + t * a[0], a[3] + t * a[1]);
        // A fit that lands far from the simplified corner found something other than a side.
        if (cv::norm(corner - corners[side]) > 0.25 * cv::norm(corners[(side + 1) % 4] - corners[side])) return corners;
        met.push_back(corner);
    }
    return met;
}

// The largest light region outside the hull that comes within a fifth of the hull's
// shorter side of it, over the hull's area. A dark band across a page (a label's header
// bar, a table's shaded header row) splits its paper in two, and the largest part alone
// is a convex, light quadrilateral on a dark surround like a whole page: what lies
// beyond the band is light paper close by, where a page on a table has only table.
float near_light_fraction(const cv::Mat &light_outside, const cv::Mat &inside, const std::vector<cv::Point> &hull) {
    const cv::Rect box = cv::boundingRect(hull);
    const int reach = std::max(2, std::min(box.width, box.height) / 5);
    cv::Mat near;
    cv::dilate(inside, near, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(2 * reach + 1, 2 * reach + 1)));
    cv::Mat labels, stats, centroids;
    const int count = cv::connectedComponentsWithStats(light_outside, labels, stats, centroids, 8, CV_32S);
    std::vector<bool> close(size_t(std::max(count, 1)), false);
    for (int y = 0; y < labels.rows; ++y) {
        const int32_t *label = labels.ptr<int32_t>(y);
        const uint8_t *within = near.ptr<uint8_t>(y);
        for (int x = 0; x < labels.cols; ++x) if (within[x] != 0 && label[x] > 0) close[size_t(label[x])] = true;
    }
    int largest = 0;
    for (int label = 1; label < count; ++label) {
        if (close[size_t(label)]) largest = std::max(largest, stats.at<int32_t>(label, cv::CC_STAT_AREA));
    }
    const int area = cv::countNonZero(inside);
    return area > 0 ? float(largest) / float(area) : 0;
}

}  // namespace

extern "C" int32_t sb_page_find_outline(const uint8_t *pixels, int32_t width, int32_t height, int32_t channels,
                                        size_t stride, int32_t analysis_side, sb_page_outline *outline,
                                        char *error, size_t error_size) {
    return guarded(error, error_size, [&]() -> int32_t {
        if (outline == nullptr || analysis_side < 16) throw std::invalid_argument("the outline needs somewhere to go and an analysis side of 16 pixels or more");
        *outline = sb_page_outline{};
        cv::Mat frame = borrowed(pixels, width, height, channels, stride);
        cv::Mat gray;
        if (channels == 3) cv::cvtColor(frame, gray, cv::COLOR_RGB2GRAY); else gray = frame;
        // The outline is a page's, tens of pixels at the least: a small copy finds it as
        // well as the whole frame and in a fraction of the time.
        const double scale = std::min(1.0, double(analysis_side) / double(std::max(width, height)));
        cv::Mat small;
        if (scale < 1.0) cv::resize(gray, small, cv::Size(), scale, scale, cv::INTER_AREA); else small = gray.clone();
        // Blur away print and texture so the threshold splits paper from what is around it.
        cv::GaussianBlur(small, small, cv::Size(5, 5), 0);
        cv::Mat light;
        const double threshold = cv::threshold(small, light, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        // Opening cuts the thin bridges a bright speck of the background makes to the page.
        cv::morphologyEx(light, light, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(5, 5)));
        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(light, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
        if (contours.empty()) return 0;
        const auto largest = std::max_element(contours.begin(), contours.end(), [](const auto &a, const auto &b) {
            return cv::contourArea(a) < cv::contourArea(b);
        });
        // The hull: print and shadows bite into a page's silhouette, never out of it.
        std::vector<cv::Point> hull;
        cv::convexHull(*largest, hull);
        // From the centre of the small copy's pixel to the frame's pixels.
        const auto in_frame = [scale](const cv::Point2f &point) {
            return sb_page_point{float((point.x + 0.5) / scale - 0.5), float((point.y + 0.5) / scale - 0.5)};
        };
        std::vector<cv::Point> approximate;
        cv::approxPolyDP(hull, approximate, 0.02 * cv::arcLength(hull, true), true);
        std::vector<cv::Point2f> corners(approximate.begin(), approximate.end());
        if (corners.size() == 4) corners = fitted_corners(*largest, corners);
        outline->corner_count = int32_t(corners.size());
        for (size_t i = 0; i < corners.size() && i < SB_PAGE_CORNERS_MAX_POINTS; ++i) outline->corners[i] = in_frame(corners[i]);
        std::vector<cv::Point> points;
        cv::approxPolyDP(hull, points, 1.0, true);
        outline->point_count = int32_t(points.size());
        for (size_t i = 0; i < points.size() && i < SB_PAGE_OUTLINE_MAX_POINTS; ++i) outline->points[i] = in_frame(points[i]);
        cv::Mat inside = cv::Mat::zeros(small.size(), CV_8UC1);
        cv::fillConvexPoly(inside, hull, cv::Scalar(255));
        cv::Mat outside = 255 - inside;
        const int outside_count = cv::countNonZero(outside);
        outline->area_fraction = float(cv::countNonZero(inside)) / float(small.total());
        outline->inside_mean = float(cv::mean(small, inside)[0]);
        if (outside_count > 0) {
            outline->outside_mean = float(cv::mean(small, outside)[0]);
            cv::Mat dark;
            cv::threshold(small, dark, threshold, 255, cv::THRESH_BINARY_INV);
            outline->outside_dark_fraction = float(cv::countNonZero(dark & outside)) / float(outside_count);
            outline->near_light_fraction = near_light_fraction(light & outside, inside, hull);
        }
        return 0;
    });
}

extern "C" int32_t sb_page_warp(const uint8_t *pixels, int32_t width, int32_t height, int32_t channels, size_t stride,
                                const sb_page_point *corners, uint8_t *output, int32_t output_width,
                                int32_t output_height, char *error, size_t error_size) {
    return guarded(error, error_size, [&]() -> int32_t {
        if (corners == nullptr || output == nullptr || output_width <= 0 || output_height <= 0) {
            throw std::invalid_argument("the warp needs four corners and an output of a positive size");
        }
        cv::Mat frame = borrowed(pixels, width, height, channels, stride);
        cv::Mat page(output_height, output_width, frame.type(), output);
        const cv::Point2f from[4] = {{corners[0].x, corners[0].y}, {corners[1].x, corners[1].y},
                                     {corners[2].x, corners[2].y}, {corners[3].x, corners[3].y}};
        const float right = float(output_width - 1), bottom = float(output_height - 1);
        const cv::Point2f to[4] = {{0, 0}, {right, 0}, {right, bottom}, {0, bottom}};
        cv::warpPerspective(frame, page, cv::getPerspectiveTransform(from, to), page.size(), cv::INTER_LINEAR,
                            cv::BORDER_REPLICATE);
        if (page.data != output) throw std::logic_error("OpenCV wrote the page somewhere other than the buffer it was given");
        return 0;
    });
}

extern "C" int32_t sb_page_even_light(uint8_t *pixels, int32_t width, int32_t height, int32_t channels, char *error,
                                      size_t error_size) {
    return guarded(error, error_size, [&]() -> int32_t {
        cv::Mat page = borrowed(pixels, width, height, channels, size_t(width) * size_t(channels));
        // The light changes slowly across a page: its paper is measured on a copy a quarter
        // the size, a sixteenth of the work, and stretched back.
        const double shrink = 0.25;
        cv::Mat paper;
        cv::resize(page, paper, cv::Size(), shrink, shrink, cv::INTER_AREA);
        // Wider than any stroke of print on the page (a bold heading's are a few hundredths
        // of the page's shorter side at most), so the dilation leaves only paper.
        const int side = std::max(5, std::min(paper.cols, paper.rows) / 25) | 1;
        cv::dilate(paper, paper, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(side, side)));
        cv::GaussianBlur(paper, paper, cv::Size(0, 0), side);
        cv::resize(paper, paper, page.size(), 0, 0, cv::INTER_LINEAR);
        cv::Mat even;
        cv::divide(page, paper, even, 255.0);
        even.copyTo(page);
        return 0;
    });
}
