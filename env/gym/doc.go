// Package gym wraps a game as a Gymnasium-style environment for one seat:
// Reset starts an episode, Step plays the seat's action and returns the next
// observation and reward.
//
// Between the seat's decisions the environment plays everything else itself:
// chance nodes are drawn from the episode's own stream, seeded by Reset's
// seed alone, and other seats ask the Policy given to New (an agent's Act
// method will do). The same seed, the same actions and a policy in the same
// state therefore give the same episode, whatever else runs in the process. The reward of a step is the change in the seat's
// Returns since the previous step, so an episode's rewards sum to the
// seat's final return.
package gym
