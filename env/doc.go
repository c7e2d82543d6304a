// Package env is the game-agnostic contract of chariot: a Game makes States,
// and a State is one position of a turn-based game with explicit chance.
//
// The design follows OpenSpiel: every die roll is a chance node whose
// outcomes and probabilities a caller can list, so a search can expand them
// and a person at a table can enter the roll they made. Hidden information is
// kept in the State and hidden again by Observation; Resample redraws it for
// determinized search. The Gym-style wrapper in package env/gym resolves
// chance and rule-driven sides from an episode's own seeded stream.
//
// Nothing in this package knows about any particular game; games register
// themselves with Register from their own packages.
package env
