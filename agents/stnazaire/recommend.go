package stnazaire

import "github.com/chariot-ai/chariot/env/agents"

func init() {
	agents.Recommend("stnazaire", agents.Recommendation{
		Baseline: []string{"aggressive"},
		Search:   []string{"ismcts:at=move+fire+occupy+displace,c=0.7,early=true,prior=3,rollout=greedy,sims=800"},
		Source:   "notebooks/search-scaling.ipynb, the committed 200-seed run (notebooks/data/stnazaire-bounds, seed 2026): 9.4 s of CPU a game",
	})
}
