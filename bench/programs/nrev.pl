% nrev.pl -- naive reverse of [1..30] (the classic LIPS benchmark), for
% SWI-Prolog and GNU Prolog.  Same clauses as examples/nrev.fl.
%
% bench(nrev, K, H): reverse [1..30] K times; H is the head of the last
% result (30).  One nrev30 is 496 logical inferences (31 calls of nrev/2,
% 465 of app/3).  All K copies but the last run under \+ \+ so that their
% terms are reclaimed on backtracking (the usual failure-driven LIPS loop).

bench(nrev, K, H) :-
    nums(1, 30, L),
    K1 is K - 1,
    nrev_loop(K1, L),
    nrev(L, [H|_]).

nrev_loop(0, _) :- !.
nrev_loop(K, L) :-
    \+ \+ nrev(L, _),
    K1 is K - 1,
    nrev_loop(K1, L).

nrev([], []).
nrev([X|Xs], Ys) :-
    nrev(Xs, Ys1),
    app(Ys1, [X], Ys).

app([], Ys, Ys).
app([X|Xs], Ys, [X|Zs]) :-
    app(Xs, Ys, Zs).

% nums(Lo, Hi, Ns): Ns = [Lo, Lo+1, ..., Hi].
nums(Lo, Hi, []) :- Lo > Hi, !.
nums(Lo, Hi, [Lo|Ns]) :-
    Lo1 is Lo + 1,
    nums(Lo1, Hi, Ns).
