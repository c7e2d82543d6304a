// Package stnazaire holds the baselines of Commandos at St. Nazaire
// (env/stnazaire), registered under the game: rule-of-thumb British
// planners (greedy, cautious, aggressive) with a few dials, the raid's own
// orders (historical.go), the hindsight bound that knows the episode's dice
// (bounds.go; the full-information bound is the generic openloop), German plans
// for the German seat of stnazaire:opponent=seat (concentrate, hold;
// german.go), and the "stnazaire" evaluator for cut-off searches. They look no further ahead
// than shortest paths on the map, so they are fast enough to run thousands
// of games a second and to serve as rollout policies.
//
// The package shares its name with the game's; files that need both import
// the game as stn.
package stnazaire
