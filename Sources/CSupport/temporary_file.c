#include "CSupport.h"

#include <limits.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

// The temporary file of `send > FILE` while the body is being written. A
// SIGTERM or SIGHUP must not leave it behind, and a handler may only do
// async-signal-safe things: the path is copied here beforehand, and the
// handler unlinks it, then lets the signal do what it would have done.
static char pending_path[PATH_MAX];
static volatile sig_atomic_t pending = 0;
static struct sigaction previous_term;
static struct sigaction previous_hup;

static void on_termination(int signo) {
    if (pending) {
        unlink(pending_path);
        pending = 0;
    }
    // Put back what was there before (the default: terminate) and send the
    // signal again; it is blocked while this handler runs, so it arrives,
    // with its own details, as soon as the handler returns.
    sigaction(signo, signo == SIGTERM ? &previous_term : &previous_hup, NULL);
    raise(signo);
}

/// Puts the handler on `signo` unless it is there already or the signal is
/// ignored (nohup): an ignored signal stays ignored.
static void install(int signo, struct sigaction *previous) {
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) return;
    if (current.sa_handler == on_termination || current.sa_handler == SIG_IGN) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_termination;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    action.sa_flags = SA_RESTART;
    *previous = current;
    sigaction(signo, &action, NULL);
}

int wb_temporary_file_register(const char *path) {
    size_t length = strlen(path);
    if (length >= sizeof pending_path) return -1;
    install(SIGTERM, &previous_term);
    install(SIGHUP, &previous_hup);
    pending = 0;
    memcpy(pending_path, path, length + 1);
    pending = 1;
    return 0;
}

void wb_temporary_file_clear(void) { pending = 0; }
