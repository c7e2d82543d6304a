package main

// The games the command knows, imported for their registration. Add a game
// here to make it available to every subcommand.
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

	// Agents beyond the generic ones in package agents.
	_ "github.com/chariot-ai/chariot/agents/ahraid"
	_ "github.com/chariot-ai/chariot/agents/anvil"
	_ "github.com/chariot-ai/chariot/agents/jubilee"
	_ "github.com/chariot-ai/chariot/agents/skirmish"
	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	_ "github.com/chariot-ai/chariot/search"
)

// defaultGame is the game a subcommand plays when --game is not given: the
// flagship.
const defaultGame = "stnazaire"
