package anvil

import "github.com/chariot-ai/chariot/env/agents"

func init() {
	agents.Recommend("anvil", agents.Recommendation{
		Baseline: []string{"coastalpush", "withdrawal"},
		Search:   []string{"searchbest"},
		Source:   "docs/search.md, Searching only where the plan is weak: 40 paired games of seed 9001 as the Allies, 6.6 s of CPU a game; notebooks/games.ipynb for the baselines",
	})
}
