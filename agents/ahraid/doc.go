// Package ahraid holds the agents of Raid on St. Nazaire (env/ahraid).
//
// The rule-of-thumb baselines are one planner with four plans a player
// might follow, registered as rush, suppress, dock and withdraw. They look
// no further than the shortest way on the river and the map, so they run
// thousands of games a second and serve as rollout policies.
//
// plansearch builds on a plan. (A search of a few kinds of primitive
// decision, the plan playing the rest, is the search option at:
// ismcts:at=exit,rollout=withdraw.) plansearch searches at the grain of plans: once a turn, IS-MCTS over a
// view of the game whose only decisions are plan moves (keep the plan,
// leave now, stay longer) chooses how to change the plan, rolling out with
// the plan kept; with crn the moves are compared in the same dice worlds.
package ahraid
