// Package eval is the benchmark harness behind `chariot bench`: it plays
// many games of one game with agents in its seats and summarises the
// scores with confidence intervals.
//
// A run plays lineups, an agent for every seat (lineup.go). In a solitaire
// game, or with a single agent, each agent holds every seat in turn (Solo).
// In a game of two seats or more, a list of agents meets in a round robin,
// every pair both ways round so that neither gains from moving first
// (RoundRobin), except that an agent of one side (agents.Registration.Seats)
// is seated only where it plays, so two of the same side never meet;
// Config.Seats gives one lineup (Lineup); Config.Opponents
// puts each agent in seat 0 against each opponent in the other seats
// (Opponents), the robustness table of an opponent-policy study.
//
// Runs use common random numbers. Game i of a run has the seed
// GameSeed(seed, i) for every lineup, and agents.RunEpisode draws both the
// initial state and the dice from that seed, so every lineup faces the same
// set-ups and the same dice stream and differences between them are
// paired. Agents draw from streams of their own, which depend on the agent
// spec and the seat rather than a place in a list: the agent at seat p in
// game i has the seed agents.SeatSeed(AgentSeed(seed, i, spec), p), so
// adding an agent to a run leaves the others' games unchanged.
//
// Stream plays the (lineup, game) jobs in a pool of workers, handing out
// one job at a time and each result as it finishes, so a run of any length
// takes the same memory; Run collects the results in (lineup, game) order;
// they are the same for any number of workers, timings aside. With
// Config.Out each game is appended to a results file (JSON lines or CSV) as
// it finishes, so a run that is killed loses nothing, and Config.Resume
// continues such a file. A game still in play when the run's context is
// cancelled (Ctrl-C) is no row, whatever its agents did with the
// cancellation: the resumed run plays it in full.
//
// A run too long for one machine splits into shards (shard.go): shard I
// of N plays a contiguous slice of the game indices, as a process of its
// own, and Merge joins the shards' files into the file of the whole run.
//
// A Tally summarises results one at a time (Summarise all at once): per
// lineup statistics, paired differences against a reference, and for seat
// games the wins, draws and losses of each pair of agents with Wilson
// intervals and Bradley–Terry ratings (match.go). WriteTables prints them.
// The statistics (MeanCI, TQuantile, Median) are in stats.go.
package eval
