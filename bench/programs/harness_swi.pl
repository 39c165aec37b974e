% harness_swi.pl -- timing harness for the workloads of bench/programs/ under
% SWI-Prolog.
%
%   swipl -O bench/programs/harness_swi.pl WORKLOAD.pl NAME SIZE MIN_SECONDS
%
% swipl loads both files (every leading argument ending in .pl is loaded; the
% rest is argv).  WORKLOAD.pl defines bench(NAME, Size, Answer).  Parses SIZE as
% a Prolog term (an integer, or args(X,Y,Z) for tak), then runs the workload
% again and again until MIN_SECONDS of wall-clock time have passed (at least
% once).  Only the runs are timed (get_time/1 around them): start-up,
% loading and compilation are excluded.  Every run is made under findall/3,
% so its terms are reclaimed before the next, and its answer must equal the
% first one.  Prints one JSON line:
%   {"system":"swipl","answer":A,"iterations":N,"seconds_per_iteration":T,
%    "first_seconds":T1}

:- initialization(main, main).

main :-
    current_prolog_flag(argv, [Name, SizeAtom, MinAtom|_]),
    term_to_atom(Size, SizeAtom),
    atom_number(MinAtom, Min),
    get_time(T0),
    run_once(Name, Size, Answer),
    get_time(T1),
    repeat_until(Name, Size, Answer, T0, Min, 1, N, T2),
    First is T1 - T0,
    Per is (T2 - T0) / N,
    format('{"system":"swipl","answer":~q,"iterations":~d,"seconds_per_iteration":~9f,"first_seconds":~9f}~n',
           [Answer, N, Per, First]).

run_once(Name, Size, Answer) :-
    findall(A, once(bench(Name, Size, A)), [Answer]).

% repeat_until(..., N0, N, T): run until Min seconds since T0 have passed.
repeat_until(Name, Size, Answer, T0, Min, N0, N, T) :-
    get_time(Now),
    (   Now - T0 >= Min
    ->  N = N0, T = Now
    ;   run_once(Name, Size, A),
        (   A == Answer -> true
        ;   format(user_error, "answer changed: ~q then ~q~n", [Answer, A]), halt(1)
        ),
        N1 is N0 + 1,
        repeat_until(Name, Size, Answer, T0, Min, N1, N, T)
    ).
