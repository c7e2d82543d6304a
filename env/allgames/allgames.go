// Package allgames imports every game of chariot for its registration in
// env, so that a program or a test that wants them all (the command line,
// the memory test) names one package, and a new game is added here once.
package allgames

import (
	_ "github.com/chariot-ai/chariot/env/ahraid"
	_ "github.com/chariot-ai/chariot/env/anvil"
	_ "github.com/chariot-ai/chariot/env/chancewalk"
	_ "github.com/chariot-ai/chariot/env/connectfour"
	_ "github.com/chariot-ai/chariot/env/jubilee"
	_ "github.com/chariot-ai/chariot/env/pig"
	_ "github.com/chariot-ai/chariot/env/skirmish"
	_ "github.com/chariot-ai/chariot/env/stnazaire"
	_ "github.com/chariot-ai/chariot/env/tictactoe"
)
