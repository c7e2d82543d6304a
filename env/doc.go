// Package env is the game-agnostic contract of chariot: a Game makes States,
// and a State is one position of a turn-based game with explicit chance.
// This comment is the contract's table of contents; each interface's own
// comment gives its meaning and edge cases, and package env/envtest checks
// every game against all of it.
//
// The design follows OpenSpiel: every die roll is a chance node whose
// outcomes and probabilities a caller can list, so a search can expand them
// and a person at a table can enter the roll they made. Hidden information
// is kept in the State and hidden again by Observation; Resample redraws it
// for determinized search. The Gym-style wrapper in package env/gym
// resolves chance and rule-driven sides from an episode's own seeded stream.
// Nothing in this package knows about any particular game; games register
// themselves with Register from their own packages.
//
// # Required
//
// Game (env.go): Name, Options, NumPlayers, NumDistinctActions,
// ObservationSize, NewInitialState, UnmarshalState.
//
// State (env.go): Game, CurrentPlayer, LegalActions, ChanceOutcomes, Apply,
// ActionString, ParseAction, Clone, IsTerminal, Returns, Score, String,
// MarshalJSON, Observation, Observe; and either Resampler (a game with
// hidden information) or an embedded PerfectInformation (a game without,
// whose resample is a clone). Call Resample(s, p, rng), not the method.
//
// Facts (facts.go): every game declares, through FactsDeclarer, what
// OpenSpiel's GameType and GameInfo state: the utility (zero-sum,
// constant-sum, general-sum or identical), the range of the returns, the
// longest game (or a documented bound; 0 for a game without end) and the
// most outcomes of a chance node. GameFacts reads them; a search bounds its
// simulations by the longest game, fails on a return outside the range,
// and normalises by the range until it has seen a spread of returns.
//
// # Optional
//
// A generic package (search, train, advise, eval) checks for each with a
// type assertion and falls back to a default that works for every game;
// Plugins(g) lists which a game offers, as `chariot games --json` prints.
// On the Game:
//
//   - Seater: seat names ("British", "German"); default "seat 0". SeatName.
//   - Shaper: the observation as channels × height × width; default flat.
//     ObservationShape.
//   - DecisionKinds: the kinds of decision a player would name ("move",
//     "fire"), which the search option at selects; with DecisionKinder.
//   - Caveats: what may differ from a person's printed copy.
//   - Featurer: learning features of the game's own (FeatureEncoder,
//     FeatureDoc); default the observation and the action index.
//   - BoardDrawer: the map, drawn from data (Board, Cell, Link, Shape).
//
// On the State:
//
//   - Prompter: the pending decision or die in a line.
//   - Phaser: "turn N, phase" for logs and the advisor's forecast.
//   - OutcomeLabeler: how each chance outcome is entered at the table
//     (outcome.go); default its place in the list, named by ActionString.
//   - DecisionKinder: the kind of the pending decision, one of
//     DecisionKinds.
//   - LeafValuer: an estimate of the final returns, for a search cut off
//     at a depth.
//   - Narrator: what an action did, in the printed game's words, one
//     change to the table a line.
//   - RuleBot: the rules' own choice for a seat they script (the agent
//     "rules").
//   - BoardActioner: the board cell a legal action points at, so a click
//     plays it.
//   - PieceLister: the pieces on the board as a person sees them (Piece).
//   - Editor (edit.go): corrections by hand, "set Birney pinned".
//   - Copier, ReturnsWriter (copy.go): an in-place copy and returns into a
//     buffer, so a search allocates nothing per simulation. CopyState,
//     WriteReturns.
//   - UniformChancer (uniform.go): a chance node that is a fair die, which
//     a search samples without listing it (SampleUniform).
//   - RandomPlayer: a uniform random game to the end, played by the state
//     itself, for a plain search's random rollouts.
//
// # Conventions
//
//   - Names as printed. ActionString, Prompt, Narrate, errors and piece
//     names use the printed game's names for spaces, units and results
//     ("to Old Mole landing stage", "fire KM 3"), never internal ids, and
//     ParseAction reads back what ActionString writes, and an action number.
//   - Outcome text. Every chance outcome can be entered at the table by its
//     number ("7"), as "roll N", and by its printed name where it has one
//     ("4 Cdo 3", not "unit 4 Cdo 3"); ParseOutcome reads these and
//     OutcomeForms says which a node takes (outcome.go). A die outcome's
//     ActionString is "roll N" or "N" with that same N.
//   - Errors. Apply of an illegal action wraps ErrIllegal and leaves the
//     state as it was; every error is one line; bad input never panics.
//   - Options. Options() is canonical key=value text that rebuilds the
//     game through the registry; OptionDoc lists each with its default.
//   - Determinism. NewInitialState(seed) and the actions fix the game; dice
//     are chance nodes, never drawn inside Apply.
//
// # Adding a game
//
// Copy env/pig, the template: doc.go states the rules, options, actions
// and wire form; game.go the options (one OptionDoc each, parsed in New)
// and the registration in init; state.go the State, embedding
// PerfectInformation where nothing is hidden, with how its die is entered
// (OutcomeLabel), an in-place copy and returns into a buffer; board.go
// its board and pieces; facts.go its Facts; encode.go the wire form, read
// strictly. Import the package for its registration in env/allgames, and
// recommend
// agents for it (agents.Recommend) from where its agents live. Its tests call envtest.Check with an Invariant of
// the rules, and envtest.CheckUnmarshalNoPanic from a fuzz target; name the
// tests after the rule sections they check. Then offer the plug-ins that
// make sense for the game; envtest checks each one a game offers.
package env
