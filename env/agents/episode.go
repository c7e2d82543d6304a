package agents

// EpisodeSeeded is implemented by agents that must know the episode they
// play: oracles that measure a bound, such as a hindsight agent that knows
// the dice RunEpisode will roll (rng.Dice(seed), in internal/rng). RunEpisode
// calls StartEpisode with the episode's seed before the first step. No
// agent that a person could play against needs it: knowing the seed is
// knowing the future.
type EpisodeSeeded interface {
	StartEpisode(seed uint64)
}
