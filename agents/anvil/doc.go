// Package anvil holds the baseline agents for Striking the Anvil, two for
// each side, each a plan a wargamer would recognise: for the Allies a
// coastal push on Toulon and Marseille (coastalpush) and a drive up the
// Rhône (rhonedrive); for the Germans a fighting withdrawal to the north
// edge (withdrawal) and a defence of the ports (holdports).
// Each plays one side and refuses, with a clear error, to move for the
// other; doctrine plays both (ports push and withdrawal), for
// rollouts and self-play. They look one step ahead at most, so they are fast enough for
// rollouts.
//
// searchbest plays either side with search where it pays: an open-loop
// MCTS rolled out with the doctrine, with the doctrine's choice as a prior,
// decides the area each impulse activates and each step of a move; the
// doctrine plays the rest (unit selection, hits, markers), which it already
// plays well and which would otherwise take most of the budget.
package anvil
