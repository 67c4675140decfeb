// SIGWINCH while a line is read. libedit's own handler runs once per line (it puts the previous
// handler back after the first signal) and only resizes its buffers, so the screen is redrawn by
// LineEditing/ResizeRedraw.swift instead: this handler records the signal, and because it is
// installed without SA_RESTART a blocking read of the next key returns EINTR, so the redraw
// happens at once, not at the next key. Installed only while a line is read: elsewhere (a
// request, the pager, a secret read with echo off) an EINTR from a resize would cut a read short.
#include "CEditLine.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>

static atomic_int resized = 0;
static struct sigaction previous;
static int installed = 0;

static void on_resize(int signo) {
    (void)signo;
    atomic_store(&resized, 1);
}

void wb_winch_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_resize;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    if (sigaction(SIGWINCH, &action, &previous) == 0) installed = 1;
}

void wb_winch_restore(void) {
    if (!installed) return;
    sigaction(SIGWINCH, &previous, NULL);
    installed = 0;
}

int wb_winch_pending(void) { return atomic_load(&resized) != 0; }

int wb_winch_take(void) { return atomic_exchange(&resized, 0) != 0; }
