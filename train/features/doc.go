// Package features gives the learned models of package train their inputs:
// a state's features, and a state–action pair's, as short vectors of
// numbers seen by one seat.
//
// A game that knows better offers its own encoding through env.Featurer
// (a wargame's few dozen aggregates a player would count, for instance);
// every other game, and every seat a game leaves out, gets the generic
// encoding here, built from the seat's observation (env.State.Observation,
// which hides what the seat cannot see) and the action's index. Either
// way the encoder's Version and feature names are recorded in datasets and
// model files, so a model is never fed features it was not trained on.
package features
