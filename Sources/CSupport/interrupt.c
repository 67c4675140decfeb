#include "CSupport.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>

// A signal handler may only touch a lock-free atomic (or a volatile
// sig_atomic_t); Swift has neither, so the flag lives here. Atomic rather than
// volatile because a parallel replay polls it from several threads at once.
static atomic_int interrupted = 0;

static void on_interrupt(int signo) {
    (void)signo;
    atomic_store(&interrupted, 1);
}

// Without SA_RESTART: a blocking read returns EINTR.
static void record_signal(int signo) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(signo, &action, NULL);
}

void wb_interrupt_install(void) { record_signal(SIGINT); }

void wb_interrupt_install_terminate(void) {
    record_signal(SIGTERM);
    record_signal(SIGHUP);
}

int wb_interrupt_pending(void) { return atomic_load(&interrupted) != 0; }

void wb_interrupt_clear(void) { atomic_store(&interrupted, 0); }
