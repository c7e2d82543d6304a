package env

import (
	"fmt"
	"strings"
)

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

// EditCommand returns what follows EditPrefix in cmd, or a one-line error
// when cmd does not begin with it.
func EditCommand(cmd string) (string, error) {
	t := strings.TrimSpace(cmd)
	if !strings.HasPrefix(strings.ToLower(t), EditPrefix) {
		return "", fmt.Errorf("%q: an edit begins with %q", cmd, strings.TrimSpace(EditPrefix))
	}
	return strings.TrimSpace(t[len(EditPrefix):]), nil
}

// FirstEdits returns the first n of the candidate commands that try (an
// Edit on a copy of the state) carries out: an Editor's EditExamples.
func FirstEdits(cands []string, n int, try func(cmd string) error) []string {
	var out []string
	for _, cmd := range cands {
		if len(out) == n {
			break
		}
		if try(cmd) == nil {
			out = append(out, cmd)
		}
	}
	return out
}
