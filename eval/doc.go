// Package eval is the benchmark harness behind `chariot bench`: it plays
// many games of one game with each of several agents and summarises the
// scores with confidence intervals.
//
// Runs use common random numbers. Game i of a run has the seed
// GameSeed(seed, i) for every agent, and agents.RunEpisode draws both the
// initial state and the dice from that seed, so every agent faces the same
// set-ups and the same dice stream and differences between agents are
// paired. Agents draw from streams of their own, which depend on the agent
// spec rather than its place in the list: the agent at seat p in game i has
// the seed agents.SeatSeed(AgentSeed(seed, i, spec), p), so adding an agent
// to a run leaves the others' results unchanged. Every seat of a game is
// played by the same agent spec, as in `chariot play`.
//
// Run plays the (agent, game) jobs in a pool of workers and returns the
// results in (agent, game) order; they are the same for any number of
// workers, timings aside. With Config.Out each game is appended to a
// results file (JSON lines or CSV) as it finishes, so a run that is killed
// loses nothing, and Config.Resume continues such a file.
//
// Summarise turns results into per-agent statistics and paired differences
// against a reference agent; WriteTables prints them. The statistics
// (MeanCI, TQuantile, Median) are in stats.go.
package eval
