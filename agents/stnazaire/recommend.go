package stnazaire

import "github.com/chariot-ai/chariot/env/agents"

// RecommendedSearch is the strongest search measured within 10 s of CPU a
// game: the focused search with the shipped policy stnazaire2 as its PUCT
// prior. Its figures (notebooks/data/learning/warm-search-52525.jsonl and
// warm-cpu.tsv) are checked against this choice by cmd/chariot's
// TestStNazaireRecommendationIsItsFiguresBest.
const RecommendedSearch = "ismcts:at=move+fire+occupy+displace,c=0.7,early=true,policy=learned:stnazaire2,prior=2,rollout=greedy,sims=800"

func init() {
	agents.Recommend("stnazaire", agents.Recommendation{
		Baseline: []string{"aggressive"},
		Search:   []string{RecommendedSearch},
		Source:   "docs/learning.md, Warm-started iteration: +5.73 ± 2.74 VP paired over the focused search at 800 simulations, 200 games of seed 52525, 7.9 s of CPU a game",
	})
}
