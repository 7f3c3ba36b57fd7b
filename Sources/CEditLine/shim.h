// The system's libedit (BSD editline), through its readline-compatible interface: line editing,
// history and Tab completion for `flow studio`.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

// libedit is configured through global variables; these set them from one place (Swift 6 does
// not touch C globals directly).

/// Tab completes the whole line (names hold spaces), with `complete` giving the matches.
static inline void flow_editline_setup(rl_completion_func_t *complete) {
    static char none[] = "";
    rl_completer_word_break_characters = none;
    rl_completion_append_character = 0;
    rl_attempted_completion_function = complete;
}

/// Within a completion: do not fall back to completing file names.
static inline void flow_editline_completion_over(void) {
    rl_attempted_completion_over = 1;
}
