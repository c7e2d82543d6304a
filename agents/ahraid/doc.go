// Package ahraid holds the agents of Raid on St. Nazaire (env/ahraid).
//
// The rule-of-thumb baselines are one planner with four plans a player
// might follow, registered as rush, suppress, dock and withdraw. They look
// no further than the shortest way on the river and the map, so they run
// thousands of games a second and serve as rollout policies.
//
// Two searches build on a plan. keysearch runs IS-MCTS at the few kinds of
// primitive decision named by its option at, the plan playing the rest.
// plansearch searches at the grain of plans: once a turn, IS-MCTS over a
// view of the game whose only decisions are plan moves (keep the plan,
// leave now, stay longer) chooses how to change the plan, rolling out with
// the plan kept; with crn the moves are compared in the same dice worlds.
package ahraid
