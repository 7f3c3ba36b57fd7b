// The system's libedit (BSD editline), through its readline-compatible interface: line editing,
// history and Tab completion for `flow studio`.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

// libedit is configured through global variables; these set them from one place (Swift 6 does
// not touch C globals directly).

/// Tab calls `complete`, which gives the matches for the word before the cursor (libedit's own
/// word breaks); no space is added after a match.
static inline void flow_editline_setup(rl_completion_func_t *complete) {
    rl_completion_append_character = 0;
    rl_attempted_completion_function = complete;
}

/// The whole line being edited.
static inline const char *flow_editline_line(void) {
    return rl_line_buffer ? rl_line_buffer : "";
}

/// Within a completion: do not fall back to completing file names.
static inline void flow_editline_completion_over(void) {
    rl_attempted_completion_over = 1;
}
