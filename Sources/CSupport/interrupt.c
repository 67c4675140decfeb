#include "CSupport.h"

#include <signal.h>
#include <string.h>

// A signal handler may only touch a volatile sig_atomic_t; Swift has no such
// type, so the flag lives here.
static volatile sig_atomic_t interrupted = 0;

static void on_interrupt(int signo) {
    (void)signo;
    interrupted = 1;
}

void wb_interrupt_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
}

void wb_interrupt_install_terminate(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int wb_interrupt_pending(void) { return interrupted != 0; }

void wb_interrupt_clear(void) { interrupted = 0; }
