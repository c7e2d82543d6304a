package ahraid

import "github.com/chariot-ai/chariot/env/agents"

func init() {
	agents.Recommend("ahraid", agents.Recommendation{
		Baseline: []string{"withdraw"},
		Search:   []string{"plansearch"},
		Source:   "env/ahraid/README.md: 1,000 paired games of seed 2028, 1.5 s of CPU a game; notebooks/games.ipynb for the baselines",
	})
}
