/* libpulse's asynchronous API (Debian: libpulse-dev), for Plugins/AudioSource only: it
 * records from a PulseAudio or PipeWire (pipewire-pulse) sound server with a main loop
 * the plugin runs itself, so a read waits no longer than the host's frame timeout.
 *
 * The constants below stand in for macros Swift does not import. */
#ifndef SENSEBRIDGE_CPULSE_SHIM_H
#define SENSEBRIDGE_CPULSE_SHIM_H

#include <pulse/pulseaudio.h>

/* 32-bit float in this machine's byte order: what SB_SAMPLE_F32 carries. */
static inline pa_sample_format_t sb_pa_sample_float32ne(void) { return PA_SAMPLE_FLOAT32NE; }
/* "Let the server choose" for a pa_buffer_attr field. */
static inline uint32_t sb_pa_buffer_default(void) { return (uint32_t)-1; }

#endif
