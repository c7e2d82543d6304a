// Package chancewalk is a one-player walk against the clock with a weighted
// coin: a tiny Markov decision process whose optimal policy and value a short
// dynamic programme gives exactly, so that search with chance nodes can be
// checked against package search's exact solver. Unlike the dice of Pig, the
// chance node here is not uniform.
//
// Rules. A walker starts at position 0 and wants to reach position n within
// a number of turns. Each turn the player chooses:
//
//   - "safe": step forward 1;
//   - "risky": a chance node follows: with probability p the walker jumps
//     forward by jump ("jump"), and with probability 1-p slips back by back,
//     never below 0 ("slip").
//
// Positions past n count as n. The game ends when the walker reaches n (the
// return is 1) or when the turns run out first (the return is 0). Returns is
// 0 until the end. The value of a position is thus the probability of
// reaching the goal in time under the best policy; it is acyclic, since
// every decision uses a turn.
//
// Options (registered as "chancewalk"):
//
//	n      the goal position, 1 to 100 (default 8)
//	turns  turns available, 1 to 100 (default 5)
//	p      probability that a risky step jumps, strictly between 0 and 1
//	       (default 0.6)
//	jump   steps forward of a jump, 2 to 100 (default 3)
//	back   steps back of a slip, 1 to 100 (default 100: back to the start)
//
// Under the defaults the optimal first choice is "risky", with value
// 0.5904 against 0.4464 for "safe".
//
// Actions. 0 is "safe", 1 is "risky", 2 is "jump" and 3 is "slip", the two
// outcomes of the chance node after a risky choice. ParseAction also reads an
// action number, bare ("1") or as "#1".
//
// The game has no hidden information: Observation is the position over n,
// the turns used over turns, and 1 while a risky step is pending; Resample
// is a plain clone.
package chancewalk
