// Package agents holds the players of chariot behind one interface, built
// from spec strings in the manner of hiveGo: "random", or
// "mcts:sims=800,c=1.4". The CLI, benchmarks and tests name agents the same
// way through New.
//
// An agent registers itself from an init function with Register; its
// options are documented in its Registration and read with the helpers of
// params.go (Int, Float, Bool, Duration), which take the default from the
// OptionDoc so that `chariot agents` and the code agree.
//
// The registry lives under env, below search, eval and train, which
// register and build agents through it; the games' baselines, which use
// search, live above them in agents/<game>.
//
// Agents draw from their own random streams, seeded by New's seed, and
// never from the game's dice: RunEpisode resolves chance from a stream of
// its own, so changing an agent never changes the rolls it faces.
package agents
