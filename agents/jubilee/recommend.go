package jubilee

import "github.com/chariot-ai/chariot/agents"

func init() {
	agents.Recommend("jubilee", agents.Recommendation{
		Baseline: []string{"raid"},
		Search:   []string{"raidsearch"},
		Source:   "README.md, Searching only where the plan is weak: 40 paired games of seed 9001, 4.9 s of CPU a game (150 of seed 2026 by its earlier implementation)",
	})
}
