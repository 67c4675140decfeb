#ifndef WORKBENCH_CSUPPORT_H
#define WORKBENCH_CSUPPORT_H

/// Installs a SIGINT handler that only records the signal. It is installed
/// without SA_RESTART so that a blocking read returns EINTR and the REPL can
/// clear the line instead of exiting.
void wb_interrupt_install(void);

/// Also records SIGTERM (and SIGHUP) as an interrupt: for `workbench serve`,
/// which stops the same way on each.
void wb_interrupt_install_terminate(void);

/// Whether SIGINT arrived since the last `wb_interrupt_clear`.
int wb_interrupt_pending(void);

/// Forgets any SIGINT received so far.
void wb_interrupt_clear(void);

/// Remembers `path`, the temporary file being written, so that SIGTERM or
/// SIGHUP removes it before the process ends (the handlers are installed on the
/// first call; a signal that was ignored stays ignored). One file at a time.
/// Returns -1 when the path is too long to hold.
int wb_temporary_file_register(const char *path);

/// The temporary file was renamed into place or removed: nothing to clean up.
void wb_temporary_file_clear(void);

#endif
