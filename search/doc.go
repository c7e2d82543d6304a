// Package search holds game-tree search over env.Game: an exact solver for
// small games, and the Monte Carlo tree searchers that are checked against
// it.
//
// # Exact solver
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
//
// # MCTS
//
// A Searcher runs UCT Monte Carlo tree search with explicit chance, in four
// modes (Mode): closed loop, with chance outcomes as tree nodes (sampled by
// probability, or visited in proportion with ExpandChance); open loop, with
// the tree keyed by decisions and chance re-sampled every simulation;
// IS-MCTS, open loop from a fresh Resample of the hidden information each
// simulation; and determinized, one closed-loop tree per resampled world.
// Budgets are simulations or wall-clock time; rollouts are uniform random or
// any registered agent, cut off at a depth and scored by an Evaluator if
// asked; the rollout agent's own choice can serve as a PUCT-style prior.
// Every legal action of a node is a child; none is left out.
//
// The tree is built to cost little beside the rollouts: nodes live in an
// arena sized ahead, 32 bytes each, with the means and 1/sqrt(visits) that
// selection reads kept by backup in a compact array beside them; an
// unvisited child is a uniform pick made once (children are shuffled when
// created, or drawn when first taken), with no scan; the exploration term
// comes from tables. Where a game offers env.Copier and env.ReturnsWriter, a
// simulation copies the root into its worker's own state and writes the
// returns into a buffer, and allocates nothing.
//
// Parallel search is deterministic for a fixed seed, budget and worker
// count: a shared tree takes a round of leaves under virtual loss, rolls
// them out on the workers at once and backs them up in order; root
// parallelism grows a tree per worker and sums the root statistics. Every
// random draw of a simulation comes from a stream seeded by the search's
// seed and the simulation's number, never from the game's dice.
//
// # Opponent models
//
// Config.Opponent plays some seats by a fixed policy, an agent spec or a
// mixture of specs with weights (options opponent and opponent_seats): the
// search treats their moves as chance, sampled from the model and in closed
// loop kept as outcome nodes, and so finds a best response to the model
// (opponent.go). SolveOptions.Policies does the same exactly, and
// AgentPolicy makes a policy of any agent.
//
// The modes are registered as agents: mcts, openloop, ismcts and
// determinized, with the options in OptionDocs
// ("ismcts:sims=200,rollout=greedy,prior=3").
package search
