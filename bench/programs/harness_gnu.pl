% harness_gnu.pl -- timing harness for the workloads of bench/programs/ under
% GNU Prolog, compiled to a native executable or consulted.
%
%   gplc --no-top-level -o BIN bench/programs/harness_gnu.pl WORKLOAD.pl
%   BIN NAME SIZE MIN_SECONDS
% or, byte-code (consulted) instead of native code:
%   gprolog --consult-file WORKLOAD.pl --consult-file bench/programs/harness_gnu.pl \
%           --entry-goal "bench_main(['NAME','SIZE','MIN_SECONDS'])" --entry-goal halt
%
% Same protocol as harness_swi.pl: SIZE is a Prolog term (an integer, or
% args(X,Y,Z) for tak); the workload runs again and again until MIN_SECONDS of
% wall-clock time have passed (at least once), each run under findall/3, and
% only the runs are timed (statistics(real_time, _), in milliseconds, hence
% the repetition).  Prints one JSON line:
%   {"system":"gprolog","answer":A,"iterations":N,"seconds_per_iteration":T,
%    "first_seconds":T1}

:- initialization(gnu_main).

gnu_main :-
    argument_list(Args),
    (   Args = [_, _, _|_]
    ->  (   catch(bench_main(Args), E, (write(user_error, E), nl(user_error), fail))
        ->  halt
        ;   halt(1)
        )
    ;   true                      % consulted: bench_main/1 is the entry goal
    ).

bench_main([Name, SizeAtom, MinAtom|_]) :-
    atom_concat(SizeAtom, ' .', SizeText),
    read_term_from_atom(SizeText, Size, []),
    number_atom(Min, MinAtom),
    now(T0),
    run_once(Name, Size, Answer),
    now(T1),
    repeat_until(Name, Size, Answer, T0, Min, 1, N, T2),
    First is T1 - T0,
    Per is (T2 - T0) / N,
    format('{"system":"gprolog","answer":~q,"iterations":~d,"seconds_per_iteration":~9f,"first_seconds":~9f}~n',
           [Answer, N, Per, First]).

now(T) :-
    statistics(real_time, [Ms|_]),
    T is Ms / 1000.0.

run_once(Name, Size, Answer) :-
    findall(A, once(bench(Name, Size, A)), [Answer]).

repeat_until(Name, Size, Answer, T0, Min, N0, N, T) :-
    now(Now),
    (   Now - T0 >= Min
    ->  N = N0, T = Now
    ;   run_once(Name, Size, A),
        (   A == Answer -> true
        ;   format(user_error, "answer changed: ~q then ~q~n", [Answer, A]), halt(1)
        ),
        N1 is N0 + 1,
        repeat_until(Name, Size, Answer, T0, Min, N1, N, T)
    ).
