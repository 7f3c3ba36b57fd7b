#ifndef C_PROPERTY_GUARD_H
#define C_PROPERTY_GUARD_H

#include <pthread.h>

/// A body to run guarded, with its context.
typedef void (*flow_guarded_body)(void *context);

/// Runs `body(context)` on the calling thread. Returns 0 when it returned; else the signal that
/// ended it early: a trap (SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV: a Swift precondition, a force
/// unwrap of nil, an index out of range, a stack overflow) or SIGUSR2 (`flow_guard_cut`). What the
/// body held then is leaked: it is for checks that only read (a property), never for the app.
/// A signal outside a guarded call goes where it went before (Swift's backtracer, or the
/// default: the process ends), but SIGUSR2, which is then ignored.
int flow_guarded_call(flow_guarded_body body, void *context);

/// Ends the guarded call running on `thread` early (it returns SIGUSR2); nothing when none runs.
int flow_guard_cut(pthread_t thread);

/// Unblocks the guard's signals on the calling thread (a thread made from a Dispatch thread
/// inherits SIGUSR2 blocked, and a cut would never land) and gives it a stack of its own for them,
/// so a stack overflow in a guarded call can be caught too. Call once on each thread that makes
/// guarded calls; 0 on success.
int flow_guard_prepare_thread(void);

#endif
