// Waiting for a ground input (mode `g`: deref/2, is/2, the output builtins wait until the
// whole term is bound) without rescanning it at every wake-up. A builtin goal whose input is
// not yet ground, after a walk of more than a few sub-terms, remembers where the walk stopped:
// the unbound variable it met and the sub-terms still to visit after it. Bound cells never
// change, so what came before is ground for good; when the goal runs again, the walk goes on
// from that variable. A term filled in from left to right (a stream being produced, a data set
// being read, a network being built) then costs one walk in all, not one per binding: O(n),
// not O(n^2). Iu::ground_wait keeps the walks (by goal record) and drops them at every
// collection, after which a walk starts again from the top; the walk itself is next_unbound
// (vm/matching.hpp).
#pragma once
