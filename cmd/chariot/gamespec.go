package main

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// dataFlagHelp documents --data, the game option data= of the commands
// that take a game.
const dataFlagHelp = "data set for the game (map, counters, tables): the name of one the game embeds (see its option data) or the path of a data file"

// newGame builds a game from --game and, if given, --data: a data set the
// game embeds or the path of a data file (map, counters, tables), passed
// as the game's "data" option.
func newGame(spec, dataPath string) (env.Game, error) {
	if dataPath != "" {
		if strings.ContainsAny(dataPath, ",=") {
			return nil, fmt.Errorf("--data %q: the path may not contain ',' or '='", dataPath)
		}
		sep := ":"
		if strings.Contains(spec, ":") {
			sep = ","
		}
		spec += sep + "data=" + dataPath
	}
	return env.NewGame(spec)
}
