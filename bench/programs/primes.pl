% primes.pl -- number of primes below N with the list sieve, for SWI-Prolog
% and GNU Prolog.  Same work as examples/primes.fl: the list [2..N-1] is
% built, the head of the list is a prime and every later number is tested
% against it with mod (no square-root cut-off, as in the Fleng program), and
% the primes are counted.  Idiomatic Prolog: the lists are built one stage
% at a time instead of as a concurrent pipeline.

bench(primes, N, Count) :-
    Max is N - 1,
    nums(2, Max, Ns),
    sift(Ns, Ps),
    len(Ps, 0, Count).

% sift(Ns, Ps): the first element is a prime; remove its multiples from the rest.
sift([], []).
sift([P|Xs], [P|Ps]) :-
    filter(Xs, P, Ys),
    sift(Ys, Ps).

% filter(Xs, P, Ys): Ys is Xs without the multiples of P.
filter([], _, []).
filter([X|Xs], P, Ys) :-
    (   X mod P =:= 0
    ->  Ys = Ys1
    ;   Ys = [X|Ys1]
    ),
    filter(Xs, P, Ys1).

len([], N, N).
len([_|Xs], N0, N) :-
    N1 is N0 + 1,
    len(Xs, N1, N).

nums(Lo, Hi, []) :- Lo > Hi, !.
nums(Lo, Hi, [Lo|Ns]) :-
    Lo1 is Lo + 1,
    nums(Lo1, Hi, Ns).
