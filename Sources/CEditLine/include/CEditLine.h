#ifndef WORKBENCH_CEDITLINE_H
#define WORKBENCH_CEDITLINE_H

#include <stdio.h>
#include <stdlib.h>
#include <locale.h>

// libedit's readline-compatible API, loaded with dlopen when the interactive workbench starts
// (wb_edit_load), not at every exec: a script, `--version` or `replay` never uses it, and
// loading it with libtinfo, libbsd and libmd cost about 2 million instructions and 300 KiB or
// more of resident memory at every start (Benchmarks/README.md, "Start-up: from exec to the
// first request"). Every function below but wb_edit_load needs it loaded.

/// Loads libedit (once; later calls return the first answer), trying `names` in order (the
/// platform's names for it): 0 when it is ready, -1 when it could not be loaded, with the
/// loader's reason in wb_edit_load_error().
int wb_edit_load(const char *const *names, int count);
/// Why wb_edit_load failed (the dynamic loader's message); NULL when it did not.
const char *wb_edit_load_error(void);

// The functions the workbench calls, as libedit declares them.
char *wb_readline(const char *prompt);
int wb_rl_initialize(void);
void wb_using_history(void);
void wb_stifle_history(int max);
int wb_add_history(const char *line);
int wb_read_history(const char *path);
int wb_rl_parse_and_bind(const char *line);
int wb_rl_read_init_file(const char *path);

// libedit exposes its state as C globals; Swift 6 cannot touch mutable C globals safely, so each
// one we need goes through a small typed accessor.
typedef char **wb_completion_function(const char *, int, int);
typedef int (*wb_getc_function)(FILE *);
const char *wb_rl_line_buffer(void);
int wb_rl_point(void);
void wb_rl_set_getc_function(wb_getc_function fn);
void wb_rl_set_readline_name(const char *name);
void wb_rl_set_attempted_completion(wb_completion_function *fn);
void wb_rl_set_attempted_completion_over(int over);
void wb_rl_set_completion_append_character(int c);
// libedit's rl_complete splits words with rl_basic_word_break_characters.
void wb_rl_set_basic_word_break_characters(const char *chars);

// Redrawing the line after a window resize (LineEditing/ResizeRedraw.swift).
typedef int wb_command_function(int, int);
/// Names `fn` for libedit and makes `key` call it (rl_add_defun); `fn` sees rl_point and
/// rl_line_buffer up to date.
int wb_rl_add_defun(const char *name, wb_command_function *fn, int key);
/// libedit reads the window size again and lays the line out for it.
void wb_rl_resize_terminal(void);
/// libedit forgets what it drew and draws the prompt and the line again from the cursor.
void wb_rl_forced_update_display(void);
/// The line as libedit holds it now, even between commands (rl_line_buffer and rl_point are
/// brought up to date only before a bound command runs), in a copy to free(). This libedit
/// copies one byte less than asked: the last character of the line is missing.
char *wb_rl_copy_text(int from, int to);

/// While a line is read, SIGWINCH only records that the window changed (winch.c says why).
void wb_winch_install(void);
/// Puts back what SIGWINCH did before wb_winch_install.
void wb_winch_restore(void);
/// Whether the window changed since the last wb_winch_take.
int wb_winch_pending(void);
/// Whether the window changed, and forgets it.
int wb_winch_take(void);
/// wcwidth, iswprint and iswcntrl, as libedit lays the line out with them (cells.c).
int wb_wcwidth(unsigned int c);
int wb_iswprint(unsigned int c);
int wb_iswcntrl(unsigned int c);

#endif
