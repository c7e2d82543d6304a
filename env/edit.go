package env

// Editor is implemented by states a person may correct by hand, where the
// printed tables on their table give another result than the game's data
// ("set Birney pinned", "set Birney at Old Mole"). Edit changes the state
// in place, keeping every invariant of the game; on a command it cannot
// read or carry out it returns a one-line error and leaves the state as it
// was. An edit is part of the game's history: a front end records the
// command among the moves (a move string beginning with "set ") so that a
// replay, an undo or a save file repeats it. So an edit must depend on
// nothing but the state and the command, and change nothing but the state
// (never the game's shared data).
type Editor interface {
	Edit(cmd string) error
	// EditHelp lists the commands, one a line.
	EditHelp() string
	// EditExamples gives a few commands, in EditHelp's forms, that Edit
	// carries out in this state, each changing it ("set Birney pinned"
	// where Birney is on the map and not pinned); none where no edit
	// applies now. Help texts show them and the conformance suite applies
	// them.
	EditExamples() []string
}

// EditPrefix begins every edit command, so that a move list can tell an
// edit from an action.
const EditPrefix = "set "
