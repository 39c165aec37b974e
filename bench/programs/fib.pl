% fib.pl -- naive doubly recursive Fibonacci, fib(0) = 0, for SWI-Prolog and
% GNU Prolog.  Same definition as examples/fib.fl; fib(25) = 75025 with
% 242785 calls of fib/2.

bench(fib, N, F) :-
    fib(N, F).

fib(N, F) :-
    N < 2, !,
    F = N.
fib(N, F) :-
    N1 is N - 1,
    N2 is N - 2,
    fib(N1, F1),
    fib(N2, F2),
    F is F1 + F2.
