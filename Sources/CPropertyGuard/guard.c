// The runner checks properties that an app's authors wrote (FlowRunner's PropertyGuard): one that
// traps (a precondition, a force unwrap, an index out of range) must be a finding of that property,
// never a crash of the runner. A trap is a synchronous signal on the thread that traps; the handler
// jumps back to the guarded call on that thread, which returns the signal.
#define _GNU_SOURCE
#include "CPropertyGuard.h"

#include <setjmp.h>
#include <stdint.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static __thread sigjmp_buf *guard_jump = NULL;

// Swift's runtime checks exclusive access at run time: each access to a class's stored property,
// a global, an escaping closure's variable, is a record on the stack of the frame that made it,
// linked from a thread-local list until the frame ends it. A jump out of a guarded call skips those
// ends, and the list then leads into stack that is gone: the thread's next access walks garbage
// (a crash, or a false "simultaneous accesses"). The list's head before the call is kept, and put
// back after a jump, through the runtime's exported entry for tasks, which moves that head:
// entering a context of {head, tail} makes `head` the list's head (and links the old head after
// `tail`, our own record). The head is never empty on a prepared thread: it starts with a record
// of the thread's own that no Swift code ever accesses, so "no access" can be put back too.
extern void swift_task_enterThreadLocalContext(char *state);

/// An access record as Swift's runtime lays it out: the address accessed, the PC, the next record
/// (its low bit the kind of access: 0, a read).
struct guard_access {
    void *pointer;
    void *pc;
    uintptr_t next;
};

static __thread char guard_token;
static __thread struct guard_access guard_base;
static __thread struct guard_access guard_tail;

/// The list's head now (read through an empty context, which leaves the list as it is).
static void *guard_access_head(void) {
    uintptr_t state[2] = {0, 0};
    swift_task_enterThreadLocalContext((char *)state);
    return (void *)state[0];
}

/// Makes `head` the list's head (not NULL).
static void guard_set_access_head(void *head) {
    uintptr_t state[2] = {(uintptr_t)head, (uintptr_t)&guard_tail};
    swift_task_enterThreadLocalContext((char *)state);
}
static struct sigaction previous[NSIG];
static pthread_once_t installed = PTHREAD_ONCE_INIT;
static const int guarded_signals[] = {SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV, SIGUSR2};

static void guard_handler(int signal, siginfo_t *info, void *context) {
    sigjmp_buf *jump = guard_jump;
    if (jump != NULL) {
        guard_jump = NULL;
        siglongjmp(*jump, signal);
    }
    // Not in a guarded call: what handled the signal before.
    struct sigaction *before = &previous[signal];
    if ((before->sa_flags & SA_SIGINFO) && before->sa_sigaction != NULL) {
        before->sa_sigaction(signal, info, context);
        return;
    }
    if (!(before->sa_flags & SA_SIGINFO) && before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN) {
        before->sa_handler(signal);
        return;
    }
    // A cut that came after its call returned: nothing to cut.
    if (signal == SIGUSR2) return;
    // A trap outside a guarded call: the default again, and the trapping instruction runs again.
    sigaction(signal, before, NULL);
}

static void install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = guard_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < sizeof guarded_signals / sizeof guarded_signals[0]; index++) {
        sigaction(guarded_signals[index], &action, &previous[guarded_signals[index]]);
    }
}

int flow_guarded_call(flow_guarded_body body, void *context) {
    pthread_once(&installed, install);
    sigjmp_buf jump;
    sigjmp_buf *outer = guard_jump;
    // Kept in a volatile: what sigsetjmp returns to must not be a register the jump lost.
    void *volatile accesses = guard_access_head();
    int signal = sigsetjmp(jump, 1);
    if (signal == 0) {
        guard_jump = &jump;
        body(context);
        guard_jump = outer;
        return 0;
    }
    guard_jump = outer;
    // The accesses the body began and never ended go with its frames.
    if (accesses != NULL) guard_set_access_head(accesses);
    return signal;
}

int flow_guard_cut(pthread_t thread) {
    return pthread_kill(thread, SIGUSR2);
}

int flow_guard_prepare_thread(void) {
    // A thread inherits the signal mask of the one that made it, and Dispatch's threads (Swift
    // concurrency's too) block SIGUSR2: unblocked here, or a cut would wait forever in the queue.
    sigset_t guarded;
    sigemptyset(&guarded);
    for (size_t index = 0; index < sizeof guarded_signals / sizeof guarded_signals[0]; index++) {
        sigaddset(&guarded, guarded_signals[index]);
    }
    int unblocked = pthread_sigmask(SIG_UNBLOCK, &guarded, NULL);
    if (unblocked != 0) return unblocked;
    // The thread's access list starts with a record of its own, so its head is never empty and
    // can always be put back (see guard_set_access_head).
    if (guard_access_head() == NULL) {
        guard_base.pointer = &guard_token;
        guard_base.pc = NULL;
        guard_base.next = 0;
        guard_set_access_head(&guard_base);
    }
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_size = 64 * 1024;
    stack.ss_sp = malloc(stack.ss_size);
    if (stack.ss_sp == NULL) return -1;
    return sigaltstack(&stack, NULL);
}
