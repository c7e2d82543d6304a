package jubilee

import "github.com/chariot-ai/chariot/env/agents"

func init() {
	agents.Recommend("jubilee", agents.Recommendation{
		Baseline: []string{"raid"},
		Search:   []string{"raidsearch"},
		Source:   "docs/search.md, Searching only where the plan is weak: 100 paired games of seed 9001, 4.8 s of CPU a game",
	})
}
