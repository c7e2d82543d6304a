package stnazaire

import "github.com/chariot-ai/chariot/env/agents"

// RecommendedSearch is the strongest search measured within 10 s of CPU a
// game: the focused search with the shipped policy stnazaire4 as its PUCT
// prior. Its figures (notebooks/data/learning/warm8-search-83838.jsonl and
// warm8-cpu.tsv) are checked against this choice by cmd/chariot's
// TestStNazaireRecommendationIsItsFiguresBest.
const RecommendedSearch = "ismcts:at=move+fire+occupy+displace,c=0.7,early=true,policy=learned:stnazaire4,prior=2,rollout=greedy,sims=800"

func init() {
	agents.Recommend("stnazaire", agents.Recommendation{
		Baseline: []string{"aggressive"},
		Search:   []string{RecommendedSearch},
		Source:   "docs/learning.md, The recommended search, re-chosen: +5.44 ± 2.70 VP paired over the focused search at 800 simulations, 200 games of seed 83838, 9.2 s of CPU a game",
	})
}
