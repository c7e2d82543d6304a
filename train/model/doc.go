// Package model fits, saves and loads the learned models of package
// train: bagged golearn CART regression trees over the features of
// train/features.
//
// A value model regresses the deciding seat's final return (final_vp) on
// the state features of the recorded decisions; a policy model regresses, for each legal action of a
// decision, the share of the searcher's visits it got (or 1 for the
// action played and 0 for the others, when the data comes from an agent
// that does not search) on the state–action features, and the policy
// plays the action of highest score. TrainValue and TrainPolicy split the
// data by game into a training and a held-out part and report held-out
// metrics; a model file (see file.go) records the game, the feature
// version and the training data, and Load refuses a damaged one, Check a
// mismatched one.
package model
