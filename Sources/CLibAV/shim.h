/* FFmpeg's libraries (Debian: libavformat-dev libavdevice-dev libavcodec-dev
 * libswscale-dev libswresample-dev libavutil-dev), for Plugins/CameraSource and
 * Plugins/AudioSource only: libavformat reads video, image and audio files, libavdevice
 * a V4L2 camera and an ALSA microphone, libavcodec decodes, libswscale converts to the
 * two pixel formats the ABI carries, libswresample to the sample rate and channels an
 * audio perceiver asks for.
 *
 * libavdevice is not linked (module.modulemap): Debian's brings libavfilter and some
 * eighty libraries more (speech synthesis voices, SVG, SDL, OpenGL, Vulkan), about
 * 16 MiB a process, that reading a file or a PulseAudio microphone never uses. It is
 * loaded when a camera or an ALSA microphone is opened (LibAV.devices), by the name
 * its header here gives (LIBAVDEVICE_VERSION_MAJOR).
 *
 * The helpers below stand in for FFmpeg's function-like and cast macros (AVERROR,
 * AVERROR_EOF, AV_NOPTS_VALUE), which Swift does not import, and for the one call
 * whose array arguments Swift would have to rebuild from an AVFrame's fixed tuples. */
#ifndef SENSEBRIDGE_CLIBAV_SHIM_H
#define SENSEBRIDGE_CLIBAV_SHIM_H

#include <errno.h>
#include <stdint.h>
#include <libavcodec/avcodec.h>
#include <libavdevice/avdevice.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libavutil/time.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

/* AVERROR(errnum): libav's negative code for a POSIX errno. */
static inline int sb_av_error_from_errno(int errnum) { return AVERROR(errnum); }

/* The errno inside a libav code, or 0 when the code is one of libav's own tags. */
static inline int sb_av_errno(int code) {
    return (code < 0 && code > -4096) ? AVUNERROR(code) : 0;
}

static inline int sb_av_error_eof(void) { return AVERROR_EOF; }
static inline int sb_av_error_eagain(void) { return AVERROR(EAGAIN); }
static inline int sb_av_error_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int64_t sb_av_no_pts(void) { return AV_NOPTS_VALUE; }

/* Converts the whole of `frame` into one picture plane at `destination`, whose rows
 * are `destination_stride` bytes apart (gray8 and rgb24 are single-plane formats).
 * Returns the height written, or a negative libav code. */
static inline int sb_sws_scale_frame(struct SwsContext *context, const AVFrame *frame,
                                     uint8_t *destination, int destination_stride) {
    uint8_t *planes[4] = {destination, NULL, NULL, NULL};
    int strides[4] = {destination_stride, 0, 0, 0};
    return sws_scale(context, (const uint8_t *const *)frame->data, frame->linesize, 0,
                     frame->height, planes, strides);
}

/* Converts the whole of an audio `frame` into interleaved samples at `destination`,
 * room for `capacity` frames; NULL `frame` drains what the resampler holds back.
 * Returns the frames written per channel, or a negative libav code. */
static inline int sb_swr_convert_frame(struct SwrContext *context, const AVFrame *frame,
                                       uint8_t *destination, int capacity) {
    uint8_t *planes[1] = {destination};
    if (!frame) return swr_convert(context, planes, capacity, NULL, 0);
    return swr_convert(context, planes, capacity, (const uint8_t **)frame->extended_data,
                       frame->nb_samples);
}

static inline int sb_av_error_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }

#endif
