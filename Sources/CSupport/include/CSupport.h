#ifndef WORKBENCH_CSUPPORT_H
#define WORKBENCH_CSUPPORT_H

/// Installs a SIGINT handler that only records the signal. It is installed
/// without SA_RESTART so that a blocking read returns EINTR and the REPL can
/// clear the line instead of exiting.
void wb_interrupt_install(void);

/// Whether SIGINT arrived since the last `wb_interrupt_clear`.
int wb_interrupt_pending(void);

/// Forgets any SIGINT received so far.
void wb_interrupt_clear(void);

#endif
