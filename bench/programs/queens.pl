% queens.pl -- number of solutions of the N-queens problem (all solutions),
% for SWI-Prolog and GNU Prolog.  Same search as examples/queens.fl: queens
% are placed row by row, each free column is tried, and a candidate is
% checked against every queen already placed (Q + D = P or Q - D = P is a
% diagonal attack, D rows apart).  Idiomatic Prolog: backtracking over the
% choice of column, solutions counted with findall/3.

bench(queens, N, Count) :-
    nums(1, N, Cols),
    findall(x, place(Cols, []), Sols),
    len(Sols, 0, Count).

% place(Free, Board): extend Board with a safe queen in every free column.
place([], _).
place([C|Cs], Board) :-
    sel([C|Cs], P, Rest),
    safe(Board, P, 1),
    place(Rest, [P|Board]).

sel([X|Xs], X, Xs).
sel([Y|Ys], X, [Y|Zs]) :-
    sel(Ys, X, Zs).

% safe(Board, P, D): column P is not attacked diagonally by the queens of
% Board, the first of which is D rows above.
safe([], _, _).
safe([Q|Qs], P, D) :-
    P =\= Q + D,
    P =\= Q - D,
    D1 is D + 1,
    safe(Qs, P, D1).

len([], N, N).
len([_|Xs], N0, N) :-
    N1 is N0 + 1,
    len(Xs, N1, N).

nums(Lo, Hi, []) :- Lo > Hi, !.
nums(Lo, Hi, [Lo|Ns]) :-
    Lo1 is Lo + 1,
    nums(Lo1, Hi, Ns).
