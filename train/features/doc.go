// Package features encodes Commandos at St. Nazaire positions, and
// position–action pairs, as short vectors of numbers for the learned
// models of package train.
//
// The encoding is built on the British observation (env.State.Observation,
// which hides the face-down German counters) and on the map's distances:
// rather than the observation's thousands of one-hot floats, it keeps a few
// dozen aggregates a player would count (commandos on the map, pinned,
// demolition teams with work left, distance to the nearest objective and
// exit, German strength nearby), so that decision trees fit in seconds.
// Every feature is a small integer or a count, in the natural unit of the
// game (spaces, turns, VP), and lies in the range given in README.md, which
// holds the one table of every feature: name, range, meaning.
//
// An Encoder is made once per game (NewEncoder) and is not safe for
// concurrent use; it reuses its buffers. State writes the state features
// of a British decision, Action the features of one legal action there
// (a context taken from the state, then the action's own block). Version
// changes whenever a feature is added, removed or redefined, and model
// files record it, so that a model is never fed features it was not
// trained on.
package features
