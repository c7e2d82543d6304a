// Package search holds game-tree search over env.Game: an exact solver for
// small games, and the searchers that are checked against it.
//
// Solve values every position reachable from a root by expectimax: each
// seat maximises its own expected return, and a chance node averages its
// outcomes by their probabilities. It enumerates the reachable graph first,
// so it refuses games that are too big, then solves it in one backward pass
// when the graph is acyclic, or by value iteration to a fixed point when
// play can return to an earlier position (as in Pig, where a 1 undoes a
// turn). The solution answers, for any reachable position, its exact value
// per seat and every optimal action: the known answer a sampling searcher
// such as MCTS must converge to.
//
// The solver sees the whole state, hidden information included: on a game
// with hidden information it solves the perfect-information game in which
// every seat sees everything, which is not the value of the real game.
package search
