// Package anvil holds the baseline agents for Striking the Anvil, two for
// each side, each a plan a wargamer would recognise: for the Allies a
// coastal push on Toulon and Marseille (coastalpush) and a drive up the
// Rhône (rhonedrive); for the Germans a fighting withdrawal to the north
// edge (withdrawal) and a defence of the ports (holdports).
// Each plays one side and refuses, with a clear error, to move for the
// other; doctrine plays both (ports push and withdrawal), for
// rollouts and self-play. They look one step ahead at most, so they are fast enough for
// rollouts.
package anvil
