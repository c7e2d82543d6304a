package skirmish

import "github.com/chariot-ai/chariot/agents"

func init() {
	agents.Recommend("skirmish", agents.Recommendation{
		Baseline: []string{"stealthy"},
		Source:   "notebooks/games.ipynb: 200 games a garrison, stealthy ahead of covering and charge within their intervals; no search measured",
	})
}
