#ifndef WORKBENCH_CEDITLINE_SHIM_H
#define WORKBENCH_CEDITLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <locale.h>
#include <editline/readline.h>

// libedit exposes its state as C globals; Swift 6 cannot touch mutable C
// globals safely, so each one we need goes through a small typed accessor.

static inline const char *wb_rl_line_buffer(void) { return rl_line_buffer; }
static inline int wb_rl_point(void) { return rl_point; }
typedef int (*wb_getc_function)(FILE *);
static inline void wb_rl_set_getc_function(wb_getc_function fn) { rl_getc_function = fn; }
static inline void wb_rl_set_readline_name(const char *name) { rl_readline_name = name; }
static inline void wb_rl_set_attempted_completion(rl_completion_func_t *fn) {
    rl_attempted_completion_function = fn;
}
static inline void wb_rl_set_attempted_completion_over(int over) { rl_attempted_completion_over = over; }
static inline void wb_rl_set_completion_append_character(int c) { rl_completion_append_character = c; }
static inline void wb_rl_set_completion_suppress_append(int s) { rl_completion_suppress_append = s; }
static inline void wb_rl_set_word_break_characters(char *chars) { rl_completer_word_break_characters = chars; }
static inline void wb_rl_set_catch_signals(int on) { rl_catch_signals = on; }
static inline int wb_history_length(void) { return history_length; }
// libedit's rl_complete splits words with rl_basic_word_break_characters.
static inline void wb_rl_set_basic_word_break_characters(const char *chars) {
    rl_basic_word_break_characters = chars;
}
static inline void wb_rl_set_instream(FILE *stream) { rl_instream = stream; }
static inline void wb_rl_set_outstream(FILE *stream) { rl_outstream = stream; }

#endif
