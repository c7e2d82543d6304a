// Package ahraid holds the rule-of-thumb baselines for Raid on St. Nazaire
// (env/ahraid): one planner with three plans a player might follow,
// registered as rush, suppress and dock. They look no further than the
// shortest way on the river and the map, so they run thousands of games a
// second and serve as rollout policies.
package ahraid
