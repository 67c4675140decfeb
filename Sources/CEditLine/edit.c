// libedit through dlopen: see CEditLine.h for why. Its own header gives every pointer its type,
// so a call cannot disagree with the library's declaration.
#include "CEditLine.h"

#include <dlfcn.h>
#include <pthread.h>
#include <editline/readline.h>

/// Why loading failed (a copy: dlerror's buffer is reused); NULL while it has not.
static const char *load_error;
static char load_error_text[512];

static void failed(void) {
    const char *reason = dlerror();
    snprintf(load_error_text, sizeof load_error_text, "%s", reason != NULL ? reason : "unknown error");
    load_error = load_error_text;
}

static __typeof__(readline) *edit_readline;
static __typeof__(rl_initialize) *edit_rl_initialize;
static __typeof__(using_history) *edit_using_history;
static __typeof__(stifle_history) *edit_stifle_history;
static __typeof__(add_history) *edit_add_history;
static __typeof__(read_history) *edit_read_history;
static __typeof__(rl_parse_and_bind) *edit_rl_parse_and_bind;
static __typeof__(rl_read_init_file) *edit_rl_read_init_file;
static __typeof__(rl_line_buffer) *edit_rl_line_buffer;
static __typeof__(rl_point) *edit_rl_point;
static __typeof__(rl_getc_function) *edit_rl_getc_function;
static __typeof__(rl_readline_name) *edit_rl_readline_name;
static __typeof__(rl_attempted_completion_function) *edit_rl_attempted_completion_function;
static __typeof__(rl_attempted_completion_over) *edit_rl_attempted_completion_over;
static __typeof__(rl_completion_append_character) *edit_rl_completion_append_character;
static __typeof__(rl_basic_word_break_characters) *edit_rl_basic_word_break_characters;
static __typeof__(rl_add_defun) *edit_rl_add_defun;
static __typeof__(rl_resize_terminal) *edit_rl_resize_terminal;
static __typeof__(rl_forced_update_display) *edit_rl_forced_update_display;
static __typeof__(rl_copy_text) *edit_rl_copy_text;

// find(NAME): the address of libedit's NAME in edit_NAME; on failure, the loader's message.
#define find(name) \
    do { \
        if ((edit_##name = (__typeof__(edit_##name))dlsym(library, #name)) == NULL) { \
            failed(); \
            return; \
        } \
    } while (0)

// The names to try, in order (Platform's SharedLibraries.lineEditor: each platform's own).
static const char *const *load_names;
static int load_name_count;

static void load(void) {
    void *library = NULL;
    for (int index = 0; index < load_name_count && library == NULL; index++) {
        library = dlopen(load_names[index], RTLD_LAZY | RTLD_LOCAL);
    }
    if (library == NULL) {
        failed();
        return;
    }
    find(readline);
    find(rl_initialize);
    find(using_history);
    find(stifle_history);
    find(add_history);
    find(read_history);
    find(rl_parse_and_bind);
    find(rl_read_init_file);
    find(rl_line_buffer);
    find(rl_point);
    find(rl_getc_function);
    find(rl_readline_name);
    find(rl_attempted_completion_function);
    find(rl_attempted_completion_over);
    find(rl_completion_append_character);
    find(rl_basic_word_break_characters);
    find(rl_add_defun);
    find(rl_resize_terminal);
    find(rl_forced_update_display);
    find(rl_copy_text);
}

int wb_edit_load(const char *const *names, int count) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    // Read by the one call of load; later calls return its answer whatever they pass.
    load_names = names;
    load_name_count = count;
    pthread_once(&once, load);
    return load_error == NULL ? 0 : -1;
}

const char *wb_edit_load_error(void) { return load_error; }

char *wb_readline(const char *prompt) { return edit_readline(prompt); }
int wb_rl_initialize(void) { return edit_rl_initialize(); }
void wb_using_history(void) { edit_using_history(); }
void wb_stifle_history(int max) { edit_stifle_history(max); }
int wb_add_history(const char *line) { return edit_add_history(line); }
int wb_read_history(const char *path) { return edit_read_history(path); }
int wb_rl_parse_and_bind(const char *line) { return edit_rl_parse_and_bind(line); }
int wb_rl_read_init_file(const char *path) { return edit_rl_read_init_file(path); }

const char *wb_rl_line_buffer(void) { return *edit_rl_line_buffer; }
int wb_rl_point(void) { return *edit_rl_point; }
void wb_rl_set_getc_function(wb_getc_function fn) { *edit_rl_getc_function = fn; }
void wb_rl_set_readline_name(const char *name) { *edit_rl_readline_name = name; }
void wb_rl_set_attempted_completion(wb_completion_function *fn) { *edit_rl_attempted_completion_function = fn; }
void wb_rl_set_attempted_completion_over(int over) { *edit_rl_attempted_completion_over = over; }
void wb_rl_set_completion_append_character(int c) { *edit_rl_completion_append_character = c; }
void wb_rl_set_basic_word_break_characters(const char *chars) { *edit_rl_basic_word_break_characters = chars; }

int wb_rl_add_defun(const char *name, wb_command_function *fn, int key) { return edit_rl_add_defun(name, fn, key); }
void wb_rl_resize_terminal(void) { edit_rl_resize_terminal(); }
void wb_rl_forced_update_display(void) { (void)edit_rl_forced_update_display(); }
char *wb_rl_copy_text(int from, int to) { return edit_rl_copy_text(from, to); }
